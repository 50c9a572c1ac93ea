/**
 * A real Redis server for the tests of the Redis store: one per test file, on a free port, with no
 * persistence. Where the machine has no `redis-server`, those tests are skipped with how to install
 * it, unless GAS_REQUIRE_SERVICES=1 (as .ci/run sets), where a missing server fails them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const REDIS_BINARY =
  spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || undefined;

/** Why the Redis tests are skipped, or undefined when they run; throws when services are required. */
export function redisSkipReason(): string | undefined {
  if (REDIS_BINARY) return undefined;
  const reason = 'redis-server is not installed: the Redis store tests are skipped (apt-get install -y redis-server)';
  if (process.env.GAS_REQUIRE_SERVICES === '1') throw new Error(`${reason}, and GAS_REQUIRE_SERVICES=1 requires them`);
  console.warn(reason);
  return reason;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as when packets are dropped. */
  pause(): void;
  resume(): void;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      REDIS_BINARY ?? 'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      started.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
