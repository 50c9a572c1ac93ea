/**
 * The Redis store in the bench: getProduct and upsertCustomer on one simulator process with
 * `--store`, and on `--workers 2`, against a redis-server started for the bench on a free port
 * (skipped, saying so, where the machine has none).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { LoadRequest, LoadResult } from './load.ts';
import { spawnSimulator } from './simulator-process.ts';

export interface RedisStoreFigures {
  /** operationId → rps and p99 with one process and with two workers. */
  operations: Record<
    string,
    { oneProcess: { rps: number; p99Ms: number }; twoWorkers: { rps: number; p99Ms: number } }
  >;
}

type Load = (
  label: string,
  url: string,
  requests: LoadRequest[],
  options: { durationSec: number },
) => Promise<LoadResult>;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
  });
}

export async function measureRedisStore(
  operations: Record<string, (token: string) => LoadRequest[]>,
  mintToken: (url: string) => Promise<string>,
  load: Load,
  seconds: number,
  say: (message: string) => void,
): Promise<RedisStoreFigures | null> {
  if (!spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim()) {
    say('redis-server is not installed: the Redis store is not measured (apt-get install -y redis-server)');
    return null;
  }
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      redis.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        if ((out += chunk).includes('Ready to accept connections')) resolve();
      });
      redis.once('exit', () => reject(new Error(`redis-server exited: ${out}`)));
    });
    const figures: RedisStoreFigures = { operations: {} };
    for (const [operationId, requestsOf] of Object.entries(operations)) {
      const measure = async (workers: number) => {
        const sim = await spawnSimulator({
          args: ['--store', `redis://127.0.0.1:${port}`, '--workers', String(workers)],
        });
        try {
          const requests = requestsOf(await mintToken(sim.url));
          await load(`${operationId} Redis store, ${workers} process(es), warm-up`, sim.url, requests, {
            durationSec: 2,
          });
          const result = await load(`${operationId} Redis store, ${workers} process(es)`, sim.url, requests, {
            durationSec: seconds,
          });
          return { rps: result.rps, p99Ms: result.p99Ms };
        } finally {
          await sim.close();
        }
      };
      figures.operations[operationId] = { oneProcess: await measure(1), twoWorkers: await measure(2) };
    }
    return figures;
  } finally {
    redis.kill('SIGKILL');
  }
}
