/**
 * The simulator's worst case under its default limits, on a real process: every tenant the limit
 * allows filled to its record quota, and the journals to their budget, with 1 MB bodies. The RSS the
 * kernel reports stays under what the README and docs/shared-simulator.md state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_LIMITS } from '../../../../simulator/index.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../../support/simulator-process.ts';
import { ALL_SCOPES } from '../../../support/sim-harness.ts';

/** The figure stated for the defaults (README and docs/shared-simulator.md, "Running a shared simulator"). */
const STATED_WORST_CASE_MIB = 900;

let child: SimulatorProcess;
beforeAll(async () => {
  child = await startSimulatorProcess([]);
});
afterAll(async () => child.stop());

interface Health {
  tenants: number;
  maxTenants: number;
  evictedTenants: number;
  journalBytes: number;
  journalBudgetBytes: number;
}
const health = async () => (await (await fetch(`${child.url}/__sim/health`)).json()) as Health;

describe('memory under the default limits', () => {
  it(`stays under ${STATED_WORST_CASE_MIB} MiB with every tenant at its quota and the journals at their budget, and gives the journals back`, async () => {
    const token = await child.token({ scopes: ALL_SCOPES });
    const startMiB = child.rssMiB();
    const tenantCount = DEFAULT_TENANT_LIMITS.maxTenants + 10;
    const body = JSON.stringify({ name: 'x'.repeat(950_000) });
    const statuses = new Map<number, number>();
    const fill = async (tenant: number) => {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${child.url}/v1/customers/big-${i}`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'x-sim-tenant': `fill-${tenant}`,
            'content-type': 'application/json',
          },
          body,
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    for (let t = 0; t < tenantCount; t += 4)
      await Promise.all([t, t + 1, t + 2, t + 3].filter((n) => n < tenantCount).map(fill));
    const peakMiB = child.rssMiB();
    const full = await health();
    console.log(
      `defaults filled: RSS ${startMiB.toFixed(0)} MiB at start, ${peakMiB.toFixed(0)} MiB with ${full.tenants} tenants at quota, journals ${(full.journalBytes / 2 ** 20).toFixed(0)} MiB; statuses ${JSON.stringify([...statuses])}`,
    );
    // Four 950 kB records fit in a 4 MiB quota, the fifth is refused.
    expect(statuses.get(204)).toBe(4 * tenantCount);
    expect(statuses.get(507)).toBe(tenantCount);
    expect(full).toMatchObject({ tenants: DEFAULT_TENANT_LIMITS.maxTenants, evictedTenants: 10 });
    expect(full.journalBytes).toBeLessThanOrEqual(DEFAULT_TENANT_LIMITS.journalBudgetBytes);
    expect(full.journalBytes).toBeGreaterThan(DEFAULT_TENANT_LIMITS.journalBudgetBytes / 2);
    expect(peakMiB).toBeLessThan(STATED_WORST_CASE_MIB);

    for (let t = 10; t < tenantCount; t++)
      await (
        await fetch(`${child.url}/__sim/requests`, { method: 'DELETE', headers: { 'x-sim-tenant': `fill-${t}` } })
      ).arrayBuffer();
    const cleared = await health();
    expect(cleared.journalBytes).toBe(0);
    console.log(`journals deleted: RSS ${child.rssMiB().toFixed(0)} MiB`);
  }, 300_000);
});
