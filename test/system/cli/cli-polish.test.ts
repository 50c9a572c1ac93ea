import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';
import { BUILT_CLI, runCli } from '../../support/cli.ts';

const VERSION = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

describe('the CLI', () => {
  let busy: Server;
  let busyPort = 0;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('prints its version', async () => {
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('exits non-zero with its help when a command group is given without a subcommand', async () => {
    for (const group of ['contracts', 'scenarios', 'spec']) {
      const result = await runCli([group]);
      expect(result.code, group).toBe(2);
      expect(result.stderr, group).toContain(`Usage: gas-harness ${group} [options] [command]`);
    }
    expect((await runCli(['contracts', '--help'])).code).toBe(0);
  });

  it('says in one line that a port is in use and exits 2, for simulate, mock and proxy', async () => {
    for (const args of [['simulate'], ['mock'], ['proxy', '--target', 'http://127.0.0.1:9']]) {
      const result = await runCli([...args, '--port', String(busyPort)]);
      expect(result.code, args[0]).toBe(2);
      expect(result.stderr.trim(), args[0]).toBe(
        `gas-harness: port ${busyPort} on 127.0.0.1 is in use: stop what listens there, or pick another with --port (0: any free port)`,
      );
      expect(result.stdout, args[0]).toBe('');
    }
  }, 60_000);

  it('refuses a --cors value that is no origin', async () => {
    const result = await runCli(['simulate', '--port', '0', '--cors', 'http://localhost:5173/app']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--cors http://localhost:5173/app: an origin has no path or trailing slash (did you mean http://localhost:5173?)',
    );
  });

  it('stops in silence with exit code 141 when the reader of its output closes the pipe (| head)', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, 'spec', 'rules', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // The reader is gone before the first line: the command's first write finds the pipe closed.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(141);
  });

  it('writes no escape code when its output is not a terminal', async () => {
    const result = await runCli(['scenarios', 'run', '--filter', 'get-product']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('scenarios: running 1 suite(s) against the in-process simulator\n');
    expect(result.stdout).toContain('✓ getProduct');
    // eslint-disable-next-line no-control-regex -- the escape character is what is looked for
    expect(result.stdout + result.stderr).not.toMatch(/\x1b|\r/);
  });

  it('writes the HTML reports of scenarios run and fuzz', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-html-cli-'));
    try {
      const scenarios = await runCli([
        'scenarios',
        'run',
        '--filter',
        'get-product',
        '--html',
        join(dir, 'scenarios.html'),
      ]);
      expect(scenarios.code, scenarios.stderr).toBe(0);
      expect(scenarios.stdout).toContain(`wrote ${join(dir, 'scenarios.html')}`);
      const scenarioPage = readFileSync(join(dir, 'scenarios.html'), 'utf8');
      expect(scenarioPage).toContain('<span class="verdict passed">PASSED</span>');
      expect(scenarioPage).toContain('id="op-getProduct"');
      const fuzz = await runCli([
        'fuzz',
        '--operations',
        'getProduct',
        '--runs',
        '2',
        '--seed',
        '5',
        '--out',
        join(dir, 'fuzz-failures'),
        '--html',
        join(dir, 'fuzz.html'),
      ]);
      expect(fuzz.code, fuzz.stderr).toBe(0);
      const fuzzPage = readFileSync(join(dir, 'fuzz.html'), 'utf8');
      expect(fuzzPage).toContain('<b>5</b>seed');
      expect(fuzzPage).toContain('not_a_server_error');
      expect(fuzzPage).not.toMatch(/eyJ[\w-]+\.eyJ/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
