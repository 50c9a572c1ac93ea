/**
 * A gzip bomb through `gas-harness record --target` (E3): about 394 KiB of gzip that inflates to
 * 400 MiB reaches the client as the bytes the target sent, the recorder's peak RSS (VmHWM of the
 * process) grows by less than 64 MiB, and the suite is still written. The figure is printed for
 * docs/security.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../../support/cli.ts';

const INFLATED_MIB = 400;
let dir: string;
let target: Server;
let bomb: Buffer;

/** 400 MiB of zeros, gzipped a MiB at a time (the test never holds the inflated bytes). */
async function gzipBomb(): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < INFLATED_MIB; i++)
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  await new Promise((resolve) => gzip.end(resolve));
  return Buffer.concat(parts);
}

/** A GET whose body is counted as it arrives, never decompressed nor kept. */
function getBytes(url: string): Promise<{ status: number; bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

const peakRssMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recorder-bomb-'));
  bomb = await gzipBomb();
  target = createServer((req, res) => {
    if (req.url === '/v1/brands/warm') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"errors":[]}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('a gzip bomb through the recorder', () => {
  it('is relayed as sent and adds under 64 MiB to the recorder', async () => {
    const out = join(dir, 'bomb.yaml');
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const recorder = startCli(['record', '--target', url, '--port', '0', '--out', out]);
    try {
      const proxy = await recorder.waitFor(() => /^(http:\/\/\S+)$/m.exec(recorder.stdout())?.[1], 'the proxy URL');
      const pid = recorder.child.pid ?? 0;
      // A first exchange warms the recorder (modules, contract) so the figure is what the bomb adds.
      await getBytes(`${proxy}/v1/brands/warm`);
      await recorder.waitFor(() => /→ 404/.test(recorder.stderr()), 'the first exchange');
      const before = peakRssMiB(pid);
      const res = await getBytes(`${proxy}/v1/brands`);
      await recorder.waitFor(() => /→ 200/.test(recorder.stderr()), 'the bomb exchange');
      const added = peakRssMiB(pid) - before;
      console.log(
        `gzip bomb: ${(bomb.length / 1024).toFixed(0)} KiB inflating to ${INFLATED_MIB} MiB; recorder peak RSS ${before.toFixed(0)} -> ${(before + added).toFixed(0)} MiB (+${added.toFixed(1)} MiB)`,
      );
      // The client gets the compressed body exactly as the target sent it.
      expect(res).toEqual({ status: 200, bytes: bomb.length, encoding: 'gzip' });
      expect(added).toBeLessThan(64);
      await recorder.stop('SIGINT');
      expect(readFileSync(out, 'utf8')).toContain('/v1/brands');
    } finally {
      await recorder.stop('SIGKILL');
    }
  }, 120_000);
});
