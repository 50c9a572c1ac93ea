/**
 * The request journal through the simulator, on either store: what a client reads back through the
 * admin API (entries in order, filters, redaction, clearing) is the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, useStoreKinds } from '../../../support/store-kinds.ts';
import { DEMO, UNKNOWN_ID, startTestSimulator, type TestSimulator } from '../../../support/sim-harness.ts';

const stores = useStoreKinds();

interface Entry {
  seq: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  simulated: boolean;
  request: { headers: Record<string, string>; body: unknown };
  response: { body: unknown };
}

/** What a client sees of the journal, without the times that differ from run to run. */
const seen = (entries: Entry[]) =>
  entries.map(({ seq, method, path, operationId, status, simulated, request, response }) => ({
    seq,
    method,
    path,
    operationId,
    status,
    simulated,
    request,
    response,
  }));

/** The same requests, sent to each store; the journals read back from each. */
const journals: Record<string, Entry[][]> = {};

describe.each(STORE_KINDS)('the journal on the %s store', (kind) => {
  let sim: TestSimulator;
  const read = async (query = '') =>
    ((await sim.rawAdmin('GET', `/__sim/requests${query}`, 'journaled')).json() as { requests: Entry[] }).requests;
  beforeAll(async () => {
    if (!stores.skip(kind)) sim = await startTestSimulator(await stores.options(kind));
  });
  afterAll(async () => {
    if (!stores.skip(kind)) await sim.close();
  });

  it.skipIf(stores.skip(kind))(
    'records each request in order, redacted, and reads it back filtered, then cleared',
    async () => {
      const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
        sim.request({
          method,
          url,
          headers: { 'x-sim-tenant': 'journaled', ...headers },
          ...(body !== undefined ? { body } : {}),
        });
      expect((await send('GET', `/v1/products/${DEMO.productP13}`)).statusCode).toBe(200);
      expect((await send('GET', `/v1/products/${UNKNOWN_ID}`)).statusCode).toBe(404);
      expect((await send('PUT', '/v1/customers/j-1', { name: 'Journal', email: 'j@example.com' })).statusCode).toBe(
        204,
      );
      expect((await send('GET', `/v1/products/${DEMO.productP13}`, undefined, { prefer: 'code=500' })).statusCode).toBe(
        500,
      );
      const all = await read();
      expect(all.map((e) => [e.seq, e.operationId, e.status])).toEqual([
        [1, 'getProduct', 200],
        [2, 'getProduct', 404],
        [3, 'upsertCustomer', 204],
        [4, 'getProduct', 500],
      ]);
      expect(all[3]?.simulated).toBe(true);
      expect(JSON.stringify(all)).not.toMatch(/Bearer ey/);
      const filtered = [await read('?status=404'), await read('?operationId=upsertCustomer'), await read('?since=2')];
      expect(filtered.map((entries) => entries.map((e) => e.seq))).toEqual([[2], [3], [3, 4]]);
      journals[kind] = [all, ...filtered];
      expect((await sim.rawAdmin('DELETE', '/__sim/requests', 'journaled')).statusCode).toBe(204);
      expect(await read()).toEqual([]);
    },
  );
});

describe.skipIf(stores.skip('redis'))('the journal on both stores', () => {
  it('reads back the same entries for the same requests', () => {
    expect(journals.redis?.map(seen)).toEqual(journals.memory?.map(seen));
  });
});
