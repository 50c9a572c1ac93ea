/**
 * Prism's CLI (`@stoplight/prism-cli`) as a child process on our OpenAPI document: the stateless
 * mock or the validation proxy, started on 127.0.0.1 (a free port unless told), ready once it
 * answers HTTP, stopped cleanly. Its output is captured line by line and parsed into events.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { SPEC_PATH } from '../contract/index.ts';
import { parsePrismLine, type PrismLogEvent } from './prism-log.ts';

export type PrismLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

export interface PrismOptions {
  /** `mock` answers from the document; `proxy` forwards to `upstream` and validates both halves. */
  mode: 'mock' | 'proxy';
  /** The deployment the proxy forwards to; required in proxy mode. */
  upstream?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Mock only: generate bodies from the schemas instead of using the examples. */
  dynamic?: boolean;
  /** Mock only: the seed of dynamic generation, for reproducible bodies. */
  seed?: string;
  /** Answer a problem instead of a response that violates the document. */
  errors?: boolean;
  verboseLevel?: PrismLogLevel;
  /** The OpenAPI document; ours unless told. */
  document?: string;
  /** Called with every line Prism prints (ANSI codes removed) and its parsed event, as it happens. */
  onLine?: (line: string, event: PrismLogEvent | undefined) => void;
  startTimeoutMs?: number;
  /** How many output lines to keep for `output()`; older ones are dropped. */
  keepLines?: number;
  /** false: Prism's output goes nowhere (not read at all), so a chatty Prism costs its reader nothing. */
  captureOutput?: boolean;
}

export interface PrismProcess {
  /** Where Prism listens, e.g. `http://127.0.0.1:40123`. */
  url: string;
  pid: number;
  /** The lines Prism printed so far (the last `keepLines`). */
  output(): string[];
  /** Settles when the process ends, by `close()` or by itself. */
  exited: Promise<PrismExit>;
  /** Stops Prism (SIGTERM, then SIGKILL after 5 s); resolves once it has exited. */
  close(): Promise<void>;
}

export interface PrismExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The path of Prism's CLI entry script, run with this Node (`process.execPath`), not npx. */
export function prismCliPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

/** The command-line arguments of Prism's CLI for these options. */
export function prismArguments(options: PrismOptions): string[] {
  const document = options.document ?? SPEC_PATH;
  const args = options.mode === 'proxy' ? ['proxy', document, requireUpstream(options)] : ['mock', document];
  args.push('--host', options.host ?? '127.0.0.1', '--port', String(options.port ?? 0));
  args.push('--verboseLevel', options.verboseLevel ?? 'info', '--errors', String(options.errors ?? false));
  // json-schema-faker would otherwise add random properties to every object, `{}` of a 401 included
  // (it ignores `maxProperties: 0`); our schemas name every property a body may carry.
  if (options.mode === 'mock' && options.dynamic) args.push('--dynamic', '--json-schema-faker-fillProperties=false');
  if (options.mode === 'mock' && options.seed !== undefined) args.push('--seed', options.seed);
  return args;
}

function requireUpstream(options: PrismOptions): string {
  if (!options.upstream) throw new Error('Prism proxy mode needs an upstream URL');
  return options.upstream.replace(/\/+$/, '');
}

/**
 * Starts Prism and resolves once it answers HTTP; rejects with its output when it fails to start.
 * Port 0 is resolved to a free port first: Prism only prints its address at log level info, and a
 * quieter Prism (as in the benchmark) must still be found.
 */
export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ? options.port : await findFreePort(host);
  const child = spawn(process.execPath, [prismCliPath(), ...prismArguments({ ...options, host, port })], {
    stdio: options.captureOutput === false ? 'ignore' : ['ignore', 'pipe', 'pipe'],
    // Its own process group: a terminal's Ctrl-C reaches us, and we stop Prism, rather than Prism
    // dying first and looking like a crash.
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const keep = options.keepLines ?? 2_000;
  const lines: string[] = [];
  const onLine = (raw: string): void => {
    // eslint-disable-next-line no-control-regex -- the escape character of ANSI colours is what it removes
    const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
    lines.push(line);
    if (lines.length > keep) lines.splice(0, lines.length - keep);
    options.onLine?.(line, parsePrismLine(line));
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
  if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);

  const exited = new Promise<PrismExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      onLine(`spawn failed: ${error.message}`);
      resolve({ code: null, signal: null });
    });
  });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let stopping = false;
  const close = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (!stopping) {
      stopping = true;
      child.kill('SIGTERM');
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  try {
    await waitUntilAnswering(url, timeoutMs, exited);
    return { url, pid: child.pid ?? -1, output: () => [...lines], exited, close };
  } catch (error) {
    await close();
    throw new Error(`Prism ${error instanceof Error ? error.message : String(error)}\n${lines.slice(-40).join('\n')}`);
  }
}

/** A port that is free on `host` right now (the OS picks it). */
export async function findFreePort(host: string): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Polls `url` until Prism itself answers: a CORS preflight is answered by Prism (204) without
 * reaching the proxy's upstream, so readiness never sends traffic to a deployment.
 */
async function waitUntilAnswering(url: string, timeoutMs: number, exited: Promise<PrismExit>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: PrismExit | undefined;
  void exited.then((e) => (exit = e));
  for (;;) {
    if (exit) throw new Error(`exited before answering (code ${exit.code}, signal ${exit.signal})`);
    try {
      const res = await request(`${url}/`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1', 'access-control-request-method': 'GET' },
        headersTimeout: 2_000,
        bodyTimeout: 2_000,
      });
      await res.body.dump();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`did not answer at ${url} within ${timeoutMs} ms: ${String(error)}`);
      await delay(25);
    }
  }
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());
