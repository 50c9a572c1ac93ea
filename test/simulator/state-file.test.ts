/** `--state-file`: every tenant's records survive a restart (SIGTERM), and all but the last seconds a `kill -9`. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SAVE_INTERVAL_MS } from '../../simulator/state-file.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../support/simulator-process.ts';
import { ALL_SCOPES } from './sim-harness.ts';

const customers = async (sim: SimulatorProcess, tenant: string) =>
  (
    (await (await fetch(`${sim.url}/__sim/state`, { headers: { 'x-sim-tenant': tenant } })).json()) as {
      collections: { customers: { id: string; name: string }[] };
    }
  ).collections.customers;

describe('--state-file', () => {
  it("brings every tenant's records back after SIGTERM, and those older than the save interval after kill -9", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gas-state-')), 'state.json');
    let sim = await startSimulatorProcess(['--state-file', file]);
    let token = await sim.token({ scopes: ALL_SCOPES });
    const write = (tenant: string, id: string, name: string) =>
      fetch(`${sim.url}/v1/customers/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'x-sim-tenant': tenant, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    for (const tenant of ['team-a', 'team-b', 'default'])
      for (let i = 0; i < 50; i++) expect((await write(tenant, `${tenant}-${i}`, `Cliente ${i}`)).status).toBe(204);
    await fetch(`${sim.url}/__sim/reset?empty=true`, { method: 'POST', headers: { 'x-sim-tenant': 'emptied' } });
    await sim.stop('SIGTERM');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });

    sim = await startSimulatorProcess(['--state-file', file]);
    token = await sim.token({ scopes: ALL_SCOPES });
    for (const tenant of ['team-a', 'team-b', 'default']) {
      const ids = new Set((await customers(sim, tenant)).map((c) => c.id));
      for (let i = 0; i < 50; i++) expect(ids.has(`${tenant}-${i}`), `${tenant}-${i}`).toBe(true);
    }
    expect(await customers(sim, 'emptied')).toEqual([]);

    // kill -9: what was written more than a save interval before is back.
    expect((await write('team-c', 'early', 'early')).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2 * SAVE_INTERVAL_MS + 500));
    await sim.stop('SIGKILL');
    sim = await startSimulatorProcess(['--state-file', file]);
    expect((await customers(sim, 'team-c')).map((c) => c.id)).toContain('early');
    await sim.stop();
  }, 120_000);

  it('refuses a bad state file, and --state-file with --store, naming what is wrong', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gas-state-')), 'bad.json');
    writeFileSync(
      file,
      '{"version":1,"tenants":{"t":{"version":1,"collections":{"orderCounters":[{"consumerId":"c"}]}}}}',
    );
    const cli = ['--import', 'tsx', new URL('../../cli/main.ts', import.meta.url).pathname, 'simulate', '--port', '0'];
    const bad = spawnSync(process.execPath, [...cli, '--state-file', file], { encoding: 'utf8', timeout: 30_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('bad snapshot for tenant t');
    const both = spawnSync(process.execPath, [...cli, '--state-file', file, '--store', 'redis://127.0.0.1:1'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('not both');
  }, 60_000);
});
