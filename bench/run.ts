/**
 * `npm run bench`: the simulator against Prism's mock on the same spec, side by side on loopback,
 * plus start-up, memory, large-store, soak, fuzzing and scenario figures. Writes bench/results.json
 * and prints the same as a table. Stops by itself (about 10 minutes with the defaults);
 * BENCH_SECONDS, BENCH_ROUNDS and BENCH_SOAK_SECONDS shorten it for a quick look.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createAdminClient } from '../client/index.ts';
import { startPrism } from '../prism/index.ts';
import { startSimulator } from '../simulator/index.ts';
import { setting } from './bench-settings.ts';
import { judge, PACED_RPS, renderTable, type BenchResults, type OperationFigures } from './bench-results.ts';
import { cpuMicrosPerRequest, groupCpuMs } from './cpu-accounting.ts';
import { measureFloor, spawnFloor } from './floor.ts';
import { measureRedisStore } from './redis-store.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import { runPacedLoad } from './paced-load.ts';
import { spawnSimulator, type SimulatorProcess } from './simulator-process.ts';
import { runSoak } from './soak.ts';
import { measureStartup } from './startup.ts';
import { BENCH_SCOPES, BENCHMARKED_OPERATIONS, getProduct, requestsFor, upsertCustomer } from './workloads.ts';

const SECONDS = setting('BENCH_SECONDS', 10);
const ROUNDS = setting('BENCH_ROUNDS', 4);
const SOAK_SECONDS = setting('BENCH_SOAK_SECONDS', 60);
const WARMUP_SECONDS = 2;
/** The default-logging context figures and the large-store rounds run half as long. */
const CONTEXT_SECONDS = Math.max(1, Math.round(SECONDS / 2));
const CONNECTIONS = 50;
const SOAK_CONNECTIONS = 100;
const RECORDS = 100_000;
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const say = (message: string) => process.stderr.write(`bench: ${message}\n`);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Load runs whose answers were not all 2xx, listed so a run that measured failures is visible. */
const failedRuns: string[] = [];

async function load(
  label: string,
  url: string,
  requests: LoadRequest[],
  options: { durationSec?: number; amount?: number; connections?: number } = {},
): Promise<LoadResult> {
  const result = await runLoad({ url, connections: options.connections ?? CONNECTIONS, requests, ...options });
  if (result.errors > 0 || result.non2xx > 0)
    failedRuns.push(
      `${label}: ${result.errors} errors, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCounts)}`,
    );
  say(`${label}: ${result.rps.toFixed(0)} rps, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
  return result;
}

/** A load run on a server whose CPU the kernel accounts for: the CPU per request it answered, beside its rate. */
async function loadWithCpu(
  label: string,
  server: { url: string; cpuMs(): number },
  requests: LoadRequest[],
): Promise<CpuRound> {
  const before = server.cpuMs();
  const result = await load(label, server.url, requests, { durationSec: SECONDS });
  const cpuUs = cpuMicrosPerRequest(before, server.cpuMs(), result.requests);
  say(`${label}: ${cpuUs.toFixed(1)} µs CPU per request`);
  return { rps: result.rps, p99Ms: result.p99Ms, cpuUs };
}

interface CpuRound {
  rps: number;
  p99Ms: number;
  cpuUs: number;
}

async function mintToken(url: string): Promise<string> {
  return (await createAdminClient({ baseUrl: url }).mintToken({ scopes: BENCH_SCOPES, expiresInSeconds: 3_600 }))
    .accessToken;
}

/** Runs `use` on a process started for it alone, and stops the process afterwards. */
async function onFresh<P extends { close(): Promise<void> }, T>(
  start: () => Promise<P>,
  use: (started: P) => Promise<T>,
): Promise<T> {
  const started = await start();
  try {
    return await use(started);
  } finally {
    await started.close();
  }
}

/**
 * Simulator, Prism's mock and the floor (bench/floor.ts) on each operation, alternating rounds of
 * the same length and connections, each round on a fresh, warmed-up process: two processes of one
 * build differ by up to 15% in rate, so one process would stand for every round. Each round reads
 * the server's CPU per request from the kernel's accounting of its process group, which the load
 * generator sharing the machine's cores does not bound as it bounds the rate.
 */
async function sideBySide(): Promise<OperationFigures[]> {
  // Every simulator has the same secret, so one token serves them all; Prism accepts any bearer.
  let token: string | undefined;
  const figures: OperationFigures[] = [];
  for (const operationId of BENCHMARKED_OPERATIONS) {
    const warmedUp = async (name: string, url: string, bearer: string): Promise<LoadRequest[]> => {
      const requests = requestsFor(operationId, bearer);
      await load(`${operationId} ${name} warm-up`, url, requests, { durationSec: WARMUP_SECONDS });
      return requests;
    };
    const onSimulator = <T>(measure: (sim: SimulatorProcess, requests: LoadRequest[]) => Promise<T>) =>
      onFresh(spawnSimulator, async (sim) =>
        measure(sim, await warmedUp('simulator', sim.url, (token ??= await mintToken(sim.url)))),
      );
    const rounds = { simulator: [] as CpuRound[], prism: [] as CpuRound[], floor: [] as CpuRound[] };
    for (let round = 1; round <= ROUNDS; round++) {
      rounds.simulator.push(
        await onSimulator((sim, requests) => loadWithCpu(`${operationId} simulator round ${round}`, sim, requests)),
      );
      rounds.prism.push(
        await onFresh(
          () => startPrism({ mode: 'mock', verboseLevel: 'error' }),
          async (prism) =>
            loadWithCpu(
              `${operationId} prism round ${round}`,
              { url: prism.url, cpuMs: () => groupCpuMs(prism.pid) },
              await warmedUp('prism', prism.url, token ?? ''),
            ),
        ),
      );
      rounds.floor.push(
        await onFresh(spawnFloor, async (floor) =>
          loadWithCpu(`${operationId} floor round ${round}`, floor, await warmedUp('floor', floor.url, floor.token)),
        ),
      );
    }
    // At full speed, 50 connections each waiting on its answer measure throughput a second time
    // (latency = connections / rate); latency is measured at a load offered, as an SLO states it.
    const paced = await onSimulator((sim, requests) =>
      runPacedLoad({ url: sim.url, connections: CONNECTIONS, rate: PACED_RPS, durationSec: SECONDS, requests }),
    );
    if (paced.errors > 0 || paced.non2xx > 0)
      failedRuns.push(`${operationId} at ${PACED_RPS} rps: ${paced.errors} errors, ${paced.non2xx} non-2xx`);
    say(
      `${operationId} simulator at ${PACED_RPS} rps offered: ${paced.rps.toFixed(0)} rps, p50 ${paced.p50Ms.toFixed(2)} ms, p99 ${paced.p99Ms.toFixed(2)} ms`,
    );
    const cpu = (side: CpuRound[]) => side.map((r) => r.cpuUs);
    figures.push({
      operationId,
      simulatorRps: mean(rounds.simulator.map((r) => r.rps)),
      prismRps: mean(rounds.prism.map((r) => r.rps)),
      floorRps: mean(rounds.floor.map((r) => r.rps)),
      p50Ms: paced.p50Ms,
      p99Ms: paced.p99Ms,
      p99MsSaturated: Math.max(...rounds.simulator.map((r) => r.p99Ms)),
      cpuUsPerRequest: {
        simulator: mean(cpu(rounds.simulator)),
        prism: mean(cpu(rounds.prism)),
        floor: mean(cpu(rounds.floor)),
        rounds: { simulator: cpu(rounds.simulator), prism: cpu(rounds.prism), floor: cpu(rounds.floor) },
      },
    });
  }
  return figures;
}

interface LargeStoreFigures {
  rpsEmpty: number;
  rps100kRecords: number;
  /** RSS right after the first 100k writes into a fresh process, as a user's process would have it. */
  rssMb: number;
  rssMbBeforeWrites: number;
  writeRps: number;
  roundsRps: { empty: number[]; full: number[] };
}

/**
 * One fresh simulator takes 100k customer writes (its RSS is read then); getProduct then runs in
 * alternating rounds with those records stored and without them (`POST /__sim/reset` puts the demo
 * dataset back; 100k writes bring the records back). One process for both sides: two simulator
 * processes of the same build differ by up to 15% in rate, whatever they store, which would swamp
 * the 10% being judged.
 */
async function largeStore(): Promise<LargeStoreFigures> {
  const sim = await spawnSimulator();
  try {
    const token = await mintToken(sim.url);
    const write100k = () =>
      load(`${RECORDS} upsertCustomer writes`, sim.url, [upsertCustomer(token)], { amount: RECORDS });
    const before = sim.rssMb();
    const writes = await write100k();
    const after = sim.rssMb();
    say(`RSS before the writes ${before.toFixed(1)} MB, after ${after.toFixed(1)} MB`);
    let stored: 'full' | 'empty' = 'full';
    const switchTo = async (wanted: 'full' | 'empty'): Promise<void> => {
      if (stored === wanted) return;
      if (wanted === 'full') await write100k();
      else await createAdminClient({ baseUrl: sim.url }).resetTenant();
      stored = wanted;
      await load(
        `getProduct warm-up, ${wanted === 'full' ? `${RECORDS} more records` : 'demo dataset'}`,
        sim.url,
        [getProduct(token)],
        { durationSec: 1 },
      );
    };
    const rounds = { empty: [] as number[], full: [] as number[] };
    // Twice the rounds at half the length, in ABBA order from the full store: a steady drift of the
    // machine's load is cancelled instead of charged to one side.
    const order: ('full' | 'empty')[] = Array.from({ length: 2 * ROUNDS }, (_, i) =>
      i % 2 === 0 ? (['full', 'empty'] as const) : (['empty', 'full'] as const),
    ).flat();
    await load('getProduct warm-up', sim.url, [getProduct(token)], { durationSec: WARMUP_SECONDS });
    for (const [i, which] of order.entries()) {
      await switchTo(which);
      const label = `getProduct round ${Math.floor(i / 2) + 1}, ${which === 'full' ? `${RECORDS} more records` : 'demo dataset'}`;
      rounds[which].push((await load(label, sim.url, [getProduct(token)], { durationSec: CONTEXT_SECONDS })).rps);
    }
    return {
      rpsEmpty: mean(rounds.empty),
      rps100kRecords: mean(rounds.full),
      rssMb: after,
      rssMbBeforeWrites: before,
      writeRps: writes.rps,
      roundsRps: rounds,
    };
  } finally {
    await sim.close();
  }
}

/**
 * For context, both at their default log level (info: a line per request), as a partner team runs
 * `prism mock` and `gas-harness simulate`: one round of half length per operation each.
 */
async function bothWithDefaultLogging(): Promise<{
  simulatorRps: Record<string, number>;
  prismRps: Record<string, number>;
}> {
  const sim = await spawnSimulator({ logLevel: 'info' });
  const prism = await startPrism({ mode: 'mock', captureOutput: false });
  try {
    const token = await mintToken(sim.url);
    const simulatorRps: Record<string, number> = {};
    const prismRps: Record<string, number> = {};
    for (const operationId of BENCHMARKED_OPERATIONS) {
      simulatorRps[operationId] = (
        await load(`${operationId} simulator at log level info`, sim.url, requestsFor(operationId, token), {
          durationSec: CONTEXT_SECONDS,
        })
      ).rps;
      prismRps[operationId] = (
        await load(`${operationId} prism at log level info`, prism.url, requestsFor(operationId, token), {
          durationSec: CONTEXT_SECONDS,
        })
      ).rps;
    }
    return { simulatorRps, prismRps };
  } finally {
    await prism.close();
    await sim.close();
  }
}

async function fuzzCasesPerSecond(): Promise<number | null> {
  const module = await import('../fuzz/index.ts').catch(() => undefined);
  if (!module) return null;
  const sim = await startSimulator({ port: 0, logLevel: 'warn' });
  try {
    const report = await module.fuzz({ target: sim.url, seed: 1 });
    say(`fuzz: ${report.executions} cases in ${report.durationMs.toFixed(0)} ms`);
    return report.casesPerSecond;
  } finally {
    await sim.close();
  }
}

async function defaultSuitesMs(): Promise<{ medianMs: number; samplesMs: number[] } | null> {
  const module = await import('../scenarios/index.ts').catch(() => undefined);
  if (!module) return null;
  const sim = await startSimulator({ port: 0, logLevel: 'warn' });
  try {
    const samplesMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const report = await module.runScenarios({ target: sim.url });
      samplesMs.push(performance.now() - started);
      if (!report.passed) failedRuns.push('default scenario suites: not all passed');
    }
    return { medianMs: [...samplesMs].sort((a, b) => a - b)[1] ?? Number.NaN, samplesMs };
  } finally {
    await sim.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg();
  say(`${cpus().length} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const startup = await measureStartup(5);
  say(
    `start-up samples ${startup.samplesMs.map((s) => s.toFixed(0)).join(', ')} ms wall, ${startup.cpuSamplesMs.map((s) => s.toFixed(0)).join(', ')} ms CPU`,
  );
  const operations = await sideBySide();
  const floor = await measureFloor(PACED_RPS, SECONDS, CONNECTIONS);
  say(`bare Fastify at ${PACED_RPS} rps offered: p50 ${floor.p50Ms.toFixed(2)} ms, p99 ${floor.p99Ms.toFixed(2)} ms`);
  const defaultLogging = await bothWithDefaultLogging();
  const store = await largeStore();
  const soakSim = await spawnSimulator();
  const soak = await runSoak(soakSim.url, await mintToken(soakSim.url), {
    durationSec: SOAK_SECONDS,
    connections: SOAK_CONNECTIONS,
  }).finally(() => soakSim.close());
  say(
    `soak: ${soak.requests} requests, ${soak.errors} errors, ${soak.non2xx} non-2xx, ${soak.missingWrites}/${soak.acknowledgedWrites} writes missing`,
  );
  const redisStore = await measureRedisStore(
    { getProduct: (t) => [getProduct(t)], upsertCustomer: (t) => [upsertCustomer(t)] },
    mintToken,
    load,
    SECONDS,
    say,
  );
  // Context figures: one that fails (a machine too busy to answer in time) is listed, not fatal to the run.
  const contextFigure = <T>(name: string, measure: () => Promise<T>): Promise<T | null> =>
    measure().catch((error: unknown) => {
      failedRuns.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
  const fuzzRate = await contextFigure('fuzz', fuzzCasesPerSecond);
  const suites = await contextFigure('default scenario suites', defaultSuitesMs);
  const partial = {
    operations,
    startupMs: startup.medianMs,
    startupCpuMs: startup.cpuMedianMs,
    rssMbAfter100kWrites: store.rssMb,
    rpsEmpty: store.rpsEmpty,
    rps100kRecords: store.rps100kRecords,
    fuzzCasesPerSecond: fuzzRate,
    defaultSuitesMs: suites?.medianMs ?? null,
    soak,
    redisStore,
    details: {
      node: process.version,
      cpus: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
      secondsPerRound: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      prism: 'mock, --verboseLevel error (no per-request log); simulator at log level warn (no per-request log)',
      startupSamplesMs: startup.samplesMs,
      startupCpuSamplesMs: startup.cpuSamplesMs,
      pacedRps: PACED_RPS,
      bareFastifyAtPacedRps: { p50Ms: floor.p50Ms, p99Ms: floor.p99Ms },
      defaultLoggingRps: defaultLogging,
      rssMbBeforeWrites: store.rssMbBeforeWrites,
      writeRps: store.writeRps,
      largeStoreRoundsRps: store.roundsRps,
      defaultSuitesSamplesMs: suites?.samplesMs ?? null,
      failedRuns,
      benchSeconds: (performance.now() - started) / 1000,
    },
  };
  const results: BenchResults = { ...partial, targets: judge(partial) };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(renderTable(results));
  if (failedRuns.length > 0) {
    say(`runs with failures:\n  ${failedRuns.join('\n  ')}`);
    process.exitCode = 1;
  }
  if (!soak.ok) process.exitCode = 1;
}

await main();
