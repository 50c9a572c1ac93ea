/**
 * The bench's CPU accounting: `/proc/<pid>/stat` lines parsed field by field (a process name may hold
 * spaces and parentheses), a process group's CPU summed from its members (reaped children included),
 * and the CPU per request of a window.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLOCK_TICKS_PER_SECOND,
  cpuMicrosPerRequest,
  groupCpuMs,
  groupCpuTicks,
  parseProcStat,
  readProcStats,
} from '../../../bench/cpu-accounting.ts';

type Times = [utime: number, stime: number, cutime: number, cstime: number];

/** A stat line as the kernel writes it: 52 fields, the CPU times in fields 14 to 17. */
function statLine(pid: number, comm: string, ppid: number, pgrp: number, times: Times): string {
  const fields = ['S', ppid, pgrp, pgrp, 0, -1, 4194560, 100, 0, 0, 0, ...times, 20, 0, 7, 0, 12345, 1e9, 5000];
  return `${pid} (${comm}) ${[...fields, ...Array<number>(29).fill(0)].join(' ')}\n`;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder laid out like /proc: a folder per pid with its stat, and entries that are no process. */
function fakeProc(processes: { pid: number; comm: string; ppid: number; pgrp: number; times: Times }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(dir);
  for (const p of processes) {
    mkdirSync(join(dir, String(p.pid)));
    writeFileSync(join(dir, String(p.pid), 'stat'), statLine(p.pid, p.comm, p.ppid, p.pgrp, p.times));
  }
  mkdirSync(join(dir, 'sys'));
  writeFileSync(join(dir, 'uptime'), '12.0 3.0\n');
  // A process that exited between the listing and the read: its folder is there, its stat is not.
  mkdirSync(join(dir, '999'));
  return dir;
}

describe('parseProcStat', () => {
  it('reads pid, parent, group and the four CPU times of a stat line', () => {
    expect(parseProcStat(statLine(4242, 'node', 1, 4242, [1500, 300, 20, 5]))).toEqual({
      pid: 4242,
      comm: 'node',
      ppid: 1,
      pgrp: 4242,
      utime: 1500,
      stime: 300,
      cutime: 20,
      cstime: 5,
    });
  });

  it('counts the fields after the last parenthesis when the name holds spaces and parentheses', () => {
    const stat = parseProcStat(statLine(77, 'my (odd) name) 2', 70, 70, [9, 8, 7, 6]));
    expect(stat).toMatchObject({ pid: 77, comm: 'my (odd) name) 2', ppid: 70, pgrp: 70, utime: 9, cstime: 6 });
  });

  it('refuses a line that is no stat line, and one whose time field is not a number', () => {
    expect(() => parseProcStat('not a stat line')).toThrow(/not a \/proc\/<pid>\/stat line/);
    const garbled = statLine(1, 'x', 0, 1, [1, 2, 3, 4]).replace(' 1 2 3 4 ', ' 1 two 3 4 ');
    expect(() => parseProcStat(garbled)).toThrow(/field 15 is not an integer: two/);
  });

  it("parses this process's own stat as the kernel writes it", () => {
    const stat = parseProcStat(readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
    expect(stat.pid).toBe(process.pid);
    expect(stat.ppid).toBe(process.ppid);
    expect(stat.utime + stat.stime).toBeGreaterThan(0);
  });
});

describe('a process group CPU', () => {
  const processes = [
    { pid: 100, comm: 'node', ppid: 1, pgrp: 100, times: [400, 100, 30, 20] as Times },
    { pid: 101, comm: 'node worker', ppid: 100, pgrp: 100, times: [200, 50, 0, 0] as Times },
    { pid: 200, comm: 'autocannon', ppid: 1, pgrp: 200, times: [9000, 900, 0, 0] as Times },
  ];

  it("sums the user and system time of every member and of the children they reaped, and no other group's", () => {
    expect(
      groupCpuTicks(
        processes.map((p) => parseProcStat(statLine(p.pid, p.comm, p.ppid, p.pgrp, p.times))),
        100,
      ),
    ).toBe(400 + 100 + 30 + 20 + 200 + 50);
  });

  it('reads every process of a /proc folder, skipping what is no process or has just exited', () => {
    const dir = fakeProc(processes);
    expect(
      readProcStats(dir)
        .map((s) => s.pid)
        .sort(),
    ).toEqual([100, 101, 200]);
    expect(groupCpuMs(100, dir)).toBe((800 * 1000) / CLOCK_TICKS_PER_SECOND);
    expect(groupCpuMs(300, dir)).toBe(0);
  });

  it('finds this process in the real /proc', () => {
    const own = parseProcStat(readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
    expect(groupCpuMs(own.pgrp)).toBeGreaterThan(0);
  });
});

describe('cpuMicrosPerRequest', () => {
  it('divides the CPU of a window by the requests answered in it, in microseconds', () => {
    expect(cpuMicrosPerRequest(1_000, 1_600, 10_000)).toBe(60);
  });

  it('is not a number when no request was answered', () => {
    expect(cpuMicrosPerRequest(1_000, 1_010, 0)).toBeNaN();
  });
});
