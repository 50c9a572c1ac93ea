/**
 * What the Pact verifier reports did not match, kept structured (its JSON's `type`, `expected`,
 * `actual`, `path`, `key`) so an interaction is judged from what broke rather than from the text.
 */
export type PactMismatch =
  | { kind: 'status'; expected: number; actual: number; text: string }
  | { kind: 'header'; name: string; text: string }
  | { kind: 'body'; path: string; text: string }
  | { kind: 'other'; text: string };

/** One mismatch of the verifier's JSON report. */
export interface RawMismatch {
  type?: string;
  mismatch?: string;
  path?: string;
  key?: string;
  expected?: unknown;
  actual?: unknown;
}

const HEADER_IN_TEXT = /header '([^']+)'/i;

export function toPactMismatch(raw: RawMismatch, redact: (text: string) => string): PactMismatch {
  const text = redact(raw.path ? `${raw.path} -> ${raw.mismatch ?? ''}` : (raw.mismatch ?? 'failed'));
  switch (raw.type) {
    case 'StatusMismatch':
      return { kind: 'status', expected: Number(raw.expected), actual: Number(raw.actual), text };
    case 'HeaderMismatch': {
      const name = raw.key ?? HEADER_IN_TEXT.exec(raw.mismatch ?? '')?.[1];
      return name ? { kind: 'header', name, text } : { kind: 'other', text };
    }
    case 'BodyMismatch':
    case 'BodyTypeMismatch':
      return { kind: 'body', path: raw.path ?? '$', text };
    default:
      return { kind: 'other', text };
  }
}
