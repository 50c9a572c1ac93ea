/**
 * Every command ends when its work is done, whatever the deployment answered: no timer, socket,
 * worker or child outlives its report. Each command runs as a process against broken deployments
 * behind the proxy that hides `/__sim` (a 500 to product reads; a token the deployment refuses), and
 * the test fails when a process is still running a few seconds after it last wrote anything.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget } from '../../support/broken-target.ts';
import { startCli } from '../../support/cli.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';

/**
 * How long a command may take from its report's last line to its exit: a few seconds, measured on a
 * test process that serves the deployment to several commands at once.
 */
const EXIT_MARGIN_MS = 8_000;

let simulator: RunningSimulator;
let broken: BrokenTarget;
let deployment: Deployment;
let dir = '';
let profile = '';
let refusedProfile = '';

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  broken = await startBrokenTarget({ upstream: simulator.url, operationId: 'getProduct', defect: 'serverError' });
  deployment = await startHiddenAdminDeployment(broken.url);
  dir = mkdtempSync(join(tmpdir(), 'gas-exit-'));
  const complete = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 8 });
  profile = join(dir, 'profile.yaml');
  writeFileSync(profile, JSON.stringify(complete));
  refusedProfile = join(dir, 'refused.yaml');
  writeFileSync(
    refusedProfile,
    JSON.stringify({ ...complete, credentials: { ...complete.credentials, token: { value: 'not-a-valid-token' } } }),
  );
}, 60_000);

afterAll(async () => {
  await deployment?.close();
  await broken?.close();
  await simulator?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the command; resolves with its exit code and how long it ran after writing `done` (the last
 * line of its report), both taken as the events arrive. A command still running 3 × EXIT_MARGIN_MS
 * after that line, or past `limitMs`, is killed and counts as never ending.
 */
function runToExit(args: string[], done: RegExp, limitMs = 400_000) {
  const cli = startCli(args);
  let reportedAt: number | undefined;
  let watchdog = setTimeout(() => void cli.stop('SIGKILL'), limitMs);
  const watch = () => {
    if (reportedAt !== undefined || !done.test(`${cli.stdout()}${cli.stderr()}`)) return;
    reportedAt = performance.now();
    clearTimeout(watchdog);
    watchdog = setTimeout(() => void cli.stop('SIGKILL'), EXIT_MARGIN_MS * 3);
  };
  cli.child.stdout?.on('data', watch);
  cli.child.stderr?.on('data', watch);
  return new Promise<{
    code: number | null;
    signal: string | null;
    lingeredMs: number;
    stdout: string;
    stderr: string;
  }>((resolve) =>
    cli.child.once('close', (code, signal) => {
      clearTimeout(watchdog);
      const exitedAt = performance.now();
      resolve({
        code,
        signal,
        lingeredMs: reportedAt === undefined || signal === 'SIGKILL' ? Infinity : exitedAt - reportedAt,
        stdout: cli.stdout(),
        stderr: cli.stderr(),
      });
    }),
  );
}

function expectEndedInTime(run: Awaited<ReturnType<typeof runToExit>>, what: string, codes: number[]) {
  expect(
    run.lingeredMs,
    `${what} did not write its report, or outlived it (exit ${run.code}, signal ${run.signal ?? 'none'}):\n${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`,
  ).toBeLessThan(EXIT_MARGIN_MS);
  expect(codes, `${what} exited ${run.code} (signal ${run.signal ?? 'none'}):\n${run.stderr.slice(-1500)}`).toContain(
    run.code,
  );
}

/** The line a usage error ends a command with. */
const USAGE_ERROR = /^gas-harness: .+$/m;

// One command (or one group) at a time: on a loaded machine, a run's time to its report varies; its exit after it must not.
describe('every command exits once its report is written', () => {
  it('conform against a deployment answering 500 to product reads exits 1 right after its reports', async () => {
    const run = await runToExit(
      ['conform', ...['--profile', profile, '--fuzz-runs', '2', '--seed', '7', '--report', join(dir, 'conform')]],
      /^wrote .*conform\.html$/m,
    );
    expectEndedInTime(run, 'conform', [1]);
    expect(run.stdout).toContain('wrote ');
  }, 450_000);

  it('scenarios run, fuzz and contracts verify against that deployment exit 1 after their reports', async () => {
    const [scenarios, fuzz, verify] = await Promise.all([
      runToExit(
        ['scenarios', 'run', '--profile', profile, '--junit', join(dir, 'scenarios.xml')],
        /wrote .*scenarios\.xml/,
      ),
      runToExit(
        [
          'fuzz',
          ...['--profile', profile, '--runs', '2', '--seed', '7', '--out', join(dir, 'fuzz-failures')],
          ...['--operations', 'getProduct', 'getUserProfile', '--junit', join(dir, 'fuzz.xml')],
        ],
        /wrote .*fuzz\.xml/,
      ),
      runToExit(['contracts', 'verify', '--profile', profile], /^coverage: \d+ of \d+ interactions verified/m),
    ]);
    expectEndedInTime(scenarios, 'scenarios run', [1]);
    expectEndedInTime(fuzz, 'fuzz', [1]);
    expectEndedInTime(verify, 'contracts verify', [1]);
  }, 450_000);

  it('record --journal through the broken deployment exits 0 after writing the suite', async () => {
    const run = await runToExit(
      ['record', '--journal', broken.url, '--out', join(dir, 'recorded.yaml')],
      /wrote .*recorded\.yaml|^gas-harness: /m,
    );
    expectEndedInTime(run, 'record --journal', [0, 2]);
  }, 450_000);

  it('each checking command exits 2 at once when the deployment refuses the profile token', async () => {
    const runs = await Promise.all([
      runToExit(['conform', '--profile', refusedProfile, '--fuzz-runs', '2'], USAGE_ERROR, 200_000),
      runToExit(['scenarios', 'run', '--profile', refusedProfile], USAGE_ERROR, 200_000),
      runToExit(
        ['fuzz', '--profile', refusedProfile, '--runs', '2', '--out', join(dir, 'refused-failures')],
        USAGE_ERROR,
        200_000,
      ),
      runToExit(['contracts', 'verify', '--profile', refusedProfile], USAGE_ERROR, 200_000),
    ]);
    for (const [i, run] of runs.entries()) {
      const what = ['conform', 'scenarios run', 'fuzz', 'contracts verify'][i] ?? '';
      expectEndedInTime(run, what, [2]);
      expect(run.stderr, what).toContain('credentials.token');
      expect(run.stderr, what).toContain('401');
      expect(`${run.stdout}${run.stderr}`, what).not.toContain('not-a-valid-token');
    }
  }, 450_000);
});
