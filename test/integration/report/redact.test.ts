import { describe, expect, it } from 'vitest';
import { excerpt, redactJsonText, redactSecrets, redactValue, REDACTED } from '../../../report/index.ts';
import { checkExpectations } from '../../../scenarios/check-expectations.ts';
import { loadContract } from '../../../contract/index.ts';
import type { HttpResponse } from '../../../client/index.ts';

const contract = await loadContract();

/** A profile credential with the characters that URL, JSON and base64 encoders each rewrite. */
const SECRET = 'pr0v-Cred/ent+al=?&ünï';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The secret as servers echo it: each is what one encoder makes of it (or of a text holding it). */
const ECHOES: Record<string, string> = {
  'as it is': SECRET,
  'URL-encoded': encodeURIComponent(SECRET),
  'URL-encoded, lower-case hex': encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
  'form-encoded': new URLSearchParams({ q: SECRET }).toString(),
  'JSON-escaped': JSON.stringify(SECRET),
  'JSON-escaped with \\/': JSON.stringify(SECRET).replace(/\//g, '\\/'),
  'JSON-escaped as ASCII': JSON.stringify(SECRET).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ),
  base64: base64(SECRET),
  'url-safe base64': base64url(SECRET),
  'base64 of user:secret (Basic)': base64(`user:${SECRET}`),
  'base64, second alignment': base64(`ab:${SECRET}:tail`),
  'base64, third alignment': base64(`abc:${SECRET}`),
  'url-safe base64 inside a longer text': base64url(`x-${SECRET}-y`),
};

/** The longest run of the secret's characters (in the echoed form) a redacted text may keep. */
function leak(redacted: string, echoed: string): string | undefined {
  // Any 6 consecutive characters of the encoded secret's core would be a leak; the encoders add a few at its edges.
  const core = echoed.length > 12 ? echoed.slice(4, -4) : echoed;
  for (let i = 0; i + 6 <= core.length; i++) if (redacted.includes(core.slice(i, i + 6))) return core.slice(i, i + 6);
  return undefined;
}

describe('the redaction of known secrets', () => {
  for (const [name, echoed] of Object.entries(ECHOES)) {
    it(`removes a secret echoed ${name}`, () => {
      const text = `the server said: ${echoed} (end)`;
      const redacted = redactSecrets(text, [SECRET]);
      expect(redacted).toContain(REDACTED);
      expect(leak(redacted, echoed)).toBeUndefined();
      expect(redacted).toMatch(/^the server said: .*\(end\)$/);
    });
  }

  it('removes every form from JSON text and from the strings of a value, the JSON staying valid', () => {
    const body = Object.fromEntries(Object.entries(ECHOES).map(([name, echoed]) => [name, `x ${echoed} y`]));
    const json = JSON.stringify(body).replace(/\//g, '\\/');
    const fromText = JSON.parse(redactJsonText(json, [SECRET])) as Record<string, string>;
    const fromValue = redactValue(body, [SECRET]);
    for (const [name, echoed] of Object.entries(ECHOES)) {
      expect(leak(fromText[name] ?? '', echoed), name).toBeUndefined();
      expect(leak(fromValue[name] ?? '', echoed), name).toBeUndefined();
    }
  });

  it('leaves a text without secrets as it is', () => {
    const text = 'Product P13 (13 kg) answered 200: {"data":{"id":"6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"}}';
    expect(redactSecrets(text, [SECRET, 'another-api-key-0123'])).toBe(text);
  });
});

describe('an excerpt of a text from a target', () => {
  it('redacts before it cuts, so a secret across the cut leaves nothing of itself', () => {
    const token = 'tok_9f8e7d6c5b4a39281706ab';
    const text = `${'a'.repeat(290)}${token}${'b'.repeat(500)}`;
    const shown = excerpt(text, 300, [token]);
    expect(shown.length).toBeLessThanOrEqual(300);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toContain(token.slice(0, 6));
  });

  it('cuts a long answer without reading past its head', () => {
    const token = 'tok_9f8e7d6c5b4a39281706ab';
    const huge = `${'x'.repeat(100)}${base64(token)}${'y'.repeat(20_000_000)}`;
    const shown = excerpt(huge, 160, [token], '...');
    expect(shown).toBe(`${'x'.repeat(100)}${REDACTED}${'y'.repeat(47)}...`);
  });

  it('redacts a scenario step whose answer echoes a secret across the 300-character cut', () => {
    const apiKey = 'gas_live_k3y_0123456789AB';
    const text = `${'z'.repeat(290)}${apiKey}${'z'.repeat(100)}`;
    const response: HttpResponse = { status: 500, headers: {}, body: text, text, durationMs: 1 };
    const [status] = checkExpectations({ status: 200 }, response, {
      contract,
      operation: contract.operationsById.get('getProduct'),
      label: 'getProduct',
      requestIssues: [],
      secrets: [apiKey],
    });
    expect(status?.passed).toBe(false);
    expect(status?.actual).toMatch(/^got 500: z{290}<red/);
    expect(status?.actual).not.toContain(apiKey.slice(0, 5));
  });
});
