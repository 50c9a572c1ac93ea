/**
 * `npm run test:seeds [N]`: the property tests and the fuzzer over N random seeds, apart from `npm test`
 * (which CI runs on its fixed seed), so a new finding is a replay file to act on, not a red landing.
 * Each failure leaves `seed-failures/<seed>/`: REPLAY.md with the command that replays it and the
 * failure, and, for the fuzzer, its own scenario files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectFile } from '../project-files.ts';

const rounds = Number(process.argv[2] ?? 3);
// cwd is the project root for the relative paths handed to vitest and the command.
process.chdir(projectFile());
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`test:seeds: the number of seeds is a positive integer, not "${process.argv[2]}"`);
  process.exit(2);
}
const OUT = projectFile('seed-failures');

/**
 * The test files that draw from the property seed (test/support/property-seed.ts), but `conform`'s and
 * the reports': they run the same fuzzer through a whole conformance pass, which the fuzzer run below
 * covers in a fraction of the time.
 */
const SKIPPED_DIRS = new Set(['conform', 'ux']);
function propertyTestFiles(dir = projectFile('test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : propertyTestFiles(path);
    return entry.name.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('property-seed')
      ? [relative(projectFile(), path)]
      : [];
  });
}

interface VitestJson {
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

const files = propertyTestFiles();
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--no-types'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(2);
let failed = 0;
for (let round = 1; round <= rounds; round++) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const dir = join(OUT, String(seed));
  const env = { ...process.env, FUZZ_SEED: String(seed) };
  console.log(`seed ${seed} (${round} of ${rounds}): ${files.length} property test files, then the fuzzer`);
  const resultFile = join(OUT, `.vitest-${seed}.json`);
  mkdirSync(OUT, { recursive: true });
  spawnSync('npx', ['vitest', 'run', ...files, '--reporter=json', `--outputFile=${resultFile}`], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const report = JSON.parse(readFileSync(resultFile, 'utf8')) as VitestJson;
  rmSync(resultFile);
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file: relative(projectFile(), file.name), ...test })),
  );
  const fuzz = spawnSync(
    process.execPath,
    ['dist/cli.js', 'fuzz', '--runs', '50', '--seed', String(seed), '--out', join(dir, 'fuzz')],
    { env, encoding: 'utf8' },
  );
  if (failures.length === 0 && fuzz.status === 0) {
    rmSync(dir, { recursive: true, force: true });
    console.log(`seed ${seed}: passed`);
    continue;
  }
  failed++;
  mkdirSync(dir, { recursive: true });
  const lines = [`# Seed ${seed}`, ''];
  for (const test of failures)
    lines.push(
      `## ${test.fullName}`,
      '',
      '```sh',
      `FUZZ_SEED=${seed} npx vitest run ${test.file} -t ${JSON.stringify(test.fullName)}`,
      '```',
      '',
      '```',
      test.failureMessages.join('\n').slice(0, 4000),
      '```',
      '',
    );
  if (fuzz.status !== 0)
    lines.push(
      '## gas-harness fuzz',
      '',
      '```sh',
      `node dist/cli.js fuzz --runs 50 --seed ${seed}`,
      '```',
      '',
      `Its scenario files: \`${relative(projectFile(), join(dir, 'fuzz'))}/\`.`,
      '',
      '```',
      (fuzz.stdout + fuzz.stderr).slice(-4000),
      '```',
    );
  writeFileSync(join(dir, 'REPLAY.md'), `${lines.join('\n')}\n`);
  console.log(
    `seed ${seed}: ${failures.length + (fuzz.status === 0 ? 0 : 1)} failing, see ${relative(projectFile(), dir)}/REPLAY.md`,
  );
}
console.log(`${rounds - failed} of ${rounds} seeds passed`);
process.exit(failed === 0 ? 0 : 1);
