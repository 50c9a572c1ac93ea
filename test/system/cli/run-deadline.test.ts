/**
 * `--deadline`: against a deployment that answers the reachability probe and then nothing, each
 * command stops at its deadline with what it has, says so, and exits 1, instead of waiting a
 * time-out per step (about 9 minutes for `scenarios run` at the defaults).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.ts';

const DEADLINE_S = 4;
/** Past the deadline, a command may take this long to start (process, bundle) and write its reports. */
const MARGIN_MS = 15_000;

let server: Server;
let url = '';
let dir = '';

beforeAll(async () => {
  // Answers the probe (GET /) and the simulator check (/__sim/health) at once, then nothing ever again.
  server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/__sim'))
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'gas-deadline-'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function timed(args: string[]) {
  const began = performance.now();
  const result = await runCli([...args, '--deadline', `${DEADLINE_S}s`], process.env, DEADLINE_S * 1000 + 60_000);
  return { ...result, ms: performance.now() - began };
}

function expectStoppedAtDeadline(run: Awaited<ReturnType<typeof timed>>, what: string) {
  expect(run.killed, `${what} was still running a minute past its deadline`).toBe(false);
  expect(run.ms, what).toBeLessThan(DEADLINE_S * 1000 + MARGIN_MS);
  expect(run.code, `${what}: ${run.stderr}`).toBe(1);
  expect(run.stdout, what).toMatch(/stopped at the deadline after \d+\.\d s/);
}

// The commands wait on their deadlines side by side; the margin above covers their starting together.
describe.concurrent('the overall deadline of a run against a deployment that stops answering', () => {
  it("stops scenarios run at its deadline, says so in its output and JUnit, exits 1, and names the profile's target", async () => {
    const profile = join(dir, 'profile.yaml');
    writeFileSync(profile, `target: ${url}\ncredentials:\n  token: { value: a-token }\n`);
    const junit = join(dir, 'scenarios.xml');
    const run = await timed(['scenarios', 'run', '--profile', profile, '--junit', junit]);
    expectStoppedAtDeadline(run, 'scenarios run');
    expect(run.stdout).toMatch(/\d+ scenario steps not run/);
    expect(run.stderr).toContain(`against the target of profile ${profile}`);
    expect(run.stderr).not.toContain('in-process simulator');
    expect(readFileSync(junit, 'utf8')).toMatch(/<failure message="stopped at the deadline/);
  }, 120_000);

  it('stops fuzz and contracts verify at their deadline, saying so, exit 1', async () => {
    const [fuzz, verify] = await Promise.all([
      timed([
        'fuzz',
        ...['--target', url, '--token', 'a-token', '--runs', '5', '--out', join(dir, 'fuzz-failures')],
        ...['--operations', 'getProduct', 'getUserProfile', 'incrementOrderCounter'],
      ]),
      timed(['contracts', 'verify', '--target', url, '--token', 'a-token']),
    ]);
    expectStoppedAtDeadline(fuzz, 'fuzz');
    expect(fuzz.stdout).toMatch(/\d+ fuzz operations and sequences not run/);
    expectStoppedAtDeadline(verify, 'contracts verify');
    expect(verify.stdout).toMatch(/\d+ pact interactions not run/);
  }, 120_000);

  it('stops conform at its deadline, with the checkers not started named in its output and reports', async () => {
    const report = join(dir, 'conform');
    const run = await timed(['conform', '--target', url, '--token', 'a-token', '--report', report]);
    expectStoppedAtDeadline(run, 'conform');
    // The token is tried on a read before any checker starts; the silent deployment keeps that read
    // waiting, so the deadline comes before the first checker, and every checker is named.
    expect(run.stdout).toMatch(/checkers not started: scenarios, pact, fuzz/);
    const json = JSON.parse(readFileSync(join(report, 'conform.json'), 'utf8')) as { stoppedAtDeadline?: string };
    expect(json.stoppedAtDeadline).toMatch(/^stopped at the deadline .*; checkers not started: scenarios, pact, fuzz$/);
    expect(readFileSync(join(report, 'conform.md'), 'utf8')).toContain('stopped at the deadline');
  }, 120_000);

  it('refuses a --deadline that is no duration', async () => {
    const run = await runCli(['scenarios', 'run', '--target', url, '--deadline', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("option '--deadline <duration>' argument 'soon' is invalid");
  });
});
