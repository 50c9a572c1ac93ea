/**
 * The recording proxy reads answers with the one answer reader: an event stream reaches the client as
 * it is produced, a target that sends headers and stalls does not hold the recorder's shutdown, a
 * path that would leave the target's base path is refused, and the suite is never written through a
 * link planted at its old `.partial` name.
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy } from '../../../scenarios/index.ts';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
let dir: string;
let target: Server;
let targetUrl: string;
const seenPaths: string[] = [];
let releaseSecondEvent: () => void = () => undefined;
let stalledHeadersSent: () => void = () => undefined;

function handle(req: IncomingMessage, res: ServerResponse): void {
  seenPaths.push(req.url ?? '');
  if (req.url?.endsWith('/events')) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: first\n\n');
    releaseSecondEvent = () => res.end('data: second\n\n');
    return;
  }
  if (req.url?.endsWith('/stall')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"partial":');
    stalledHeadersSent();
    return; // and nothing more
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { path: req.url } }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recorder-answers-'));
  target = createServer(handle);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A GET through the proxy with the path sent exactly as written (fetch would resolve `..` itself). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: 'GET', path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the recording proxy relays answers through the bounded reader', () => {
  it('passes an event stream on as it is produced, not when it ends (E3)', async () => {
    const proxy = await startRecordingProxy({ target: targetUrl, contract, out: join(dir, 'events.yaml') });
    try {
      const res = await fetch(`${proxy.url}/v1/events`);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      // The target holds its second event until the client has the first: a proxy that waits for the end never gets it.
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('data: first');
      releaseSecondEvent();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += new TextDecoder().decode(chunk.value);
      expect(rest).toContain('data: second');
    } finally {
      await proxy.close();
    }
  });

  it('closes within a few seconds while a target that sent its headers stalls', async () => {
    const proxy = await startRecordingProxy({ target: targetUrl, contract, out: join(dir, 'stall.yaml') });
    const headersSent = new Promise<void>((resolve) => (stalledHeadersSent = resolve));
    const pending = fetch(`${proxy.url}/v1/stall`)
      .then((res) => res.text())
      .catch((error: unknown) => error);
    await headersSent;
    const started = performance.now();
    await proxy.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    await pending;
  });

  it('answers 400 to a path that would leave the target base path, and never forwards it', async () => {
    const proxy = await startRecordingProxy({ target: `${targetUrl}/api`, contract, out: join(dir, 'escape.yaml') });
    try {
      seenPaths.length = 0;
      for (const path of ['/../x', '/%2e%2e/x', '/..%2fx', '/./../x']) {
        const res = await rawGet(proxy.url, path);
        if (res.status !== 400) expect(seenPaths.every((p) => p.startsWith('/api/'))).toBe(true);
        else expect(JSON.parse(res.body)).toMatchObject({ errors: [{ code: 'PathOutsideTarget' }] });
      }
      expect(seenPaths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
      const inside = await rawGet(proxy.url, '/v1/brands/../brands');
      expect(inside.status).toBe(200);
      expect(seenPaths).toContain('/api/v1/brands');
    } finally {
      await proxy.close();
    }
  });

  it('writes the suite without following a link planted at OUT.partial (E7)', async () => {
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    const out = join(dir, 'planted.yaml');
    symlinkSync(victim, `${out}.partial`);
    const proxy = await startRecordingProxy({ target: targetUrl, contract, out });
    await fetch(`${proxy.url}/v1/brands`).then((res) => res.text());
    await proxy.close();
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(out).isFile()).toBe(true);
    expect(readFileSync(out, 'utf8')).toContain('/v1/brands');
  });
});
