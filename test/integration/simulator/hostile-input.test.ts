/**
 * Hostile input never breaks the simulator: every case gets an answer below 500 in the operation's
 * documented shape, nothing is polluted, and the server keeps serving.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/index.ts';
import { DEMO, startTestSimulator, type InjectOptions, type TestSimulator } from '../../support/sim-harness.ts';

const contract = await loadContract();
const provider = `/v1/merchants/${DEMO.merchant}/providers/${DEMO.providerCielo}`;
const json = { 'content-type': 'application/json' };
const put = (raw: string | Buffer, url = provider): InjectOptions => ({ method: 'PUT', url, raw, headers: json });

const CASES: [name: string, request: InjectOptions, expected?: number][] = [
  ['truncated JSON', put('{"name": "Cie'), 400],
  ['JSON cut after a colon', put('{"name":'), 400],
  ['trailing garbage after JSON', put('{"name":"a"}x'), 400],
  ['JSON with comments', put('{"name":"a" /* hi */}'), 400],
  ['single-quoted JSON', put("{'name':'a'}"), 400],
  ['a NaN literal', put('{"priority": NaN}'), 400],
  ['an Infinity literal', put('{"priority": Infinity}'), 400],
  ['a number too big for a double', put('{"priority": 1e400}'), 400],
  ['a priority beyond int32', put('{"priority": 2147483648}'), 422],
  ['a priority as a string', put('{"priority": "1"}'), 400],
  ['a negative zero priority', put('{"priority": -0}'), 204],
  ['a body of null', put('null'), 400],
  ['a body that is an array', put('[]'), 400],
  ['a body that is a string', put('"name"'), 400],
  ['a body that is a number', put('123'), 400],
  ['an empty body with a JSON content type', put(''), 400],
  ['a megabyte of whitespace', put(' '.repeat(1_000_000)), 400],
  ['a top-level __proto__ key', put('{"__proto__": {"polluted": true}}'), 400],
  ['a nested __proto__ key', put('{"credentials": {"__proto__": {"polluted": true}}}'), 400],
  ['a constructor.prototype key', put('{"acquirer": {"constructor": {"prototype": {"polluted": true}}}}'), 400],
  ['100 000 nested arrays', put('['.repeat(100_000)), 400],
  ['65 nested objects in credentials', put(`{"credentials": ${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`), 400],
  ['60 nested objects in credentials', put(`{"credentials": ${'{"a":'.repeat(60)}1${'}'.repeat(60)}}`), 204],
  ['invalid UTF-8 bytes', put(Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])), 400],
  [
    'a UTF-8 byte order mark',
    put(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"priority": 4}')])),
    204,
  ],
  ['a lone surrogate escape in a name', put('{"name": "\\ud800 Cielo"}'), 204],
  ['a NUL character in a name', put('{"name": "Cie\\u0000lo"}'), 204],
  ['right-to-left override and emoji in a name', put(JSON.stringify({ name: '\u202eolеiC 🔥 ç̧' })), 204],
  ['duplicate keys', put('{"name": "A", "name": "B"}'), 204],
  ['a body over 1 MiB', put(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) })), 413],
  [
    '50 000 keys in credentials',
    put(JSON.stringify({ credentials: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'v'])) })),
    204,
  ],
  ['100 000 payment methods', put(JSON.stringify({ methods: Array.from({ length: 100_000 }, () => 'Pix') })), 204],
  ['an unknown property among known ones', put('{"name": "Cielo", "isAdmin": true}'), 400],
  ['a garbage content type', { method: 'PUT', url: provider, raw: '{}', headers: { 'content-type': ';;;' } }, 415],
  ['a 20 000 character path', { method: 'GET', url: `/v1/products/${'a'.repeat(20_000)}` }, 414],
  ['a NUL in the path', { method: 'GET', url: '/v1/products/abc%00def' }, 404],
  ['a broken percent encoding', { method: 'GET', url: '/v1/products/%E0%A4%A' }, 400],
  ['a traversal in the path', { method: 'GET', url: '/v1/products/..%2F..%2Fetc%2Fpasswd' }, 404],
  [
    'a polluting query string',
    { method: 'GET', url: `/v1/products/${DEMO.productP13}?__proto__[polluted]=1&constructor[prototype][polluted]=1` },
    200,
  ],
  [
    'a Prefer header with garbage',
    { method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { prefer: 'code=abc, delay=-5, ;;; =' } },
    200,
  ],
  [
    'a Prefer code out of range',
    { method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { prefer: 'code=99999' } },
    400,
  ],
  [
    'a 10 000 character token',
    { method: 'GET', url: `/v1/products/${DEMO.productP13}`, auth: 'a'.repeat(5_000) + '.b.c' },
    401,
  ],
  [
    'a tenant name with a traversal',
    { method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { 'x-sim-tenant': '../../etc' } },
    400,
  ],
  [
    'a bad uuid with unicode digits',
    {
      method: 'PUT',
      url: `/v1/merchants/${'٠'.repeat(8)}-0000-4000-8000-000000000000`,
      body: { categoryCode: '5983' },
    },
    400,
  ],
  [
    'an e-mail with a newline',
    { method: 'PUT', url: '/v1/customers/c1', body: { name: 'A', email: 'a@example.com\nBcc: x@example.com' } },
    422,
  ],
];

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());

describe('hostile input', () => {
  it('has at least 40 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES)('answers %s with the expected status in the operation shape', async (_, request, expected) => {
    const res = await sim.request({
      ...request,
      headers: { ...request.headers, 'x-sim-tenant': request.headers?.['x-sim-tenant'] ?? 'hostile' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    if (expected) expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
    if (res.statusCode >= 400) {
      const body = res.json() as Record<string, unknown>;
      const op = contract.operations.find(
        (o) =>
          o.method === request.method &&
          new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(request.url.split('?')[0] ?? ''),
      );
      const documented = op ? contract.validators.response(op.id, res.statusCode, body) : undefined;
      if (documented) expect(documented).toEqual([]);
      else
        expect(body).toMatchObject({
          errors: [expect.objectContaining({ code: expect.any(String), target: expect.any(String) })],
        });
    }
  });

  it('is not polluted and keeps serving afterwards', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` })).statusCode).toBe(200);
  });
});

describe('hostile input on a real socket', () => {
  let url: URL;
  let token: string;
  beforeAll(async () => {
    url = new URL(await sim.simulator.listen({ port: 0 }));
    token = await sim.token();
  });

  /** Writes raw bytes; a client that gives up closes its side after `giveUpMs`. */
  const raw = (text: string, giveUpMs = 2_000) =>
    new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(text);
        setTimeout(() => socket.end(), giveUpMs);
      });
      let answer = '';
      socket.on('data', (d: Buffer) => {
        answer += d.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
    });

  it('refuses conflicting Content-Length headers without crashing', async () => {
    const answer = await raw(
      `PUT ${provider} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  it('uses one of duplicate Authorization headers and answers normally', async () => {
    const answer = await raw(
      `GET /v1/products/${DEMO.productP13} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAuthorization: Bearer forged.token.value\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (200|401)/);
  });

  it('answers a body shorter than its Content-Length once the client gives up', async () => {
    const answer = await raw(
      `PUT ${provider} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{"name":`,
      200,
    );
    expect(answer === '' || /^HTTP\/1\.1 4\d\d/.test(answer)).toBe(true);
    const health = await fetch(`${url.origin}/__sim/health`);
    expect(health.status).toBe(200);
  });
});
