import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createAdminClient } from '../../../client/index.ts';
import { readSuiteFile, startRecordingProxy } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract } from '../../../contract/index.ts';

const SECRETS = {
  header: 'sk_live_HEADERSECRET4242',
  cookie: 'COOKIESECRET4242',
  query: 'QUERYSECRET4242',
  password: 'BODYPASSWORD4242',
  credential: 'CREDENTIALSECRET4242',
  apiKey: 'APIKEYINBODY4242',
};

let simulator: RunningSimulator;
let token: string;
let file: string;
let text: string;
/** Each request's status, sent straight to the simulator and through the proxy. */
const statuses: { direct: number; proxied: number; bytes: number; proxiedBytes: number }[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  const tenant = `hostile-${randomUUID()}`;
  ({ accessToken: token } = await createAdminClient({ baseUrl: simulator.url, tenant }).mintToken({
    scopes: ['catalog:read', 'catalog:write'],
  }));
  file = join(mkdtempSync(join(tmpdir(), 'record-hostile-')), 'hostile.yaml');
  const proxy = await startRecordingProxy({ target: simulator.url, contract: await loadContract(), out: file });
  const bearer = { authorization: `Bearer ${token}` };
  const json = { ...bearer, 'content-type': 'application/json' };
  const requests: {
    method: 'GET' | 'POST' | 'PUT';
    path: string;
    headers: Record<string, string>;
    body?: Buffer | string | (() => string);
  }[] = [
    // not JSON, with a secret in it
    {
      method: 'POST',
      path: '/v1/brands',
      headers: { ...bearer, 'content-type': 'text/plain' },
      body: `name=x&password=${SECRETS.password}`,
    },
    // binary
    {
      method: 'POST',
      path: '/v1/brands',
      headers: { ...bearer, 'content-type': 'application/octet-stream' },
      body: randomBytes(4096),
    },
    // 1 MB of JSON
    {
      method: 'POST',
      path: '/v1/brands',
      headers: json,
      body: () => JSON.stringify({ name: `${randomUUID()} ${'x'.repeat(1_000_000)}` }),
    },
    // odd unicode, a __proto__ key, a template-looking text, the token echoed in a plain field
    {
      method: 'POST',
      path: '/v1/brands',
      headers: json,
      body: JSON.stringify({
        name: `Gás 🔥 \u202e ﷽ \ud800 {{notAVariable}} ${randomUUID()}`,
        description: `copied from ${token}`,
        ['__proto__']: { polluted: true },
        'clé 値': 'x',
      }),
    },
    // secrets in headers and the query string
    {
      method: 'GET',
      path: `/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d?access_token=${SECRETS.query}&token=${encodeURIComponent(token)}`,
      headers: { ...bearer, 'x-api-key': SECRETS.header, cookie: `session=${SECRETS.cookie}` },
    },
    // secrets in a JSON body
    {
      method: 'PUT',
      path: '/v1/categories/8db6dae4-f17f-4eaa-9c8d-e391cf5e7ab6',
      headers: json,
      body: JSON.stringify({
        name: 'Gás',
        password: SECRETS.password,
        credentials: { clientSecret: SECRETS.credential },
        nested: { apiKey: SECRETS.apiKey },
      }),
    },
    // a percent-encoded path that is no operation
    { method: 'GET', path: '/v1/%F0%9F%94%A5/%ZZ', headers: bearer },
  ];
  for (const r of requests) {
    const send = async (base: string) => {
      const res = await request(`${base}${r.path}`, {
        method: r.method,
        headers: r.headers,
        ...(r.body !== undefined ? { body: typeof r.body === 'function' ? r.body() : r.body } : {}),
      });
      const bytes = (await res.body.arrayBuffer()).byteLength;
      return { status: res.statusCode, bytes };
    };
    const direct = await send(simulator.url);
    const proxied = await send(proxy.url);
    statuses.push({ direct: direct.status, proxied: proxied.status, bytes: direct.bytes, proxiedBytes: proxied.bytes });
  }
  await proxy.close();
  text = readFileSync(file, 'utf8');
}, 60_000);
afterAll(async () => {
  await simulator.close();
});

describe('the recorder under hostile traffic', () => {
  it('forwards every request and answer unchanged', () => {
    expect(statuses).toHaveLength(7);
    for (const s of statuses) {
      expect(s.proxied).toBe(s.direct);
      expect(s.proxiedBytes).toBe(s.bytes);
    }
  });

  it('writes a valid suite with a step for each request', () => {
    const read = readSuiteFile(file);
    if (!('suite' in read)) throw new Error(JSON.stringify(read.problems));
    expect(read.suite.spec.steps.map((s) => s.expect?.status)).toEqual(statuses.map((s) => s.direct));
  });

  it('writes no secret from headers, query strings or bodies, in any form', () => {
    for (const secret of [...Object.values(SECRETS), token, encodeURIComponent(token)])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(text).not.toMatch(/x-api-key|cookie/i);
  });

  it('leaves out bodies it cannot keep, saying why', () => {
    expect(text).toContain('request body not kept: text that may hold a secret');
    expect(text).toContain('request body not kept: binary (application/octet-stream, 4096 bytes)');
    expect(text).toContain('more than a suite keeps');
  });

  it('keeps odd unicode, and a text that looks like a template is not read as one', () => {
    expect(text).toContain('Gás 🔥');
    expect(text).toContain('{ {notAVariable}}');
  });
});
