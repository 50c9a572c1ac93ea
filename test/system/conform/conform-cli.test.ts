import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformReport } from '../../../conform/index.ts';
import { createAdminClient } from '../../../client/index.ts';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';
import { useBrokenTargets } from '../../support/broken-targets-fixture.ts';
import { runCli } from '../../support/cli.ts';

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
const fixture = useBrokenTargets('gas-conform-cli-');

describe('gas-harness conform', () => {
  it('exits 1 with --strict when the target breaks only assumed rules, naming the operation and the rule', async () => {
    const target = await fixture.broken('upsertCustomer', 'ruleBreakAs400');
    const dir = join(fixture.out, 'strict');
    const result = await runCli([
      'conform',
      '--target',
      target.url,
      '--strict',
      '--fuzz-runs',
      '3',
      '--seed',
      '1',
      '--report',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(
      /^DIVERGENCE upsertCustomer — scenario "[^"]*" step "answers 422 to an e-mail that is not an address"$/m,
    );
    expect(result.stdout).toContain('FAIL: 0 FAILURE(s)');
    const report = JSON.parse(readFileSync(join(dir, 'conform.json'), 'utf8')) as ConformReport;
    expect(report).toMatchObject({ strict: true, passed: false, seed: 1, fuzzRuns: 3 });
    expect(report.totals.DIVERGENCE).toBeGreaterThan(0);
    // With --strict a divergence is a failed JUnit case.
    expect(readFileSync(join(dir, 'conform.junit.xml'), 'utf8')).toContain(
      '<failure message="DIVERGENCE upsertCustomer: expected answers 422 — got 400',
    );
  }, 60_000);

  it('exits 1 against a target that echoes the token, and no output or report file holds the token or the API key', async () => {
    const target = await fixture.broken('updateCategory', 'echoToken');
    const { accessToken: token } = await createAdminClient({ baseUrl: fixture.simulator.url }).mintToken({
      scopes: ALL_SCOPES,
      tenant: 'conform-echo',
    });
    const dir = join(fixture.out, 'echo');
    const result = await runCli([
      'conform',
      '--target',
      target.url,
      '--token',
      token,
      '--fuzz-runs',
      '3',
      '--report',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^FAILURE updateCategory — fuzz check no_secret_echoed/m);
    expect(result.stdout).toContain('echoedAuthorization');
    const texts = [
      result.stdout,
      result.stderr,
      ...['conform.md', 'conform.junit.xml', 'conform.json'].map((f) => readFileSync(join(dir, f), 'utf8')),
    ];
    expect(texts[2]).toContain('updateCategory');
    for (const text of texts) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[2]);
      expect(text).not.toMatch(JWT);
      expect(text).not.toContain(DEV_API_KEY);
    }
  }, 60_000);

  it('exits 2 on a usage error: a bad option, or a target that is not a simulator and no token', async () => {
    const bad = await runCli(['conform', '--fuzz-runs', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fuzz-runs');
    const server: Server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const missing = await runCli(['conform', '--target', url]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain(
        'is not a gas-harness simulator: give a bearer token with --token, --token-command or credentials.token in a profile',
      );
    } finally {
      server.close();
    }
  }, 30_000);
});
