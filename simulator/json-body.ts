/**
 * Reads a request body as strict JSON: valid UTF-8, no prototype-poisoning keys, bounded depth.
 * Anything else becomes a 400 from the error catalogue, never an exception that escapes.
 */
import secureJson from 'secure-json-parse';
import { SimulatorError } from './error-catalogue.ts';

const MAX_DEPTH = 64;
const decoder = new TextDecoder('utf-8', { fatal: true });

export function parseJsonBody(raw: Buffer): unknown {
  return parseJsonText(decodeBody(raw));
}

/** The body as text: strict UTF-8, without a byte order mark. */
export function decodeBody(raw: Buffer): string {
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    throw new SimulatorError('InvalidEncoding');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new SimulatorError('BodyRequired');
  // Depth is checked on the text first: a deeply nested document would overflow the parsers' stacks.
  if (depthOf(text) > MAX_DEPTH) throw new SimulatorError('BodyTooDeep');
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /prototype/i.test(error.message)) throw new SimulatorError('ForbiddenKey');
    // The parser's own message may quote the body, which could hold a secret: only the position is kept.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw new SimulatorError('MalformedJson', {
      message: position
        ? `The request body is not valid JSON (at position ${position}).`
        : 'The request body is not valid JSON.',
    });
  }
}

/** The deepest nesting of brackets outside strings. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
