/**
 * `--state-file`: every tenant's records survive a restart (SIGTERM), and all but the last seconds a
 * `kill -9`; a shared directory's links and leftovers never make it write elsewhere; no tenant it
 * restored is lost.
 */
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAVE_INTERVAL_MS } from '../../../../simulator/store/memory/state-file.ts';
import { runCli } from '../../../support/cli.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../../support/simulator-process.ts';
import { ALL_SCOPES } from '../../../support/sim-harness.ts';

const simulate = (...args: string[]) => runCli(['simulate', '--port', '0', ...args], {}, 30_000);

const waitFor = async (condition: () => boolean, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const stateFileTenants = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    tenants: Record<string, { collections: { customers: { id: string }[] } }>;
  };

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

    // kill -9: what a periodic save (every SAVE_INTERVAL_MS) wrote before it is back.
    expect((await write('team-c', 'early', 'early')).status).toBe(204);
    await waitFor(
      () => stateFileTenants(file).tenants['team-c']?.collections.customers.some((c) => c.id === 'early') === true,
      'a periodic save with the write',
      10 * SAVE_INTERVAL_MS,
    );
    await sim.stop('SIGKILL');
    sim = await startSimulatorProcess(['--state-file', file]);
    expect((await customers(sim, 'team-c')).map((c) => c.id)).toContain('early');
    await sim.stop();
  }, 120_000);

  it('refuses a bad state file, and --state-file with --store, naming what is wrong', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gas-state-')), 'bad.json');
    writeFileSync(
      file,
      '{"version":1,"tenants":{"t":{"version":1,"collections":{"orderCounters":[{"consumerId":"c"}]}}}}',
    );
    const bad = await simulate('--state-file', file);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad snapshot for tenant t');
    // A tenant name no request could use (the tenant-name rule, simulator/tenant-name.ts).
    writeFileSync(file, '{"version":1,"tenants":{"bad name\\u001b[2J":{"version":1,"collections":{}}}}');
    const badName = await simulate('--state-file', file);
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('holds a tenant named "bad name\\u001b[2J", which is not a tenant name');
    const both = await simulate('--state-file', file, '--store', 'redis://127.0.0.1:1');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  }, 60_000);

  it('never writes through a symbolic link planted beside the state file, and keeps the file to its owner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-state-'));
    const file = join(dir, 'state.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const sim = await startSimulatorProcess(['--state-file', file, '--empty']);
    // Another user of a shared directory plants a link at a temporary file's name (FILE.<pid>.tmp).
    const planted = `${file}.${sim.child.pid}.tmp`;
    symlinkSync(victim, planted);
    const token = await sim.token({ scopes: ALL_SCOPES });
    const put = await fetch(`${sim.url}/v1/customers/c-1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cliente 1' }),
    });
    expect(put.status).toBe(204);
    await waitFor(() => existsSync(file), 'the first save');
    await sim.stop('SIGTERM');

    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(file).isFile()).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stateFileTenants(file).tenants.default?.collections.customers.map((c) => c.id)).toEqual(['c-1']);
    // No temporary file is left behind; the planted link is not the simulator's to remove.
    expect(readdirSync(dir).sort()).toEqual(['state.json', `state.json.${sim.child.pid}.tmp`, 'victim.txt']);
  }, 60_000);

  it('removes at start the temporary files a killed save left, only its own and never through a link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-state-'));
    const file = join(dir, 'state.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const leftovers = [`state.json.${'0f'.repeat(16)}.tmp`, `state.json.${'9a'.repeat(16)}.tmp`];
    for (const name of leftovers) writeFileSync(join(dir, name), '{"version":1,"tenants":{"half');
    const others = [
      'other.json.4242.tmp',
      'state.json.4242.tmp',
      'state.json.bak',
      'state.json.notes.tmp',
      'xstate.json.4242.tmp',
    ];
    for (const name of others) writeFileSync(join(dir, name), "not the simulator's");
    const link = `state.json.${'ab'.repeat(16)}.tmp`;
    symlinkSync(victim, join(dir, link));

    const sim = await startSimulatorProcess(['--state-file', file, '--empty']);
    await sim.stop('SIGTERM');

    expect(readdirSync(dir).sort()).toEqual([...others, link, 'victim.txt'].sort());
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  }, 60_000);

  it('refuses to start from a state file with more tenants than --max-tenants, losing none of them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-state-'));
    const file = join(dir, 'state.json');
    const names = Array.from({ length: 30 }, (_, i) => `team-${i}`);
    const state = {
      version: 1,
      tenants: Object.fromEntries(
        names.map((name) => [
          name,
          { version: 1, collections: { customers: [{ id: `${name}-customer`, name: 'Cliente' }] } },
        ]),
      ),
    };
    writeFileSync(file, JSON.stringify(state));

    const refused = await simulate('--state-file', file, '--max-tenants', '10');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('holds 30 tenants and --max-tenants is 10');
    expect(refused.stderr).toContain('--max-tenants 30 or more');
    expect(Object.keys(stateFileTenants(file).tenants).sort()).toEqual([...names].sort());

    // With room for them all, every one is served and saved again.
    const sim = await startSimulatorProcess(['--state-file', file, '--max-tenants', '30']);
    for (const name of names)
      expect(
        (await customers(sim, name)).map((c) => c.id),
        name,
      ).toEqual([`${name}-customer`]);
    await sim.stop('SIGTERM');
    const saved = stateFileTenants(file).tenants;
    for (const name of names)
      expect(
        saved[name]?.collections.customers.map((c) => c.id),
        name,
      ).toEqual([`${name}-customer`]);
  }, 90_000);

  it("refuses a state file that is a symbolic link or another user's file, naming why", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-state-'));
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, '{"version":1,"tenants":{}}');
    const link = join(dir, 'state.json');
    symlinkSync(elsewhere, link);
    const linked = await simulate('--state-file', link);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain(`the state file ${link} is a symbolic link`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);

    // Only root can make a file of another user to start from; elsewhere this half cannot be set up.
    if (process.getuid?.() !== 0) return;
    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, '{"version":1,"tenants":{}}');
    chownSync(foreign, 65534, 65534);
    const other = await simulate('--state-file', foreign);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`the state file ${foreign} belongs to another user (uid 65534)`);
  }, 60_000);
});
