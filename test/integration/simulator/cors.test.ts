import { afterEach, describe, expect, it } from 'vitest';
import { parseCorsOrigins } from '../../../simulator/cors.ts';
import { createSimulator, type Simulator } from '../../../simulator/index.ts';
import { DEMO } from '../../support/sim-harness.ts';

const PRODUCT = `/v1/products/${DEMO.productP13}`;
const APP = 'http://localhost:5173';
const preflight = (origin: string, url = PRODUCT, headers = 'authorization,content-type') => ({
  method: 'OPTIONS' as const,
  url,
  headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': headers },
});

describe('CORS', () => {
  let simulator: Simulator | undefined;
  afterEach(async () => simulator?.close());

  it('answers a preflight for a platform operation from any origin when in-process or on loopback', async () => {
    simulator = await createSimulator();
    const res = await simulator.app.inject(preflight(APP));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
    expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await simulator.app.inject({ method: 'GET', url: PRODUCT, headers: { origin: APP } });
    expect(get.statusCode).toBe(401);
    expect(get.headers['access-control-allow-origin']).toBe('*');
    expect(get.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    // No Origin, no browser's cross-origin request: no CORS header.
    const plain = await simulator.app.inject({ method: 'GET', url: PRODUCT });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('keeps the 405 with the allowed methods for an OPTIONS that is no preflight', async () => {
    simulator = await createSimulator();
    const res = await simulator.app.inject({ method: 'OPTIONS', url: PRODUCT });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('allows only the listed origins, and the admin API only those, never *', async () => {
    simulator = await createSimulator({ cors: parseCorsOrigins([APP]) });
    const allowed = await simulator.app.inject(preflight(APP));
    expect(allowed.headers['access-control-allow-origin']).toBe(APP);
    const other = await simulator.app.inject(preflight('http://evil.example'));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const admin = await simulator.app.inject(preflight(APP, '/__sim/requests', 'x-sim-admin-key'));
    expect(admin.headers['access-control-allow-origin']).toBe(APP);
    expect(admin.headers['access-control-allow-headers']).toContain('X-Sim-Admin-Key');
    const adminOther = await simulator.app.inject(preflight('http://evil.example', '/__sim/requests'));
    expect(adminOther.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives the admin API and the console no CORS headers under the permissive default', async () => {
    simulator = await createSimulator();
    for (const url of ['/__sim/requests', '/__sim/ui/']) {
      const res = await simulator.app.inject({ method: 'GET', url, headers: { origin: APP } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('sends no CORS headers off loopback unless origins are listed', async () => {
    simulator = await createSimulator({ adminKey: 'k-0123456789', apiKey: 'counter-key-0123' });
    await simulator.listen({ host: '0.0.0.0', port: 0 });
    const res = await simulator.app.inject(preflight(APP));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('turns CORS off with none and says what is wrong with a bad origin', async () => {
    simulator = await createSimulator({ cors: parseCorsOrigins(['none']) });
    expect((await simulator.app.inject(preflight(APP))).headers['access-control-allow-origin']).toBeUndefined();
    expect(() => parseCorsOrigins(['http://localhost:5173/'])).toThrow(/did you mean http:\/\/localhost:5173/);
    expect(() => parseCorsOrigins(['localhost'])).toThrow(/an origin is a scheme, host and optional port/);
    expect(() => parseCorsOrigins(['none', APP])).toThrow(/cannot be combined/);
    expect(parseCorsOrigins(['*'])).toEqual({ kind: 'any' });
  });
});
