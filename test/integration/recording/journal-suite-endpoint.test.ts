import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type AdminApiError, createAdminClient, type AdminClient } from '../../../client/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import type { SuiteSpec } from '../../../contract/index.ts';
import { runPartnerJourney } from '../../support/partner-journey.ts';

let simulator: RunningSimulator;
let admin: AdminClient;
let token: string;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  const tenant = `console-${randomUUID()}`;
  admin = createAdminClient({ baseUrl: simulator.url, tenant });
  ({ token } = await runPartnerJourney(simulator.url, simulator.url, tenant));
});
afterAll(async () => {
  await simulator.close();
});

describe("GET /__sim/requests/suite (the console's save as suite)", () => {
  it("answers the tenant's journal as a suite in YAML, with captures and no token", async () => {
    const text = await admin.getRequestsSuite({ name: 'Saved from the console' });
    const suite = parse(text) as SuiteSpec;
    expect(suite.name).toBe('Saved from the console');
    expect(suite.steps.map((s) => s.expect?.status)).toEqual([201, 204, 200, 409]);
    expect(suite.steps[0]?.capture).toEqual({ brandId: '$.data.id' });
    expect(text).not.toContain(token);
  });

  it('takes the filter the journal takes, and the sequence numbers the console shows', async () => {
    const created = parse(await admin.getRequestsSuite({ operationId: 'createBrand', status: 409 })) as SuiteSpec;
    expect(created.steps.map((s) => s.expect?.status)).toEqual([409]);
    const [, second, third] = await admin.listRequests();
    const shown = parse(await admin.getRequestsSuite({ seq: `${second?.seq},${third?.seq}` })) as SuiteSpec;
    expect(shown.steps.map((s) => s.request.method)).toEqual(['PUT', 'GET']);
  });

  it('answers 400 naming the parameter when the filter is wrong or selects nothing', async () => {
    const refusal = (query: Parameters<AdminClient['getRequestsSuite']>[0]) =>
      admin.getRequestsSuite(query).then(
        () => undefined,
        (error: unknown) => error as AdminApiError,
      );
    await expect(refusal({ operationId: 'noSuchOperation' })).resolves.toMatchObject({
      status: 400,
      message: expect.stringContaining('query.operationId'),
    });
    await expect(refusal({ status: 599 })).resolves.toMatchObject({
      status: 400,
      message: expect.stringContaining('nothing to record'),
    });
  });
});
