/**
 * The replay lines of a conform run run as printed: the whole run's line (conform.md, conform.html,
 * the console) and a rule's line carry the profile and the filter the run used. Each printed line is
 * read as a shell reads it and run through the built command against the same deployment, hiding
 * `/__sim`: it exits as a run does (0 or 1), never 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { ruleReplay, type ConformReport } from '../../../conform/index.ts';
import { runCli } from '../../support/cli.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';

let simulator: RunningSimulator;
let deployment: Deployment;
let dir = '';
let profile = '';

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startHiddenAdminDeployment(simulator.url);
  dir = mkdtempSync(join(tmpdir(), 'gas-replay-'));
  profile = join(dir, 'my profile.yaml');
  writeFileSync(profile, JSON.stringify(await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 4 })));
}, 60_000);

afterAll(async () => {
  await deployment?.close();
  await simulator?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The words of a command line as a POSIX shell splits them (single and double quotes, no expansions). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(\\.|[^\s'"])+|(\s+)/g;
  let word: string | undefined;
  for (const m of line.matchAll(pattern)) {
    if (m[4] !== undefined) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    word = (word ?? '') + (m[1] ?? m[2] ?? m[0]);
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Runs a printed `npx gas-harness …` line through the built command. */
async function runPrinted(line: string) {
  const words = shellWords(line.trim());
  expect(words.slice(0, 2), line).toEqual(['npx', 'gas-harness']);
  return runCli(words.slice(2), {}, 240_000);
}

describe('the replay lines of a conform run', () => {
  it('run as printed, with the profile and the filter the run used', async () => {
    const report = join(dir, 'report');
    const first = await runCli(
      [
        'conform',
        ...['--profile', profile, '--checks', 'scenarios,fuzz', '--operations', 'getProduct'],
        ...['--fuzz-runs', '2', '--seed', '7', '--min-coverage', '50', '--report', report],
      ],
      {},
      240_000,
    );
    expect(first.code, first.stderr).toBe(0);
    const printed = /^replay: (.+)$/m.exec(first.stdout)?.[1] ?? '';
    const markdown = readFileSync(join(report, 'conform.md'), 'utf8');
    const html = readFileSync(join(report, 'conform.html'), 'utf8');
    expect(printed, first.stdout.slice(-1500)).toContain("--profile '");
    expect(printed).toContain('--operations getProduct --checks scenarios,fuzz');
    expect(markdown).toContain(printed);
    expect(html).toContain(printed.replaceAll("'", '&#39;'));

    const again = await runPrinted(printed);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`replay: ${printed}`);

    // A rule's own line (every report prints it beside a broken rule): its scenario file, narrowed to
    // its operation, against the same profile.
    const json = JSON.parse(readFileSync(join(report, 'conform.json'), 'utf8')) as ConformReport;
    const scenarioRule = json.rules.find((r) => r.source === 'scenarios' && r.where);
    expect(scenarioRule).toBeDefined();
    const ruleLine = scenarioRule ? (ruleReplay(scenarioRule, json) ?? '') : '';
    expect(ruleLine).toContain("--profile '");
    expect(ruleLine).toContain('--operations getProduct');
    const step = await runPrinted(ruleLine);
    expect([0, 1], step.stderr).toContain(step.code);
    expect(step.stdout).toMatch(/suites: \d+ passed/);
  }, 600_000);
});
