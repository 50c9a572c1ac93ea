import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, type CheckName } from '../../../fuzz/index.ts';
import { runChecks, type CheckContext } from '../../../fuzz/checks.ts';
import type { FuzzCase } from '../../../fuzz/fuzz-case.ts';
import { loadContract } from '../../../contract/index.ts';
import type { HttpResponse } from '../../../client/index.ts';

const contract = await loadContract();
const all = new Set<CheckName>(CHECK_NAMES);

function response(status: number, body?: unknown, headers: Record<string, string> = {}): HttpResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    headers: { ...(text && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
    text,
    durationMs: 1,
  };
}

function check(
  operationId: string,
  res: HttpResponse,
  fuzzCase?: Partial<FuzzCase>,
  extra: Partial<CheckContext> = {},
) {
  const op = contract.operationsById.get(operationId);
  if (!op) throw new Error(operationId);
  const full = fuzzCase
    ? ({
        operationId,
        pathParams: {},
        auth: 'valid',
        description: 'case',
        expected: [],
        kind: 'positive',
        ...fuzzCase,
      } as FuzzCase)
    : undefined;
  return runChecks(
    { contract, op, response: res, secrets: [], simulator: true, ...(full ? { fuzzCase: full } : {}), ...extra },
    all,
  );
}

const PRODUCT = {
  data: { id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'P13', category: {}, brand: {}, enabled: true },
};

describe('the fuzz checks', () => {
  it('pass a documented, well-shaped answer', () => {
    expect(check('getProduct', response(200, PRODUCT), { kind: 'positive' })).toEqual([]);
    expect(check('upsertCustomer', response(204), { kind: 'positive' })).toEqual([]);
  });

  it('fail a JSON body sent under another content type (content_type_conformance)', () => {
    const failures = check('getProduct', response(200, JSON.stringify(PRODUCT), { 'content-type': 'text/html' }));
    expect(failures.map((f) => f.check)).toContain('content_type_conformance');
  });

  it('report a 401 without WWW-Authenticate as a divergence from the assumed header', () => {
    const [failure] = check('getProduct', response(401, {}), { kind: 'auth', auth: 'no_token', expected: [401] });
    expect(failure).toMatchObject({
      check: 'auth_enforced',
      basis: 'assumed',
      reason: expect.stringContaining('HTTP requires a 401'),
    });
    expect(
      check('getProduct', response(401, {}, { 'www-authenticate': 'Bearer' }), {
        kind: 'auth',
        auth: 'no_token',
        expected: [401],
      }),
    ).toEqual([]);
  });

  it('fail accepted negative data, as a divergence only when the rule is assumed', () => {
    const [documented] = check('updateMerchantProvider', response(204), {
      kind: 'negative',
      description: 'unknown_property body.x',
      expected: [400],
    });
    expect(documented).toMatchObject({ check: 'negative_data_rejected' });
    expect(documented?.basis).toBe('documented');
    const [assumed] = check('upsertCustomer', response(204), {
      kind: 'negative',
      expected: [422],
      assumed: 'E.164 is assumed',
    });
    expect(assumed).toMatchObject({ check: 'negative_data_rejected', basis: 'assumed', reason: 'E.164 is assumed' });
  });

  it('report a 5xx as a failure even where the broken rule is assumed', () => {
    const serverError = response(500, { errors: [{ code: 'Boom', target: 'server', message: 'x' }] });
    const failures = check('upsertCustomer', serverError, {
      kind: 'negative',
      expected: [422],
      assumed: 'E.164 is assumed',
    });
    expect(failures.find((f) => f.check === 'negative_data_rejected')).toMatchObject({
      basis: 'documented',
      reason: expect.stringContaining('a 5xx is an unexpected processing error'),
    });
    const auth = check('getProduct', serverError, {
      kind: 'auth',
      auth: 'missing_scope',
      expected: [403],
      assumed: 'scopes are assumed',
    });
    expect(auth.find((f) => f.check === 'auth_enforced')?.basis).toBe('documented');
  });

  it('accept a documented 404 for valid data only on a target without provider states', () => {
    const notFound = response(404, { errors: [{ code: 'NotFound', target: 'path', message: 'gone' }] });
    expect(check('getProduct', notFound, { kind: 'positive' }).map((f) => f.check)).toEqual(['positive_data_accepted']);
    expect(check('getProduct', notFound, { kind: 'positive' }, { simulator: false })).toEqual([]);
  });

  it('fail a response that carries a secret the request sent', () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl';
    const failures = check(
      'getProduct',
      response(200, { ...PRODUCT, echoed: `Bearer ${secret}` }),
      { kind: 'positive' },
      { secrets: [secret] },
    );
    expect(failures.map((f) => f.check)).toEqual(['no_secret_echoed']);
    expect(failures[0]?.message).not.toContain(secret);
    expect(failures[0]?.message).toContain(
      'documented: "The token must not be exposed in public code, logs or API responses." (Authentication, rule 5)',
    );
  });

  it('fail a response that carries a secret the request sent, base64- or URL-encoded', () => {
    const secret = 'cred/secret+4f8a9b2c7d';
    for (const echoed of [Buffer.from(`user:${secret}`).toString('base64'), encodeURIComponent(secret)]) {
      const failures = check(
        'getProduct',
        response(200, { ...PRODUCT, echoed }),
        { kind: 'positive' },
        { secrets: [secret] },
      );
      expect(failures.map((f) => f.check)).toEqual(['no_secret_echoed']);
    }
  });

  it('leave no part of a secret in an excerpt that is cut across it', () => {
    const apiKey = 'gas_live_k3y_0123456789AB';
    // The key starts 10 characters before the cut: cut first, its first 10 characters would stay.
    for (const echoed of [apiKey, Buffer.from(apiKey).toString('base64'), encodeURIComponent(`${apiKey}/x`)]) {
      const text = `${'x'.repeat(147)}${echoed} and the rest of the answer`;
      const failures = check('getProduct', response(500, text), { kind: 'positive' }, { secrets: [apiKey] });
      const message = failures.find((f) => f.check === 'not_a_server_error')?.message ?? '';
      expect(message).toMatch(/^answered 500: x{147}<redac/);
      expect(message.length).toBeLessThanOrEqual('answered 500: '.length + 160);
      expect(message).not.toContain(echoed.slice(0, 8));
    }
  });

  it('treat another 2xx than an assumed success status as a divergence, an unknown status as a failure', () => {
    expect(check('upsertMerchant', response(200), { kind: 'positive' })).toEqual([
      expect.objectContaining({ check: 'status_documented', basis: 'assumed', reason: expect.any(String) }),
    ]);
    const teapot = check('updateMerchantProvider', response(418, {}), { kind: 'positive' });
    expect(teapot.find((f) => f.check === 'status_documented')?.basis).toBe('documented');
  });
});
