/**
 * A server's CPU time from the kernel's own accounting, not from the rate a client manages: on a
 * machine whose cores the load generator shares, requests per second measure the client as much as
 * the server, while the CPU the server's processes spent, divided by the requests they answered,
 * does not. Reads `/proc/<pid>/stat` of every process in a process group (a server spawned
 * `detached` leads its own group) and sums user and system time, its reaped children's included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of `/proc/<pid>/stat` (proc(5)) that CPU accounting reads; times in clock ticks. */
export interface ProcStat {
  pid: number;
  /** The executable's name, as the kernel keeps it (at most 15 characters, may hold spaces and parentheses). */
  comm: string;
  ppid: number;
  pgrp: number;
  utime: number;
  stime: number;
  /** User and system time of the children this process has waited for. */
  cutime: number;
  cstime: number;
}

/**
 * Parses one `/proc/<pid>/stat` line. The name (field 2) is in parentheses and may itself hold
 * spaces and parentheses, so the fields after it are counted from the last `)`.
 */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  // After the name: field 3 (state) is rest[0], so field n is rest[n - 3].
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number): number => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/<pid>/stat field ${n} is not an integer: ${rest[n - 3]}`);
    return value;
  };
  return {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    ppid: field(4),
    pgrp: field(5),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** CPU ticks of the processes in group `pgrp`: user and system time of each, its reaped children's included. */
export function groupCpuTicks(stats: Iterable<ProcStat>, pgrp: number): number {
  let ticks = 0;
  for (const s of stats) if (s.pgrp === pgrp) ticks += s.utime + s.stime + s.cutime + s.cstime;
  return ticks;
}

/** Every process's stat under `procDir`; a process that exits while it is read is skipped. */
export function readProcStats(procDir = '/proc'): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const name of readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(join(procDir, name, 'stat'), 'utf8');
    } catch {
      continue;
    }
    stats.push(parseProcStat(text));
  }
  return stats;
}

/**
 * The unit of the times in `/proc/<pid>/stat`: USER_HZ, what `getconf CLK_TCK` prints, 100 on every
 * Linux architecture Node runs on (the kernel's own tick rate does not change it).
 */
export const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU milliseconds spent so far by the processes of group `pgrp` (a process spawned `detached` leads one). */
export function groupCpuMs(pgrp: number, procDir = '/proc'): number {
  return (groupCpuTicks(readProcStats(procDir), pgrp) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU microseconds per request over a window: `cpuMsBefore`/`cpuMsAfter` read by `groupCpuMs`. */
export function cpuMicrosPerRequest(cpuMsBefore: number, cpuMsAfter: number, requests: number): number {
  return requests > 0 ? ((cpuMsAfter - cpuMsBefore) * 1000) / requests : Number.NaN;
}
