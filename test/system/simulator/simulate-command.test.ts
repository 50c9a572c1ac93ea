/** `gas-harness simulate` end to end: a real process, a real socket on port 0, clear errors for bad flags and files. */
import { type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET } from '../../../contract/index.ts';
import { runCli, startCli } from '../../support/cli.ts';

const run = (...args: string[]) => runCli(args, {}, 30_000);

/** The real command in a child process; resolves once it says where it listens, with what it wrote so far. */
async function startSimulate(...args: string[]): Promise<{ child: ChildProcess; url: string; err: string }> {
  const cli = startCli(['simulate', '--port', '0', '--log-level', 'warn', ...args]);
  const url = await cli.waitFor(() => /listening on (http:\/\/\S+)/.exec(cli.stderr())?.[1], 'it to listen');
  return { child: cli.child, url, err: cli.stderr() };
}

describe('gas-harness simulate', () => {
  it('starts, prints where it listens and the key, and answers a curl-like client', async () => {
    const { child, url, err } = await startSimulate();
    expect(err).toContain('order counter API key: gas-sim-dev-api-key');
    expect(err).toContain('/__sim/tokens');
    const token = (
      (await (
        await fetch(`${url}/__sim/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"scopes":["catalog:read"]}',
        })
      ).json()) as { accessToken: string }
    ).accessToken;
    const product = await fetch(`${url}/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(product.status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  });

  it('refuses to be shared (--admin-key, a public --host) with the published API key or token secret', async () => {
    const noApiKey = await run('simulate', '--port', '0', '--admin-key', 'admin-key-0123456789');
    expect(noApiKey.code).toBe(2);
    expect(noApiKey.stderr).toMatch(/API key is the published development value: give --api-key/);
    const devSecret = await run(
      'simulate',
      '--port',
      '0',
      '--admin-key',
      'admin-key-0123456789',
      '--api-key',
      'counter-key-0123456789',
      '--secret',
      DEV_JWT_SECRET,
    );
    expect(devSecret.code).toBe(2);
    expect(devSecret.stderr).toMatch(/token secret is the published development value/);
    const publicHost = await run('simulate', '--port', '0', '--host', '0.0.0.0');
    expect(publicHost.code).toBe(2);
    expect(publicHost.stderr).toMatch(/without an admin key/);
    const badTimeouts = await run('simulate', '--port', '0', '--headers-timeout', '5000', '--body-timeout', '1000');
    expect(badTimeouts.code).toBe(2);
    expect(badTimeouts.stderr).toMatch(/cannot be shorter than the headers timeout/);
    expect((await run('simulate', '--body-timeout', 'soon')).stderr).toContain('--body-timeout');
  });

  it('shared, makes a random token secret: its own tokens work, one forged with the published secret is 401', async () => {
    const { child, url, err } = await startSimulate(
      '--admin-key',
      'admin-key-0123456789',
      '--api-key',
      'counter-key-0123456789',
    );
    expect(err).toContain('token secret: random');
    expect(err).not.toContain('counter-key-0123456789');
    const minted = await fetch(`${url}/__sim/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sim-admin-key': 'admin-key-0123456789' },
      body: '{"scopes":["catalog:read"]}',
    });
    const token = ((await minted.json()) as { accessToken: string }).accessToken;
    const product = `${url}/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`;
    expect((await fetch(product, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const forged = await new SignJWT({ scope: 'catalog:read' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(DEV_JWT_SECRET));
    expect((await fetch(product, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  });

  it('prints the default dataset as a valid snapshot that --data accepts back', async () => {
    const printed = await run('simulate', '--print-data');
    expect(printed.code).toBe(0);
    const snapshot = JSON.parse(printed.stdout) as { version: number; collections: Record<string, unknown[]> };
    expect(snapshot.version).toBe(1);
    expect(snapshot.collections.products?.length).toBeGreaterThanOrEqual(7);
  });

  it('says what is wrong with a bad flag or a bad data file and exits non-zero', async () => {
    const badPort = await run('simulate', '--port', 'eighty');
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port');
    const dir = mkdtempSync(join(tmpdir(), 'gas-'));
    writeFileSync(join(dir, 'bad.json'), '{"version": 1, "collections": {"products": [{"name": "no id"}]}}');
    const badData = await run('simulate', '--data', join(dir, 'bad.json'));
    expect(badData.code).toBe(2);
    expect(badData.stderr).toMatch(/bad\.json is not a valid snapshot: .*products\/0/);
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, 'nope');
    expect((await run('simulate', '--data', notJson)).stderr).toContain('not valid JSON');
    expect((await run('simulate', '--nope')).code).toBe(2);
  });
  it('answers the hosts given with --allowed-hosts besides loopback, and says what is wrong with a bad one', async () => {
    const bad = await run('simulate', '--port', '0', '--allowed-hosts', 'http://sim.example.com');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--allowed-hosts http://sim.example.com: give a host name without scheme or port');
    const { child, url } = await startSimulate('--allowed-hosts', 'sim.example.com');
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) =>
        httpRequest(`${url}/__sim/health`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end(),
      );
    try {
      expect(await statusFor('sim.example.com')).toBe(200);
      expect(await statusFor(new URL(url).host)).toBe(200);
      expect(await statusFor('rebound.example')).toBe(421);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }
  });
});
