/** The shape of bench/results.json, the targets it is judged against, and its console table. */
import type { SoakResult } from './soak.ts';
import type { RedisStoreFigures } from './redis-store.ts';

export interface OperationFigures {
  operationId: string;
  simulatorRps: number;
  prismRps: number;
  /** The simulator's p50 and p99 at 50 connections and PACED_RPS offered. */
  p50Ms: number;
  p99Ms: number;
  /** The simulator's worst p99 in the rounds at full speed, where 50 connections wait on every answer. */
  p99MsSaturated: number;
  /** The floor's rate in the same rounds (bench/floor.ts). */
  floorRps?: number;
  /**
   * Server CPU per request answered (user + system time of the server's process group over a round,
   * divided by the requests it answered), mean of the rounds, and each round's.
   */
  cpuUsPerRequest?: CpuPerRequest;
}

export interface CpuPerRequest {
  simulator: number;
  prism: number;
  floor: number;
  rounds: { simulator: number[]; prism: number[]; floor: number[] };
}

/** How many times less CPU per request the simulator takes than Prism's mock. */
export const CPU_RATIO_TO_PRISM = 6;
/** The simulator's CPU per request against the floor's: at most the floor's on reads, 25% more on writes. */
export const CPU_OVER_FLOOR = { read: 1, write: 1.25 };

/** The mean of per-round ratios `a[i] / b[i]`, with their smallest and largest: a ratio with its spread over rounds. */
export function roundRatios(a: number[], b: number[]): { mean: number; min: number; max: number } {
  const ratios = a.map((x, i) => x / (b[i] ?? Number.NaN));
  return {
    mean: ratios.reduce((s, r) => s + r, 0) / ratios.length,
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

const spread = (r: { mean: number; min: number; max: number }) =>
  `${r.mean.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;

/** The load offered for the latency figures: beyond what Prism's mock serves here, a third of the simulator's. */
export const PACED_RPS = 5_000;

export interface BenchResults {
  operations: OperationFigures[];
  startupMs: number;
  /** CPU milliseconds to the first answer, median of the same samples. */
  startupCpuMs?: number;
  rssMbAfter100kWrites: number;
  rpsEmpty: number;
  rps100kRecords: number;
  /** null when fuzz/ is absent. */
  fuzzCasesPerSecond: number | null;
  /** null when the scenario runner is absent. */
  defaultSuitesMs: number | null;
  soak: SoakResult;
  /** null where the machine has no redis-server. */
  redisStore?: RedisStoreFigures | null;
  targets: TargetVerdict[];
  details: Record<string, unknown>;
}

export interface TargetVerdict {
  target: string;
  actual: string;
  met: boolean;
}

export function judge(r: Omit<BenchResults, 'targets'>): TargetVerdict[] {
  const verdicts: TargetVerdict[] = r.operations.flatMap((op) => [
    ...cpuVerdicts(op),
    {
      target: `${op.operationId}: simulator ≥ 5× Prism rps`,
      actual: `${(op.simulatorRps / op.prismRps).toFixed(2)}×`,
      met: op.simulatorRps >= 5 * op.prismRps,
    },
    // Both ways of loading 50 connections: at a rate offered, and as fast as answers come.
    {
      target: `${op.operationId}: p99 ≤ 5 ms at 50 connections (${PACED_RPS} rps, full speed)`,
      actual: `${op.p99Ms.toFixed(2)} ms, ${op.p99MsSaturated.toFixed(0)} ms`,
      met: op.p99Ms <= 5 && op.p99MsSaturated <= 5,
    },
  ]);
  const drop = (r.rpsEmpty - r.rps100kRecords) / r.rpsEmpty;
  verdicts.push(
    {
      target: 'start to first answer ≤ 400 ms',
      actual: `${r.startupMs.toFixed(0)} ms${r.startupCpuMs === undefined ? '' : ` (${r.startupCpuMs.toFixed(0)} ms CPU)`}`,
      met: r.startupMs <= 400,
    },
    {
      target: 'RSS ≤ 200 MB after 100k writes',
      actual: `${r.rssMbAfter100kWrites.toFixed(1)} MB`,
      met: r.rssMbAfter100kWrites <= 200,
    },
    {
      target: 'rps with 100k records within 10% of empty',
      actual: `${Math.abs(drop * 100).toFixed(1)}% ${drop >= 0 ? 'lower' : 'higher'}`,
      met: Math.abs(drop) <= 0.1,
    },
    {
      target: `soak: ${r.soak.durationSec} s at ${r.soak.connections} connections, zero errors, writes read back`,
      actual: `${r.soak.errors} errors, ${r.soak.non2xx} non-2xx, ${r.soak.missingWrites}/${r.soak.acknowledgedWrites} writes missing`,
      met: r.soak.ok,
    },
  );
  const redisGet = r.redisStore?.operations.getProduct;
  const prismGet = r.operations.find((op) => op.operationId === 'getProduct')?.prismRps;
  if (redisGet && prismGet) {
    verdicts.push({
      target: 'getProduct: Redis store, one process ≥ 2× Prism rps',
      actual: `${(redisGet.oneProcess.rps / prismGet).toFixed(2)}×`,
      met: redisGet.oneProcess.rps >= 2 * prismGet,
    });
  }
  return verdicts;
}

/** The CPU targets of one operation: against Prism's mock, and against the floor. */
function cpuVerdicts(op: OperationFigures): TargetVerdict[] {
  const cpu = op.cpuUsPerRequest;
  if (!cpu) return [];
  const toPrism = roundRatios(cpu.rounds.prism, cpu.rounds.simulator);
  const toFloor = roundRatios(cpu.rounds.simulator, cpu.rounds.floor);
  const overFloor = op.operationId === 'getProduct' ? CPU_OVER_FLOOR.read : CPU_OVER_FLOOR.write;
  return [
    {
      target: `${op.operationId}: CPU per request ≥ ${CPU_RATIO_TO_PRISM}× below Prism's`,
      actual: `${cpu.simulator.toFixed(1)} / ${cpu.prism.toFixed(1)} µs, ${spread(toPrism)}`,
      met: cpu.prism >= CPU_RATIO_TO_PRISM * cpu.simulator,
    },
    {
      target: `${op.operationId}: CPU per request ≤ ${overFloor === 1 ? '' : `${overFloor}× `}the floor's`,
      actual: `${cpu.simulator.toFixed(1)} / ${cpu.floor.toFixed(1)} µs, ${spread(toFloor)}`,
      met: cpu.simulator <= overFloor * cpu.floor,
    },
  ];
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number | null, digits = 0) => (n === null ? 'null' : n.toFixed(digits));

export function renderTable(r: BenchResults): string {
  const lines = [
    `${pad('operationId', 18)}${pad('simulator rps', 15)}${pad('prism rps', 12)}${pad('ratio', 8)}${pad(`p50/p99 ms at ${PACED_RPS} rps`, 24)}p99 ms at full speed`,
    ...r.operations.map(
      (op) =>
        `${pad(op.operationId, 18)}${pad(num(op.simulatorRps), 15)}${pad(num(op.prismRps), 12)}${pad(`${(op.simulatorRps / op.prismRps).toFixed(1)}×`, 8)}${pad(`${num(op.p50Ms, 2)} / ${num(op.p99Ms, 2)}`, 24)}${num(op.p99MsSaturated)}`,
    ),
    '',
    `${pad('CPU µs per request', 20)}${pad('simulator', 12)}${pad('prism', 10)}${pad('floor', 10)}${pad('prism / sim', 24)}sim / floor`,
    ...r.operations.flatMap(({ operationId, cpuUsPerRequest: cpu }) =>
      cpu
        ? [
            `${pad(operationId, 20)}${pad(num(cpu.simulator, 1), 12)}${pad(num(cpu.prism, 1), 10)}${pad(num(cpu.floor, 1), 10)}${pad(spread(roundRatios(cpu.rounds.prism, cpu.rounds.simulator)), 24)}${spread(roundRatios(cpu.rounds.simulator, cpu.rounds.floor))}`,
          ]
        : [],
    ),
    '',
    `startupMs             ${num(r.startupMs)}${r.startupCpuMs === undefined ? '' : ` (${num(r.startupCpuMs)} ms CPU)`}`,
    `rssMbAfter100kWrites  ${num(r.rssMbAfter100kWrites, 1)}`,
    `rpsEmpty              ${num(r.rpsEmpty)}`,
    `rps100kRecords        ${num(r.rps100kRecords)}`,
    `fuzzCasesPerSecond    ${num(r.fuzzCasesPerSecond, 1)}`,
    `defaultSuitesMs       ${num(r.defaultSuitesMs)}`,
    `soak                  ${r.soak.requests} requests, ${num(r.soak.rps)} rps, p99 ${num(r.soak.p99Ms, 2)} ms, ${r.soak.acknowledgedWrites} writes acknowledged`,
    ...Object.entries(r.redisStore?.operations ?? {}).map(
      ([op, f]) =>
        `redis ${pad(op, 16)}1 process ${num(f.oneProcess.rps)} rps p99 ${num(f.oneProcess.p99Ms)} ms; 2 workers ${num(f.twoWorkers.rps)} rps p99 ${num(f.twoWorkers.p99Ms)} ms`,
    ),
    '',
    ...r.targets.map((t) => `${t.met ? 'MET   ' : 'MISSED'} ${pad(t.target, 58)} ${t.actual}`),
  ];
  return `${lines.join('\n')}\n`;
}
