/**
 * `npm run bench:ab -- <git ref>`: the regression guard for the request path. Builds `ref` in a
 * temporary git worktree (its own `npm ci`, or this tree's node_modules linked when the lockfiles
 * are equal), then runs this build's simulator and that one's in the same rounds (ABBA, then BAAB),
 * each run on a fresh process warmed up first, and prints the server CPU per request of each (the kernel's
 * accounting of its process group: cpu-accounting.ts) and their ratio per operation, with its
 * spread over the rounds. The worktree is removed afterwards. BENCH_SECONDS (default 5) and
 * BENCH_ROUNDS (default 3) set the length and number of rounds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdminClient } from '../client/index.ts';
import { roundRatios } from './bench-results.ts';
import { setting } from './bench-settings.ts';
import { cpuMicrosPerRequest } from './cpu-accounting.ts';
import { runLoad, type LoadResult } from './load.ts';
import { spawnSimulator } from './simulator-process.ts';
import { BENCH_SCOPES, BENCHMARKED_OPERATIONS, requestsFor, type BenchmarkedOperation } from './workloads.ts';

const SECONDS = setting('BENCH_SECONDS', 5);
const ROUNDS = setting('BENCH_ROUNDS', 3);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const say = (message: string) => process.stderr.write(`bench:ab: ${message}\n`);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

interface Build {
  name: string;
  bin: string;
  /** Whether its `simulate` takes the bench's `--tenant-quota-mb` (older builds had no quota). */
  limits: boolean;
}

interface Round {
  cpuUsPerRequest: number;
  rps: number;
}

/** Checks out and builds `ref` under `dir`; answers its build. */
function buildRef(ref: string, sha: string, dir: string): Build {
  git('worktree', 'add', '--detach', dir, sha);
  const lock = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(ROOT)) {
    say(`${ref}: same lockfile, node_modules linked`);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } else {
    say(`${ref}: another lockfile, npm ci`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'ignore' });
  }
  say(`${ref}: building dist/`);
  execFileSync(
    process.execPath,
    [join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts', '--no-types'],
    {
      cwd: dir,
      stdio: 'ignore',
    },
  );
  return withLimits(`${ref} (${sha.slice(0, 7)})`, join(dir, 'dist', 'cli.js'));
}

function withLimits(name: string, bin: string): Build {
  const help = execFileSync(process.execPath, [bin, 'simulate', '--help'], { encoding: 'utf8' });
  return { name, bin, limits: help.includes('--tenant-quota-mb') };
}

/** One round on a fresh simulator of `build`: a warm-up, then the measured load with its CPU read either side. */
async function round(build: Build, operation: BenchmarkedOperation): Promise<Round> {
  const sim = await spawnSimulator({ bin: build.bin, limits: build.limits });
  try {
    const { accessToken } = await createAdminClient({ baseUrl: sim.url }).mintToken({
      scopes: BENCH_SCOPES,
      expiresInSeconds: 3_600,
    });
    const requests = requestsFor(operation, accessToken);
    await runLoad({ url: sim.url, connections: CONNECTIONS, durationSec: WARMUP_SECONDS, requests });
    const before = sim.cpuMs();
    const result: LoadResult = await runLoad({
      url: sim.url,
      connections: CONNECTIONS,
      durationSec: SECONDS,
      requests,
    });
    const cpuUsPerRequest = cpuMicrosPerRequest(before, sim.cpuMs(), result.requests);
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(
        `${build.name} ${operation}: ${result.errors} errors, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCounts)}`,
      );
    return { cpuUsPerRequest, rps: result.rps };
  } finally {
    await sim.close();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function compare(self: Build, other: Build): Promise<void> {
  const lines: string[] = [];
  for (const operation of BENCHMARKED_OPERATIONS) {
    const ours: Round[] = [];
    const theirs: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      // Each round is ABBA, and the next BAAB: which build runs first in a pair changed its figure
      // by up to 1.7x on a busy machine, so each round has both orders, and a drift is shared.
      const order = r % 2 === 1 ? [self, other, other, self] : [other, self, self, other];
      const inRound: { ours: Round[]; theirs: Round[] } = { ours: [], theirs: [] };
      for (const build of order) {
        const figures = await round(build, operation);
        (build === self ? inRound.ours : inRound.theirs).push(figures);
        say(
          `${operation} round ${r} ${build.name}: ${figures.cpuUsPerRequest.toFixed(1)} µs CPU per request, ${figures.rps.toFixed(0)} rps`,
        );
      }
      const pooled = (side: Round[]): Round => ({
        cpuUsPerRequest: mean(side.map((f) => f.cpuUsPerRequest)),
        rps: mean(side.map((f) => f.rps)),
      });
      ours.push(pooled(inRound.ours));
      theirs.push(pooled(inRound.theirs));
    }
    const ratio = roundRatios(
      ours.map((o) => o.cpuUsPerRequest),
      theirs.map((o) => o.cpuUsPerRequest),
    );
    lines.push(
      [
        operation.padEnd(17),
        `${mean(ours.map((o) => o.cpuUsPerRequest)).toFixed(1)} µs`.padEnd(12),
        `${mean(theirs.map((o) => o.cpuUsPerRequest)).toFixed(1)} µs`.padEnd(12),
        `${ratio.mean.toFixed(3)} (${ratio.min.toFixed(3)}–${ratio.max.toFixed(3)})`.padEnd(24),
        `${(mean(ours.map((o) => o.rps)) / mean(theirs.map((o) => o.rps))).toFixed(2)}`,
      ].join(''),
    );
  }
  process.stdout.write(
    [
      `CPU per request, this build against ${other.name}: ${ROUNDS} rounds (ABBA, then BAAB) of 4 × ${SECONDS} s at ${CONNECTIONS} connections; ratio per round, mean (min–max)`,
      `${'operation'.padEnd(17)}${'this'.padEnd(12)}${'other'.padEnd(12)}${'ratio (min–max)'.padEnd(24)}rate ratio`,
      ...lines,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const ref = process.argv[2];
  if (!ref || ref.startsWith('-')) {
    process.stderr.write('usage: npm run bench:ab -- <git ref>\n');
    process.exit(2);
  }
  let sha: string;
  try {
    sha = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    process.stderr.write(`bench:ab: ${ref} names no commit in this repository\n`);
    process.exit(2);
  }
  const changed = git('status', '--porcelain', '--untracked-files=no') === '' ? '' : ' with uncommitted changes';
  const self = withLimits(
    `this build (${git('rev-parse', '--short', 'HEAD')}${changed})`,
    join(ROOT, 'dist', 'cli.js'),
  );
  const tmp = mkdtempSync(join(tmpdir(), 'gas-harness-ab-'));
  const dir = join(tmp, 'tree');
  const removeWorktree = (): void => {
    // The linked node_modules is this tree's own: unlinked first, so that nothing removes what it points to.
    const linked = join(dir, 'node_modules');
    if (lstatSync(linked, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(linked);
    if (existsSync(dir)) {
      try {
        git('worktree', 'remove', '--force', dir);
      } catch {
        // already gone from git's list; the folder goes below
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    removeWorktree();
    process.exit(130);
  });
  try {
    await compare(self, buildRef(ref, sha, dir));
  } finally {
    removeWorktree();
  }
}

await main();
