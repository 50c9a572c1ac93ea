/**
 * JSON Pointers (RFC 6901), written once: the harness builds them for reports (an assumption's
 * place in the document, a change's, a pact's field) and reads them from Ajv's instance paths and
 * `$ref`s. `~` is written `~0` and `/` is written `~1`, and read back in the other order.
 */

/** One reference token escaped for a pointer. */
export const escapePointerSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** One reference token of a pointer read back as the key it names. */
export const unescapePointerSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A pointer from its keys: `pointerOf(['paths', '/v1/x'])` is `/paths/~1v1~1x`. */
export const pointerOf = (keys: readonly (string | number)[]): string =>
  keys.map((k) => `/${escapePointerSegment(String(k))}`).join('');

/** The keys of a pointer (`''` is the whole document; `#/a/b` and `/a/b` both name a, b). */
export const keysOfPointer = (pointer: string): string[] =>
  pointer.replace(/^#/, '').split('/').slice(1).map(unescapePointerSegment);
