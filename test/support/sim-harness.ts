/** In-process access to a fresh simulator for tests: inject requests, mint tokens, capture log lines. */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index.ts';
import { createAdminClient, type AdminClient, type HttpRequest, type HttpResponse } from '../../client/index.ts';
import { DEV_API_KEY } from '../../contract/index.ts';
import type { AdminCollectionName } from '../../contract/index.ts';

export const ALL_SCOPES = [
  'payments:write',
  'customers:write',
  'consumers:write',
  'dealers:write',
  'users:write',
  'users:read',
  'catalog:write',
  'catalog:read',
  'integration:write',
];

export interface TestSimulator {
  simulator: Simulator;
  logs: string[];
  /** The admin client of this simulator, its requests injected in-process. */
  admin: AdminClient;
  token(claims?: Record<string, unknown>): Promise<string>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** An admin API request as sent on the wire (no token), acting on `tenant`: for tests of the admin API itself. */
  rawAdmin(method: string, url: string, tenant: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** A tenant's records by collection, as `GET /__sim/state` dumps them; `T` is the shape the test reads. */
  collections<T = Record<string, unknown>>(tenant: string): Promise<Record<AdminCollectionName, T[]>>;
  close(): Promise<void>;
}

export interface InjectOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** JSON body; use `raw` for a body sent as it is. */
  body?: unknown;
  raw?: string | Buffer;
  /** Bearer token, `apiKey` for the order counter's key, or `none`. */
  auth?: string;
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  // GAS_TEST_STORE=redis://... runs the in-process suites on the Redis store: handlers do not know which serves them.
  const store = process.env.GAS_TEST_STORE;
  const simulator = await createSimulator({ logLevel: 'info', logStream, ...(store ? { store } : {}), ...options });
  const app = simulator.app;
  // The admin client's requests go through Fastify's inject: the same routes, no socket.
  const inject = async ({ method, url, headers = {}, body }: HttpRequest): Promise<HttpResponse> => {
    const started = performance.now();
    const payload =
      body === undefined
        ? {}
        : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
    const res = await app.inject({ method: method as 'GET', url, headers, ...payload });
    const flat = Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    return {
      status: res.statusCode,
      headers: flat,
      body: res.body === '' ? undefined : parseJson(res.body),
      text: res.body,
      durationMs: performance.now() - started,
    };
  };
  const admin = createAdminClient({
    baseUrl: '',
    send: inject,
    ...(options.adminKey ? { adminKey: options.adminKey } : {}),
  });
  const token = async (claims: Record<string, unknown> = {}) =>
    (await admin.mintToken({ scopes: ALL_SCOPES, ...claims })).accessToken;
  let defaultToken: string | undefined;
  const sim: TestSimulator = {
    simulator,
    logs,
    admin,
    token,
    async request({ method, url, headers = {}, body, raw, auth }) {
      const all: Record<string, string> = { ...headers };
      if (auth === undefined) all.authorization = `Bearer ${(defaultToken ??= await token())}`;
      else if (auth === 'apiKey') all.authorization = DEV_API_KEY;
      else if (auth !== 'none') all.authorization = `Bearer ${auth}`;
      if (body !== undefined && !Object.keys(all).some((h) => h.toLowerCase() === 'content-type'))
        all['content-type'] = 'application/json';
      return app.inject({
        method: method as 'GET',
        url,
        headers: all,
        ...(raw !== undefined ? { payload: raw } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    },
    rawAdmin: (method, url, tenant, body) =>
      sim.request({
        method,
        url,
        auth: 'none',
        headers: { 'x-sim-tenant': tenant },
        ...(body !== undefined ? { body } : {}),
      }),
    collections: async <T>(tenant: string) =>
      ((await sim.rawAdmin('GET', '/__sim/state', tenant)).json() as { collections: Record<AdminCollectionName, T[]> })
        .collections,
    close: () => simulator.close(),
  };
  return sim;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Ids of the embedded demo dataset used by the tests (listed in docs/simulator.md too). */
export const DEMO = {
  merchant: 'b7e6a0c2-4f1d-4c3e-9a52-1d8f0e6b3a71',
  providerCielo: 'e1a4c7d2-3b5f-4e8a-9c61-2d7b0f3e5a94',
  providerPixName: 'Pix Banco do Brasil',
  dealer: 'd4e7a1b5-6e8c-4b1d-8f94-5a0e3c6b8d27',
  areaSe: '16a9c3d7-8a0e-4d3f-8b16-7c2a5e8d0f49',
  areaBelaVista: '27b0d4e8-9b1f-4e4a-9c27-8d3b6f9e1a50',
  userConsumer: '5ae3a7b1-ce4c-4b7d-8f5a-b06e9c2b4d83',
  userConsumerEmail: 'ana.lima@example.com',
  userDealer: '6bf4b8c2-df5d-4c8e-9a6b-c17fad3c5e94',
  categoryCozinha: '8db6dae4-f17f-4eaa-9c8d-e391cf5e7ab6',
  brandUltragazName: 'Ultragaz',
  productP13: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  consumerAna: '9d0e1f2a-3b4c-4d5e-9f6a-8b9c0d1e2f3a',
} as const;

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
