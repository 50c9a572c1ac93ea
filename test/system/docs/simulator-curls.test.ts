/**
 * The curls of docs/simulator.md ("Calling every operation"), run as a partner would paste them into
 * a shell against `gas-harness simulate` on the demo dataset: each operation answers the status its
 * line's comment says.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../support/simulator-process.ts';

const DOC = readFileSync(projectFile('docs', 'simulator.md'), 'utf8');
const section = DOC.slice(DOC.indexOf('## Calling every operation'));
const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
/** The script, its base URL taken from the environment instead of the default port. */
const script = block.replace(/^SIM=.*$/m, '');
/** Each operation's curl with the status its comment gives (the first number after `#`). */
const calls = block
  .split('\n')
  .filter((line) => line.startsWith('curl -i'))
  .map((line) => ({ line, status: Number(/#\s*(\d{3})/.exec(line)?.[1]) }));

/** curl is what the docs use; without it the test skips, except under CI (GAS_REQUIRE_SERVICES=1). */
const CURL_MISSING = spawnSync('sh', ['-c', 'command -v curl']).status !== 0;
if (CURL_MISSING) {
  if (process.env.GAS_REQUIRE_SERVICES === '1') throw new Error('GAS_REQUIRE_SERVICES=1 but curl is not installed');
  console.warn('docs/simulator.md curl test skipped: curl is not installed (apt-get install -y curl)');
}

let sim: SimulatorProcess;
beforeAll(async () => {
  if (!CURL_MISSING) sim = await startSimulatorProcess([]);
});
afterAll(async () => sim?.stop());

describe('docs/simulator.md, calling every operation', () => {
  it('has a curl with its status for every operation', () => {
    expect(script).toContain('$SIM/__sim/tokens');
    expect(calls.length).toBe(15);
    for (const { line, status } of calls) expect(status, line).toBeGreaterThanOrEqual(200);
  });

  it.skipIf(CURL_MISSING)(
    'answers each curl, pasted into a shell, with the status its comment says',
    async () => {
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          'bash',
          ['-c', `set -eu\n${script}`],
          { env: { ...process.env, SIM: sim.url }, timeout: 60_000 },
          (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
        ),
      );
      // A body without a final newline runs into the next status line: find them anywhere.
      const statuses = [...output.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      expect(statuses).toEqual(calls.map((c) => c.status));
    },
    90_000,
  );
});
