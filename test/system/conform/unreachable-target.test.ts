import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.ts';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const COMMANDS: string[][] = [['conform'], ['scenarios', 'run'], ['contracts', 'verify'], ['fuzz', '--runs', '2']];
const TOKEN = ['--token', 'deployment-token-0123456789'];

describe('every command that reaches a target, when the target is down or wrong', () => {
  const targets: { name: string; url: () => Promise<string>; says: RegExp }[] = [
    {
      name: 'a closed port',
      url: async () => `http://127.0.0.1:${await closedPort()}`,
      says: /cannot reach the target http:\/\/127\.0\.0\.1:\d+: the connection to 127\.0\.0\.1:\d+ was refused/,
    },
    {
      name: 'a host that does not resolve',
      url: async () => 'http://gas-platform.invalid',
      says: /cannot reach the target http:\/\/gas-platform\.invalid: the host name gas-platform\.invalid does not resolve/,
    },
    { name: 'not-a-url', url: async () => 'not-a-url', says: /the target "not-a-url" is not a URL/ },
  ];
  for (const target of targets) {
    for (const command of COMMANDS) {
      it(`${command.slice(0, 2).join(' ')} stops within 15 s with exit 2 naming ${target.name}`, async () => {
        const url = await target.url();
        // The 15 s limit kills a command that hangs: `killed` then fails the test.
        const result = await runCli([...command, '--target', url, ...TOKEN], process.env, 15_000);
        expect(result.killed, `${command.join(' ')} was still running after 15 s`).toBe(false);
        expect(result.code, result.stdout + result.stderr).toBe(2);
        expect(result.stderr).toMatch(target.says);
        expect(result.stdout + result.stderr).not.toContain('deployment-token-0123456789');
      }, 30_000);
    }
  }

  it('names a profile whose target does not parse, with its line and column', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gas-profile-')), 'profile.yaml');
    writeFileSync(file, 'target: 42\ncredentials:\n  token: { env: GAS_TOKEN_THAT_IS_NOT_SET }\n');
    const result = await runCli(['conform', '--profile', file], process.env, 15_000);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:1:9: target must be string`);
  }, 30_000);
});

describe('a target that never answers', () => {
  it('fails each step after the time-out, saying so with the real time waited, and JUnit carries that time', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const { runScenarios, toJunitSuites } = await import('../../../scenarios/index.ts');
    const { renderJunit } = await import('../../../report/index.ts');
    // It answers the reachability probe, then holds every other request open.
    const server = createHttpServer((req, res) => {
      if (req.url === '/') res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const report = await runScenarios({
        target: url,
        token: 'deployment-token-0123456789',
        timeoutMs: 300,
        filter: 'upsertCustomer',
      });
      const steps = report.suites.flatMap((s) => s.steps).filter((s) => s.outcome === 'failed');
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) {
        expect(step.error).toMatch(/no answer within the 0\.3 s time-out \(waited \d+\.\d s\)/);
        // The time it really waited, not 0.0 ms (a timer may fire a few ms before the limit).
        expect(step.durationMs).toBeGreaterThan(250);
      }
      const time =
        /<testcase name="creates a customer with every field \(upsertCustomer\)" classname="[^"]+" time="(\d+\.\d{3})"/.exec(
          renderJunit(toJunitSuites(report)),
        )?.[1];
      expect(Number(time)).toBeGreaterThan(0.25);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
