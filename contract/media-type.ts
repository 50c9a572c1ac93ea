/**
 * Media types, written once: the bare type of a Content-Type header, and whether an operation that
 * accepts a list of types (where `application/*+json` stands for any JSON suffix type, as the
 * description states for the address upsert) accepts it. The simulator, the checkers, the recorder
 * and the stated rules all ask these, so they never disagree about what a body was sent as.
 */

/** Any `application/<name>+json`, the name made of RFC 6838's restricted-name characters but `+` (lower-cased). */
const JSON_SUFFIX_TYPE = /^application\/[a-z0-9.!#$&^_-]+\+json$/;

/** The bare media type of a Content-Type header, lower-cased, without its parameters; undefined when there is none. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** The bare media type of a request body's Content-Type, or undefined when it is absent or names a charset other than UTF-8. */
export function utf8MediaTypeOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const charset = contentType
    .split(';')
    .slice(1)
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  return mediaTypeOf(contentType);
}

/** True when `mediaType` (bare, lower-cased) is one of `accepted`, where `application/*+json` stands for any JSON suffix type. */
export function acceptsMediaType(accepted: readonly string[], mediaType: string | undefined): boolean {
  if (!mediaType) return false;
  return accepted.some((a) => a === mediaType || (a === 'application/*+json' && JSON_SUFFIX_TYPE.test(mediaType)));
}
