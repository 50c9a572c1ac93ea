import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildRecordedSuite, renderRecordedSuite, type RecordedExchange } from '../../../recording/index.ts';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
const MERCHANT = '5b1f2c3d-0000-4000-8000-000000000001';
const PROVIDER = '5b1f2c3d-0000-4000-8000-000000000002';

async function jwt(claims: Record<string, unknown>, expiresIn = 3600): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(new TextEncoder().encode('a-secret-the-recorder-never-has'));
}

const exchange = (
  partial: Partial<RecordedExchange> & Pick<RecordedExchange, 'method' | 'path' | 'status'>,
): RecordedExchange => ({
  headers: {},
  ...partial,
});

describe('a suite built from recorded exchanges', () => {
  it('captures an id the server made and references it wherever a later request sends it back, inside a text too', () => {
    const generated = 'srv-generated-7f3a9c';
    const suite = buildRecordedSuite(
      [
        exchange({
          method: 'POST',
          path: '/v1/brands',
          body: { kind: 'json', value: { name: 'Marca' } },
          status: 201,
          responseBody: { kind: 'json', value: { data: { id: generated, name: 'Marca' } } },
        }),
        exchange({
          method: 'PUT',
          path: `/v1/categories/${generated}`,
          body: { kind: 'json', value: { name: 'Gás', description: generated, note: `made as ${generated}.` } },
          status: 204,
        }),
      ],
      contract,
      { source: 'a test' },
    );
    expect(suite.steps[0]?.capture).toEqual({ brandId: '$.data.id' });
    expect(suite.steps[1]?.request.path).toBe('/v1/categories/{{brandId}}');
    expect(suite.steps[1]?.request.body).toEqual({
      name: 'Gás',
      description: '{{brandId}}',
      note: 'made as {{brandId}}.',
    });
  });

  it('numbers the captures of ids made under the same name', () => {
    const created = (id: string) =>
      exchange({
        method: 'POST',
        path: '/v1/brands',
        status: 201,
        responseBody: { kind: 'json', value: { data: { id } } },
      });
    const suite = buildRecordedSuite(
      [created('first-brand-1'), created('second-brand-2'), created('third-brand-3')],
      contract,
      {
        source: 'a test',
      },
    );
    expect(suite.steps.map((s) => s.capture)).toEqual([
      { brandId: '$.data.id' },
      { brandId2: '$.data.id' },
      { brandId3: '$.data.id' },
    ]);
  });

  it('names a captured id after the object holding it', () => {
    const category = 'cat-from-a-read-1234';
    const suite = buildRecordedSuite(
      [
        exchange({
          method: 'GET',
          path: '/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          status: 200,
          responseBody: { kind: 'json', value: { data: { category: { id: category } } } },
        }),
        exchange({ method: 'PUT', path: `/v1/categories/${category}`, status: 204 }),
      ],
      contract,
      { source: 'a test' },
    );
    expect(suite.steps[0]?.capture).toEqual({ categoryId: '$.data.category.id' });
    expect(suite.steps[1]?.request.path).toBe('/v1/categories/{{categoryId}}');
  });

  it('writes each credential as the role it played, never its value', async () => {
    const path = `/v1/merchants/${MERCHANT}/providers/${PROVIDER}`;
    const bound = await jwt({ scope: 'payments:write', merchant_id: MERCHANT });
    const unscoped = await jwt({ scope: 'catalog:read' });
    const expired = await jwt({ scope: 'payments:write' }, -60);
    const exchanges = [
      exchange({ method: 'PUT', path, headers: { authorization: `Bearer ${bound}` }, status: 204 }),
      exchange({ method: 'PUT', path, headers: { authorization: `Bearer ${unscoped}` }, status: 403 }),
      exchange({ method: 'PUT', path, headers: { authorization: `Bearer ${expired}` }, status: 401 }),
      exchange({ method: 'PUT', path, headers: { authorization: 'Bearer not-a-token-at-all' }, status: 401 }),
      exchange({ method: 'PUT', path, status: 401 }),
      exchange({
        method: 'POST',
        path: '/v1/consumers/orders/counter',
        headers: { authorization: 'the-order-counters-raw-key' },
        status: 200,
      }),
    ];
    const suite = buildRecordedSuite(exchanges, contract, { source: 'a test' });
    expect(suite.steps.map((s) => [s.request.auth, s.request.headers])).toEqual([
      [{ claims: { merchantId: MERCHANT } }, undefined],
      [{ scopes: ['catalog:read'] }, undefined],
      [{ claims: { expiresInSeconds: -60 } }, undefined],
      [undefined, { Authorization: '<redacted>' }],
      ['none', undefined],
      [undefined, undefined],
    ]);
    const text = renderRecordedSuite(exchanges, contract, { source: 'a test' });
    for (const secret of [bound, unscoped, expired, 'not-a-token-at-all', 'the-order-counters-raw-key'])
      expect(text).not.toContain(secret);
  });

  it("reads a journal's redacted token's role from the refusal", () => {
    const path = `/v1/dealers/${MERCHANT}/orders/${PROVIDER}/eta`;
    const redacted = { authorization: 'Bearer <redacted>' };
    const suite = buildRecordedSuite(
      [
        exchange({ method: 'PUT', path, headers: redacted, status: 204 }),
        exchange({
          method: 'PUT',
          path,
          headers: redacted,
          status: 403,
          refusal: { code: 'Forbidden', target: 'path.dealerId', message: 'The token is bound to another dealer.' },
        }),
        exchange({
          method: 'PUT',
          path,
          headers: redacted,
          status: 403,
          refusal: { code: 'Forbidden', target: 'header.Authorization', message: 'The token lacks the scope.' },
        }),
        exchange({
          method: 'PUT',
          path,
          headers: redacted,
          status: 401,
          refusal: { code: 'Unauthenticated', target: 'header.Authorization', message: 'The token has expired.' },
        }),
      ],
      contract,
      { source: 'a test' },
    );
    expect(suite.steps.map((s) => s.request.auth)).toEqual([
      undefined,
      { claims: { dealerId: '{{uuid}}' } },
      { scopes: [] },
      { claims: { expiresInSeconds: -60 } },
    ]);
  });

  it('captures a Location header a later request sends back', () => {
    const location = '/v1/brands/made-by-the-server-42';
    const suite = buildRecordedSuite(
      [
        exchange({ method: 'POST', path: '/v1/brands', status: 201, responseHeaders: { location } }),
        exchange({
          method: 'POST',
          path: '/Integration/app-events',
          body: { kind: 'json', value: { idMensagem: 'm-1', nomeEvento: 'X', mensagem: { href: location } } },
          status: 202,
        }),
      ],
      contract,
      { source: 'a test' },
    );
    expect(suite.steps[0]?.capture).toEqual({ location: { header: 'location' } });
    expect(suite.steps[1]?.request.body).toMatchObject({ mensagem: { href: '{{location}}' } });
  });
});
