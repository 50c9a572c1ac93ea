/**
 * The one operation matcher: which spec operation a concrete method and path call, with the path
 * parameters decoded. Every checker (scenarios, Pact, fuzz, conform) asks it, so they never
 * disagree about what a request was.
 *
 * - Paths are compared segment by segment on the raw text, so `%2F` inside a parameter stays in
 *   that parameter; each parameter is then percent-decoded (kept raw when the encoding is broken).
 * - A literal segment beats a parameter: `/v1/dealers/users/{userId}/devices` wins over any
 *   template with `{dealerId}` in that place.
 * - A trailing slash calls no operation: the platform's paths have none (the simulator answers 404).
 * - The query string is ignored; the method is compared case-insensitively.
 */
import type { Operation } from './types.ts';

export interface OperationMatch {
  operation: Operation;
  /** The path parameters, percent-decoded, by name. */
  params: Record<string, string>;
}

export type OperationMatcher = (method: string, path: string) => OperationMatch | undefined;

type Segment = { literal: string } | { param: string };

export function createOperationMatcher(operations: readonly Operation[]): OperationMatcher {
  const templates = operations.map((operation) => ({
    operation,
    segments: operation.path.split('/').map((part): Segment => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      return name === undefined ? { literal: part } : { param: name };
    }),
  }));
  return (method, path) => {
    const raw = (path.split('?')[0] ?? path).split('/');
    const verb = method.toUpperCase();
    let best: { match: OperationMatch; rank: string } | undefined;
    for (const { operation, segments } of templates) {
      if (operation.method !== verb || segments.length !== raw.length) continue;
      const params: Record<string, string> = {};
      // One character per segment: L for a literal, P for a parameter; the smallest rank is the most literal.
      let rank = '';
      let matches = true;
      for (const [i, segment] of segments.entries()) {
        const value = raw[i] ?? '';
        if ('literal' in segment) {
          if (segment.literal !== value) {
            matches = false;
            break;
          }
          rank += 'L';
        } else {
          if (value === '') {
            matches = false;
            break;
          }
          params[segment.param] = decodeSegment(value);
          rank += 'P';
        }
      }
      if (matches && (!best || rank < best.rank)) best = { match: { operation, params }, rank };
    }
    return best?.match;
  };
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
