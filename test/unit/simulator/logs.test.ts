/** One structured log line per request, telling simulated failures from the simulator's own. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { LOG_REDACTION_PATHS, simulatorLogger } from '../../../simulator/server-options.ts';
import { loadContract, secretMarkersOf } from '../../../contract/index.ts';
import { DEMO, startTestSimulator } from '../../support/sim-harness.ts';

describe('request logs', () => {
  it('writes one line per request with operation id, status and duration, marking asked-for failures', async () => {
    const sim = await startTestSimulator();
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}` });
    await sim.request({ method: 'GET', url: `/v1/products/${DEMO.productP13}`, headers: { prefer: 'code=500' } });
    await sim.request({ method: 'GET', url: '/nowhere' });
    const lines = sim.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request' && l.operationId !== 'admin');
    expect(lines).toEqual([
      expect.objectContaining({ operationId: 'getProduct', status: 200, durationMs: expect.any(Number), level: 30 }),
      expect.objectContaining({ operationId: 'getProduct', status: 500, simulated: true, level: 30 }),
      expect.objectContaining({ operationId: null, status: 404, path: '/nowhere' }),
    ]);
    expect(lines[0]).not.toHaveProperty('simulated');
    expect(sim.logs.some((l) => l.includes('SimulatorBug'))).toBe(false);
    await sim.close();
  });

  it('writes a token or the API key sent in a path or as a tenant name redacted', async () => {
    const sim = await startTestSimulator();
    const token = await sim.token();
    await sim.request({ method: 'GET', url: `/v1/products/${token}` });
    await sim.request({ method: 'GET', url: `/v1/users/${token}/profile`, auth: 'none' });
    await sim.request({ method: 'GET', url: `/nowhere/${DEV_API_KEY}` });
    await sim.request({
      method: 'GET',
      url: `/v1/products/${DEMO.productP13}`,
      auth: 'none',
      headers: { 'x-sim-tenant': token.slice(0, 100) },
    });
    const lines = sim.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request' && l.operationId !== 'admin');
    expect(lines.map((l) => l.path)).toEqual([
      '/v1/products/<redacted>',
      '/v1/users/<redacted>/profile',
      '/nowhere/<redacted>',
      `/v1/products/${DEMO.productP13}`,
    ]);
    const all = sim.logs.join('\n');
    expect(all).not.toContain(token.slice(0, 100));
    expect(all).not.toContain(DEV_API_KEY);
    await sim.close();
  });

  it('never writes a secret field of a body or a secret header, whatever line logs it', () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = simulatorLogger({ logLevel: 'info', logStream });
    logger.info({ req: { headers: { authorization: 'Bearer AUTH-SECRET-1', 'x-sim-admin-key': 'ADMIN-SECRET-1' } } });
    logger.info({ headers: { authorization: 'AUTH-SECRET-2' } });
    logger.info({ tokenPush: 'PUSH-SECRET-1', credentials: { clientSecret: 'CLIENT-SECRET-1' } });
    logger.info({ body: { tokenPush: 'PUSH-SECRET-2', credentials: { clientSecret: 'CLIENT-SECRET-2' } } });
    logger.info({
      request: { body: { tokenPush: 'PUSH-SECRET-3', credentials: { clientSecret: 'CLIENT-SECRET-3' } } },
    });
    logger.info({ minted: { accessToken: 'TOKEN-SECRET-1' } });
    const all = lines.join('');
    expect(lines).toHaveLength(6);
    expect(all).not.toMatch(/AUTH-SECRET|ADMIN-SECRET|PUSH-SECRET|CLIENT-SECRET|TOKEN-SECRET/);
    expect(all).toContain('<redacted>');
  });

  it('redacts every property and header the spec marks x-secret', async () => {
    const { fields, headers } = secretMarkersOf((await loadContract()).raw);
    for (const field of fields) expect(LOG_REDACTION_PATHS).toEqual(expect.arrayContaining([field, `*.${field}`]));
    for (const header of headers) expect(LOG_REDACTION_PATHS).toContain(`req.headers[${JSON.stringify(header)}]`);
  });
});
