/**
 * The CI example of the docs (`docs/ci/github-actions.yml`) runs as written: every `run:` line of
 * its two jobs (but `npm ci`) goes through a shell, `npx gas-harness` being the built command, in a
 * checkout holding a profile, a baseline and a contract a pull request changed, against a deployment
 * that hides `/__sim`. The conform job passes and writes its summary and JUnit; the spec diff job
 * writes its Markdown summary and fails on the breaking change.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectFile } from '../../../project-files.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { BUILT_CLI } from '../../support/cli.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';

interface Step {
  run?: string;
  if?: string;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync(projectFile('docs', 'ci', 'github-actions.yml'), 'utf8')) as Workflow;
let simulator: RunningSimulator;
let deployment: Deployment;
let checkout = '';
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startHiddenAdminDeployment(simulator.url);
  checkout = mkdtempSync(join(tmpdir(), 'gas-ci-example-'));
  // `npx gas-harness …` is the built command.
  const bin = join(checkout, '.bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = gas-harness ] && shift\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  // The profile names its credentials by environment variable, as a CI job gives them.
  const profile = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 8 });
  const secret = (name: string, source: { value: string } | undefined) => {
    env[name] = source?.value;
    return { env: name };
  };
  const credentials = profile.credentials ?? {};
  const value = (source: unknown) => source as { value: string } | undefined;
  mkdirSync(join(checkout, 'ci'));
  writeFileSync(
    join(checkout, 'ci', 'staging.yaml'),
    JSON.stringify({
      ...profile,
      credentials: {
        ...credentials,
        token: secret('GAS_TOKEN', value(credentials.token)),
        tokenWithoutPermission: secret('GAS_TOKEN_NO_SCOPES', value(credentials.tokenWithoutPermission)),
        expiredToken: secret('GAS_EXPIRED_TOKEN', value(credentials.expiredToken)),
      },
    }),
  );
  writeFileSync(join(checkout, 'ci', 'conform-baseline.yaml'), 'version: 1\naccepted: []\n');
  // The pull request's base holds the committed contract; the pull request removes an operation.
  mkdirSync(join(checkout, 'spec'));
  const spec = readFileSync(projectFile('contract', 'gas-platform.openapi.yaml'), 'utf8');
  writeFileSync(join(checkout, 'spec', 'gas-platform.openapi.yaml'), spec);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: checkout, stdio: 'pipe' });
  git('init', '-q');
  git('add', 'spec');
  git('-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-qm', 'base');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  const withoutBrands = spec.replace(/\n {2}\/v1\/brands:\n(?: {4,}.*\n|\n)+/, '\n');
  expect(withoutBrands).not.toEqual(spec);
  writeFileSync(join(checkout, 'spec', 'gas-platform.openapi.yaml'), withoutBrands);
  env = {
    ...env,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    GITHUB_RUN_ID: '7',
    GITHUB_BASE_REF: 'main',
    GITHUB_STEP_SUMMARY: join(checkout, 'summary.md'),
  };
}, 120_000);

afterAll(async () => {
  await deployment?.close();
  await simulator?.close();
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

/** One `run:` line through a shell, without blocking this process (which serves the deployment). */
function shell(line: string): Promise<{ code: number; output: string }> {
  const child = spawn('/bin/sh', ['-c', line], { cwd: checkout, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code: code ?? 1, output })));
}

/** Runs a job's `run:` lines in order as a runner would (a failed step stops the rest, but `if: always()` ones). */
async function runJob(name: string): Promise<{ line: string; code: number; output: string }[]> {
  const results: { line: string; code: number; output: string }[] = [];
  let failed = false;
  for (const step of workflow.jobs[name]?.steps ?? []) {
    if (!step.run || step.run === 'npm ci') continue;
    if (failed && step.if !== 'always()') continue;
    const run = await shell(step.run);
    results.push({ line: step.run, ...run });
    failed ||= run.code !== 0;
  }
  return results;
}

describe('the CI example in docs/ci/github-actions.yml', () => {
  it('judges a deployment with a baseline, writing the job summary and JUnit, and passes', async () => {
    const results = await runJob('conform');
    expect(results.map((r) => r.line)).toContain(
      'npx gas-harness conform --profile ci/staging.yaml --baseline ci/conform-baseline.yaml --strict --report reports/conform --seed "$GITHUB_RUN_ID" --deadline 30m',
    );
    for (const r of results) expect(r.code, `${r.line}\n${r.output.slice(-3000)}`).toBe(0);
    const summary = readFileSync(join(checkout, 'summary.md'), 'utf8');
    expect(summary).toContain('gas-harness conform: PASS');
    expect(summary).toContain('Accepted by the baseline');
    expect(existsSync(join(checkout, 'reports', 'conform', 'conform.junit.xml'))).toBe(true);
    for (const r of results) expect(r.output).not.toContain(env.GAS_TOKEN ?? '-');
  }, 600_000);

  it('on a pull request, writes the spec diff as Markdown to the job summary and fails on a breaking change', async () => {
    const results = await runJob('spec-diff');
    const last = results.at(-1);
    expect(last?.line).toContain('--fail-on breaking');
    expect(last?.code, last?.output).toBe(1);
    for (const r of results.slice(0, -1)) expect(r.code, `${r.line}\n${r.output}`).toBe(0);
    const summary = readFileSync(join(checkout, 'summary.md'), 'utf8');
    expect(summary).toContain('# Spec diff');
    expect(summary).toContain('createBrand');
  }, 120_000);
});
