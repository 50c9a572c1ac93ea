/**
 * What a hostile web page cannot do to a simulator, checked over real sockets: read the admin API
 * through a percent-encoded path, change state with a cross-site form or beacon, reach it through a
 * re-pointed DNS name (rebinding); and what the console's static route refuses without a 500.
 */
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../../client/index.ts';
import { parseAllowedHosts } from '../../../simulator/allowed-hosts.ts';
import { parseCorsOrigins } from '../../../simulator/cors.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { DEMO } from '../../support/sim-harness.ts';

const EVIL = 'http://evil.example';
const APP = 'http://localhost:5173';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a real socket, with any Host header (fetch does not let a caller set it). */
function send(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.body !== undefined ? { 'content-length': Buffer.byteLength(options.body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const errorCode = (answer: Answer): unknown =>
  (JSON.parse(answer.body) as { errors: { code: string }[] }).errors[0]?.code;

describe('cross-site defences', () => {
  let running: RunningSimulator | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  describe('CORS follows the route a request matched', () => {
    it('gives a percent-encoded /__sim path the admin policy: no CORS header on loopback, so no page reads it', async () => {
      running = await startSimulator();
      const journal = await send(running.url, { path: '/%5F%5Fsim/requests', headers: { origin: EVIL } });
      expect(journal.status).toBe(200);
      expect(journal.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await send(running.url, {
        method: 'OPTIONS',
        path: '/%5f%5fsim/tokens',
        headers: {
          origin: EVIL,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-sim-admin-key',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
      // The platform's operations keep their policy.
      const platform = await send(running.url, { path: `/v1/products/${DEMO.productP13}`, headers: { origin: EVIL } });
      expect(platform.headers['access-control-allow-origin']).toBe('*');
    });

    it('answers a percent-encoded preflight with the admin policy when origins are listed', async () => {
      running = await startSimulator({ cors: parseCorsOrigins([APP]) });
      const preflight = (origin: string) =>
        send(running?.url ?? '', {
          method: 'OPTIONS',
          path: '/%5F%5Fsim/requests',
          headers: {
            origin,
            'access-control-request-method': 'DELETE',
            'access-control-request-headers': 'x-sim-admin-key',
          },
        });
      const listed = await preflight(APP);
      expect(listed.status).toBe(204);
      expect(listed.headers['access-control-allow-origin']).toBe(APP);
      expect(listed.headers['access-control-allow-methods']).toBe('GET, PUT, POST, PATCH, DELETE');
      expect(listed.headers['access-control-allow-headers']).toBe('Content-Type, X-Sim-Admin-Key, X-Sim-Tenant');
      expect((await preflight(EVIL)).headers['access-control-allow-origin']).toBeUndefined();
    });

    it('asks for the admin key on a percent-encoded admin path', async () => {
      running = await startSimulator({ adminKey: 'admin-key-0123456789', apiKey: 'counter-key-0123' });
      const answer = await send(running.url, { path: '/%5F%5Fsim/state' });
      expect(answer.status).toBe(401);
      expect(errorCode(answer)).toBe('AdminKeyRequired');
    });
  });

  describe('state-changing admin requests from browsers', () => {
    it('refuses a cross-site form POST that would empty a tenant, and leaves the tenant as it was', async () => {
      running = await startSimulator();
      const form = await send(running.url, {
        method: 'POST',
        path: '/__sim/reset?empty=true&tenant=victim',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
        body: '',
      });
      expect(form.status).toBe(403);
      expect(errorCode(form)).toBe('AdminOriginRefused');
      const formWithoutOrigin = await send(running.url, {
        method: 'POST',
        path: '/__sim/reset?empty=true&tenant=victim',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(formWithoutOrigin.status).toBe(415);
      expect(JSON.parse(formWithoutOrigin.body)).toEqual({
        errors: [
          {
            code: 'AdminJsonRequired',
            target: 'header.Content-Type',
            message: expect.stringContaining('Content-Type "application/x-www-form-urlencoded"') as string,
          },
        ],
      });
      const beacon = await send(running.url, {
        method: 'POST',
        path: '/__sim/reset?empty=true&tenant=victim',
        headers: { origin: EVIL },
      });
      expect(beacon.status).toBe(403);
      expect(JSON.parse(beacon.body).errors[0].message).toContain('"http://evil.example"');
      const state = await createAdminClient({ baseUrl: running.url, tenant: 'victim' }).getState();
      expect(state.collections.products?.length).toBeGreaterThan(0);
    });

    it('refuses tokens and provider states sent as text/plain, which a form can send', async () => {
      running = await startSimulator();
      for (const [path, body] of [
        ['/__sim/tokens', '{"scopes":["catalog:read"]}'],
        ['/__sim/provider-states', '{"state":"a customer {customerId} exists"}'],
        ['/__sim/faults', '{"rules":[]}'],
      ] as const) {
        const answer = await send(running.url, {
          method: path === '/__sim/faults' ? 'PUT' : 'POST',
          path,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body,
        });
        expect(answer.status, path).toBe(415);
        expect(answer.body, path).not.toContain('accessToken');
      }
    });

    it("serves the simulator's own pages, listed origins and clients without an Origin", async () => {
      running = await startSimulator({ cors: parseCorsOrigins([APP]) });
      const own = new URL(running.url).origin;
      for (const origin of [own, APP]) {
        const minted = await send(running.url, {
          method: 'POST',
          path: '/__sim/tokens',
          headers: { origin, 'content-type': 'application/json; charset=utf-8' },
          body: '{"scopes":["catalog:read"]}',
        });
        expect(minted.status, origin).toBe(201);
      }
      const admin = createAdminClient({ baseUrl: running.url, tenant: 'client' });
      await expect(admin.resetTenant({ empty: true })).resolves.toEqual({ tenant: 'client', empty: true });
      await expect(admin.clearRequests()).resolves.toBeUndefined();
      await expect(admin.mintToken({ scopes: ['catalog:read'] })).resolves.toHaveProperty('tokenType', 'Bearer');
    });
  });

  describe('Host names a loopback simulator answers (DNS rebinding)', () => {
    it('answers loopback names on any port and refuses others with 421 and a clear message', async () => {
      running = await startSimulator();
      const port = new URL(running.url).port;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, '[::1]:4010', '127.1.2.3', 'LOCALHOST']) {
        const answer = await send(running.url, { path: '/__sim/health', headers: { host } });
        expect(answer.status, host).toBe(200);
      }
      for (const host of [`evil.example:${port}`, '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1']) {
        const answer = await send(running.url, { path: '/__sim/requests', headers: { host } });
        expect(answer.status, host).toBe(421);
        expect(errorCode(answer), host).toBe('HostNotAllowed');
        expect(answer.body).toContain('--allowed-hosts');
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
      const platform = await send(running.url, {
        path: `/v1/products/${DEMO.productP13}`,
        headers: { host: 'evil.example' },
      });
      expect(platform.status).toBe(421);
    });

    it('answers the hosts given for a proxy, and their pages may change state', async () => {
      running = await startSimulator({ allowedHosts: parseAllowedHosts(['sim.example.com', '.corp.example']) });
      for (const host of [
        'sim.example.com',
        'a.corp.example:8443',
        'corp.example',
        `127.0.0.1:${new URL(running.url).port}`,
      ])
        expect((await send(running.url, { path: '/__sim/health', headers: { host } })).status, host).toBe(200);
      expect((await send(running.url, { path: '/__sim/health', headers: { host: 'evil.example' } })).status).toBe(421);
      const fromProxiedConsole = await send(running.url, {
        method: 'POST',
        path: '/__sim/reset',
        headers: { host: '127.0.0.1', origin: 'https://sim.example.com' },
      });
      expect(fromProxiedConsole.status).toBe(200);
    });

    it('answers any Host off loopback unless hosts are given', async () => {
      const shared = { adminKey: 'admin-key-0123456789', apiKey: 'counter-key-0123', host: '0.0.0.0' };
      running = await startSimulator(shared);
      const url = running.url.replace('0.0.0.0', '127.0.0.1');
      const headers = { host: 'sim.internal:4010', 'x-sim-admin-key': shared.adminKey };
      expect((await send(url, { path: '/__sim/health', headers })).status).toBe(200);
      await running.close();
      running = await startSimulator({ ...shared, allowedHosts: ['sim.example.com'] });
      const restricted = running.url.replace('0.0.0.0', '127.0.0.1');
      expect((await send(restricted, { path: '/__sim/health', headers })).status).toBe(421);
    });

    it('refuses a bad --allowed-hosts value with what to give', () => {
      expect(() => parseAllowedHosts(['http://sim.example.com'])).toThrow(/give a host name without scheme or port/);
      expect(() => parseAllowedHosts(['*', 'sim.example.com'])).toThrow(/cannot be combined/);
      expect(parseAllowedHosts(['Sim.Example.COM.'])).toEqual(['sim.example.com']);
    });
  });

  describe("the console's static route", () => {
    it('answers 404 to names of Object.prototype and logs no path', async () => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      running = await startSimulator({
        adminKey: 'admin-key-0123456789',
        apiKey: 'counter-key-0123',
        logLevel: 'info',
        logStream,
      });
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
        const answer = await send(running.url, { path: `/__sim/ui/${name}` });
        expect(answer.status, name).toBe(404);
        expect(errorCode(answer), name).toBe('RouteNotFound');
      }
      expect((await send(running.url, { path: '/__sim/ui/console.js' })).status).toBe(200);
      const log = lines.join('');
      expect(log).not.toContain('simulator/console/assets');
      expect(log).not.toContain('SimulatorBug');
    });
  });
});
