/**
 * The published package, as a partner team gets it: `npm pack` (which builds, through `prepare`), the
 * tarball installed into an empty folder, the package's own folder made read-only, then the command
 * and the programmatic API used from there. When the tests run as root, whom file modes do not stop,
 * everything that runs the package runs as the unprivileged user `nobody`; and in any case the
 * package's folder must be exactly as installed afterwards (nothing written under it at run time).
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The unprivileged user that runs the package when the tests run as root. */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

let work: string;
let consumer: string;
let installed: string;
let filesAsInstalled: string;
let runEnv: NodeJS.ProcessEnv;

/** Every file and folder under `dir` with its size and modification time, one per line, sorted. */
function listing(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((path) => {
      const stat = statSync(join(dir, path));
      return `${path} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
}

function run(
  command: string,
  args: string[],
  options: SpawnSyncOptions = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, ...options });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gas-harness-pack-'));
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  const packed = run('npm', ['pack', '--pack-destination', work], { cwd: ROOT });
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();

  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'partner-tests', private: true, type: 'module' }),
  );
  const install = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball ?? '')], {
    cwd: consumer,
  });
  expect(install.status, install.stderr).toBe(0);

  installed = join(consumer, 'node_modules', 'gas-harness');
  expect(run('chmod', ['-R', 'a-w', installed]).status).toBe(0);
  filesAsInstalled = listing(installed);
  // The unprivileged user reads the temporary folder and keeps npm's cache and logs in one of its own.
  chmodSync(work, 0o755);
  const npmCache = join(work, 'npm-cache');
  mkdirSync(npmCache, { mode: 0o777 });
  chmodSync(npmCache, 0o777);
  runEnv = { ...process.env, HOME: work, npm_config_cache: npmCache, npm_config_update_notifier: 'false' };
}, 600_000);

afterAll(() => {
  if (!work) return;
  // A full install: tens of thousands of files, which take a while to remove on a busy machine.
  spawnSync('chmod', ['-R', 'u+w', work]);
  rmSync(work, { recursive: true, force: true });
}, 600_000);

describe('the packed package, installed read-only into an empty folder', () => {
  it('holds the built command, the API and its types, and no TypeScript sources or build scripts', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(manifest.bin['gas-harness']).toBe('dist/cli.js');
    const files = readdirSync(installed, { recursive: true }).map(String);
    for (const file of [
      'dist/cli.js',
      'dist/index.js',
      'dist/verify-worker.js',
      'dist/gas-platform.openapi.json',
      'dist/admin-api.openapi.json',
      'dist/types/index.d.ts',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.some((f) => f.startsWith('scripts'))).toBe(false);
  });

  it('answers `npx gas-harness --help`', { timeout: 120_000 }, () => {
    const help = run('npx', ['--no-install', 'gas-harness', '--help'], { cwd: consumer, env: runEnv, ...UNPRIVILEGED });
    expect(help.stderr).not.toMatch(/error/i);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: gas-harness');
    expect(help.stdout).toContain('simulate');
  });

  it('serves with `npx gas-harness simulate --port 0`: health answers 200', { timeout: 120_000 }, async () => {
    const child = spawn('npx', ['--no-install', 'gas-harness', 'simulate', '--port', '0'], {
      cwd: consumer,
      env: runEnv,
      detached: true,
      ...UNPRIVILEGED,
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        // The banner goes to standard error, pino's log lines to standard output.
        const read = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then((code) =>
          reject(new Error(`gas-harness simulate exited (${code}) before listening: ${output}`)),
        );
      });
      const health = await fetch(`${url}/__sim/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ simulator: 'gas-harness' });
    } finally {
      // npx runs the command in a process of its own: stop the whole group.
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  });

  it(
    'type-checks a TypeScript file that imports the API, its libraries checked too (no skipLibCheck), and runs it',
    { timeout: 300_000 },
    () => {
      writeFileSync(
        join(consumer, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            // A partner's project may check every declaration file it loads: the package's must stand
            // alone, reaching no declarations that need packages it does not install (@types/express).
            skipLibCheck: false,
            outDir: 'out',
            types: ['node'],
            typeRoots: [join(ROOT, 'node_modules', '@types')],
          },
          files: ['partner-test.ts'],
        }),
      );
      writeFileSync(
        join(consumer, 'partner-test.ts'),
        [
          "import { conform, startSimulator, verifyPacts, type ConformReport, type RunningSimulator } from 'gas-harness';",
          "import type { FuzzReport, ScenarioReport, VerifyPactsReport, AdminClient, Contract } from 'gas-harness';",
          'export type Reports = [FuzzReport, ScenarioReport, VerifyPactsReport, AdminClient, Contract, typeof verifyPacts];',
          'const simulator: RunningSimulator = await startSimulator({ port: 0 });',
          'try {',
          '  const health = await fetch(`${simulator.url}/__sim/health`);',
          '  const report: ConformReport = await conform({ target: simulator.url, fuzzRuns: 2, seed: 1 });',
          '  const checkers = report.checkers.map((c) => c.source);',
          '  console.log(JSON.stringify({ health: health.status, passed: report.passed, checkers, totals: report.totals }));',
          '} finally {',
          '  await simulator.close();',
          '}',
        ].join('\n'),
      );
      const compiled = run(process.execPath, [TSC, '-p', consumer], { cwd: consumer });
      expect(compiled.stdout + compiled.stderr).toBe('');
      expect(compiled.status).toBe(0);

      const ran = run(process.execPath, [join(consumer, 'out', 'partner-test.js')], {
        cwd: consumer,
        env: runEnv,
        ...UNPRIVILEGED,
      });
      expect(ran.status, ran.stderr).toBe(0);
      const result = JSON.parse(ran.stdout.trim().split('\n').at(-1) ?? '') as {
        health: number;
        passed: boolean;
        checkers: string[];
        totals: { pass: number; FAILURE: number };
      };
      expect(result.health).toBe(200);
      expect(result.checkers).toEqual(['scenarios', 'pact', 'fuzz']);
      expect(result.totals.FAILURE).toBe(0);
      expect(result.totals.pass).toBeGreaterThan(0);
      expect(result.passed).toBe(true);
    },
  );

  it('gives real types: a wrong option or a wrong use of a result does not type-check', { timeout: 120_000 }, () => {
    writeFileSync(
      join(consumer, 'wrong.ts'),
      [
        "import { conform, startSimulator } from 'gas-harness';",
        "const simulator = await startSimulator({ port: 'any' });",
        'const report = await conform({ target: simulator.url });',
        'const passed: string = report.passed;',
        'console.log(passed);',
      ].join('\n'),
    );
    const wrong = run(
      process.execPath,
      [
        TSC,
        '--noEmit',
        '--module',
        'NodeNext',
        '--moduleResolution',
        'NodeNext',
        '--target',
        'ES2022',
        '--strict',
        '--skipLibCheck',
        '--types',
        'node',
        '--typeRoots',
        join(ROOT, 'node_modules', '@types'),
        'wrong.ts',
      ],
      { cwd: consumer },
    );
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(/wrong\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(wrong.stdout).toMatch(/wrong\.ts\(4,\d+\): error TS2322: Type 'boolean' is not assignable to type 'string'/);
  });

  it('wrote nothing under the package folder while it ran', () => {
    expect(listing(installed)).toBe(filesAsInstalled);
  });
});
