/**
 * The connection to the Redis (or Valkey) server that holds a shared simulator's state. Commands
 * never wait in a queue while the server is away: they fail at once, and the simulator answers
 * 503 StoreUnavailable; ioredis reconnects by itself and the simulator serves again. At start, an
 * unreachable server is an error naming it, within seconds.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { SimulatorError } from '../error-catalogue.ts';
import { describeStoreUrl } from './store-url.ts';


/** What a command may take before the request answers 503. */
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 3_000;

export interface StoreConnection {
  redis: Redis;
  /** Runs Redis work; any failure of the server (down, timeout) becomes a 503 StoreUnavailable. */
  call<T>(work: (redis: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function connectStore(url: string, logger: Logger): Promise<StoreConnection> {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`--store must be redis://HOST:PORT[/DB], not ${describeStoreUrl(url)}`);
  const where = describeStoreUrl(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableAutoPipelining: true,
    // Reconnects for ever, every half second at most, so the simulator serves again by itself.
    retryStrategy: (times) => Math.min(100 * times, 500),
  });
  let up = false;
  redis.on('ready', () => {
    if (!up) logger.info({ store: where }, 'store reachable');
    up = true;
  });
  redis.on('error', (error: Error) => {
    if (up) logger.error({ store: where, err: { message: error.message }, code: 'StoreUnavailable' }, 'store unreachable: answering 503 until it is back');
    up = false;
  });
  redis.on('close', () => {
    if (up) logger.error({ store: where, code: 'StoreUnavailable' }, 'store connection closed: answering 503 until it is back');
    up = false;
  });
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS).unref()),
    ]);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot reach the store ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  up = true;
  return {
    redis,
    async call<T>(work: (r: Redis) => Promise<T>): Promise<T> {
      try {
        return await work(redis);
      } catch (error) {
        if (error instanceof SimulatorError) throw error;
        // A script's own refusal travels as a Redis error reply; every other failure is the server's.
        throw new SimulatorError('StoreUnavailable', { message: `The simulator cannot reach its store ${where}: ${error instanceof Error ? error.message : String(error)}.` });
      }
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
