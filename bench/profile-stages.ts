/**
 * `npx tsx bench/profile-stages.ts [operation...]`: what each stage of a request's way costs, in CPU
 * microseconds per request. For each operation, one fresh simulator (dist/cli.js) is loaded without
 * a profiler for its CPU per request (cpu-accounting.ts), and another with `--cpu-prof`; each
 * sample of the profile goes to the innermost stage on its stack (the stages' functions are named
 * in the sources), and a stage's share of the samples, times the CPU per request, is its cost.
 * Start-up samples (module loading, schema compilation) are left out. BENCH_SECONDS (default 8).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminClient } from '../client/index.ts';
import { setting } from './bench-settings.ts';
import { cpuMicrosPerRequest } from './cpu-accounting.ts';
import { runLoad } from './load.ts';
import { spawnSimulator } from './simulator-process.ts';
import { BENCH_SCOPES, BENCHMARKED_OPERATIONS, requestsFor, type BenchmarkedOperation } from './workloads.ts';

const SECONDS = setting('BENCH_SECONDS', 8);

/** Stages in the order a request meets them, each by the functions that are it. */
const STAGES: [stage: string, functions: string[]][] = [
  ['Host check, request state', ['requestArrived']],
  ['CORS (no Origin: Vary only)', ['corsForOriginRequests', 'handleCors']],
  ['token check (cached verification, scopes, bindings)', ['authenticate']],
  ['tenant lookup and name rule', ['obtain', 'checkTenantName']],
  ['fault rules', ['fire']],
  ['body: media type, UTF-8, strict JSON parse', ['readBody']],
  ['validation of parameters and body', ['rejectInvalid', 'params', 'body']],
  ['handler and store (quota, unique fields, record table)', [...BENCHMARKED_OPERATIONS]],
  ['journal entry (redaction, encoding, ring)', ['journalRequest']],
  ['answer: JSON text, headers', ['sendJson']],
  ['answer batching', ['batchAnswers']],
  ['request answered (tenant count, log line)', ['requestAnswered']],
  ['the rest of the operation route', ['serveOperation', 'authenticateRequest']],
  ['garbage collection', ['(garbage collector)']],
  ['socket reads and writes (system calls)', ['writev', 'writeUtf8String', 'writeBuffer', 'onStreamRead']],
];
const STARTUP =
  /^(_addSchema|compileSchema|loadAndTranslate|evaluate|compileForInternalLoader|createSimulator|requireBuiltin|compileSourceTextModule|__require2?|dereference|readContract)$/;
const REST = 'Node HTTP, Fastify routing and hook runners';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

/** Each stage's share of the profile's busy samples (start-up and idle left out). */
function stageShares(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map(STAGES.flatMap(([stage, fns]) => fns.map((f) => [f, stage] as const)));
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((leaf, i) => {
    const name = byId.get(leaf)?.callFrame.functionName ?? '';
    if (name === '(idle)' || name === '(program)') return;
    let stage: string | undefined;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id)?.callFrame.functionName ?? '';
      if (STARTUP.test(fn)) return;
      stage ??= stageOf.get(fn);
    }
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    time.set(stage ?? REST, (time.get(stage ?? REST) ?? 0) + dt);
  });
  return new Map([...time].map(([stage, t]) => [stage, t / busy]));
}

async function cpuPerRequest(operation: BenchmarkedOperation, profileDir?: string): Promise<number> {
  // Samples every 100 µs unless told: a product read is tens of microseconds.
  if (profileDir)
    Object.assign(process.env, {
      BENCH_CPU_PROF_DIR: profileDir,
      BENCH_CPU_PROF_INTERVAL: process.env.BENCH_CPU_PROF_INTERVAL ?? '100',
    });
  else delete process.env.BENCH_CPU_PROF_DIR;
  const sim = await spawnSimulator();
  try {
    const admin = createAdminClient({ baseUrl: sim.url });
    const { accessToken } = await admin.mintToken({ scopes: BENCH_SCOPES, expiresInSeconds: 3_600 });
    const requests = requestsFor(operation, accessToken);
    await runLoad({ url: sim.url, connections: 50, durationSec: 2, requests });
    const before = sim.cpuMs();
    const result = await runLoad({ url: sim.url, connections: 50, durationSec: SECONDS, requests });
    return cpuMicrosPerRequest(before, sim.cpuMs(), result.requests);
  } finally {
    await sim.close();
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((op) => !(BENCHMARKED_OPERATIONS as readonly string[]).includes(op));
  if (unknown.length > 0) {
    process.stderr.write(`profile-stages: not a benchmarked operation: ${unknown.join(', ')}\n`);
    process.exit(2);
  }
  const operations = (wanted.length > 0 ? wanted : BENCHMARKED_OPERATIONS) as BenchmarkedOperation[];
  for (const operation of operations) {
    const cpuUs = await cpuPerRequest(operation);
    const dir = mkdtempSync(join(tmpdir(), 'gas-harness-profile-'));
    try {
      await cpuPerRequest(operation, dir);
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile written in ${dir}`);
      const shares = stageShares(
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as Parameters<typeof stageShares>[0],
      );
      process.stdout.write(`${operation}: ${cpuUs.toFixed(1)} µs CPU per request\n`);
      for (const stage of [...STAGES.map(([s]) => s), REST]) {
        const share = shares.get(stage) ?? 0;
        if (share > 0)
          process.stdout.write(
            `  ${stage.padEnd(58)}${(share * cpuUs).toFixed(1).padStart(7)} µs ${(share * 100).toFixed(1).padStart(5)}%\n`,
          );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
