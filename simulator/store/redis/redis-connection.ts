/**
 * The connection to the Redis (or Valkey) server that holds a shared simulator's state. Commands
 * never wait in a queue while the server is away: they fail at once, and the simulator answers
 * 503 StoreUnavailable; ioredis reconnects by itself and the simulator serves again. A server that
 * answers but refuses, or a script that fails, is told apart (store-failure.ts) and logged. At
 * start, an unreachable server is an error naming it, within seconds.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { SimulatorError } from '../../error-catalogue.ts';
import { storeFailure } from './store-failure.ts';
import { describeStoreUrl } from './store-url.ts';

/** What a command may take before the request answers 503. */
const COMMAND_TIMEOUT_MS = 2_000;
/** What connecting and the first PING may take together at start, so that start-up fails within 3 s. */
const START_DEADLINE_MS = 2_000;
/**
 * How long a closed connection may wait for its socket to end. ioredis' default (2 s) kept a process
 * whose store was unreachable alive for 2 s after it had given up: its timer waits for a socket that
 * had already closed.
 */
const DISCONNECT_TIMEOUT_MS = 100;
/** A store that refuses commands (out of memory, read-only) is logged at most this often. */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

export interface StoreConnection {
  redis: Redis;
  /**
   * Runs Redis work; a server down or silent becomes 503 StoreUnavailable, one that refuses 503
   * StoreRefused, a failed script 500 StoreScriptFailed (store-failure.ts).
   */
  call<T>(work: (redis: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function connectStore(url: string, logger: Logger): Promise<StoreConnection> {
  if (!/^rediss?:\/\//.test(url))
    throw new Error(`--store must be redis://HOST:PORT[/DB], not ${describeStoreUrl(url)}`);
  const where = describeStoreUrl(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: START_DEADLINE_MS,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    enableAutoPipelining: true,
    // ioredis sends a connection's auto-pipelined batches one at a time: a tenant's lease (ZADD/ZREM,
    // redis-tenants.ts), sent without waiting, would hold the next request's commands back behind it
    // for a whole command time-out when the store fell silent. Sent on their own, they hold nothing.
    autoPipeliningIgnoredCommands: ['zadd', 'zrem'],
    // Reconnects for ever, every half second at most, so the simulator serves again by itself.
    retryStrategy: (times) => Math.min(100 * times, 500),
  });
  let up = false;
  /** The socket's own error (ECONNREFUSED, a host that does not speak Redis), which ioredis' rejection hides. */
  let firstError: string | undefined;
  redis.on('ready', () => {
    if (!up) logger.info({ store: where }, 'store reachable');
    up = true;
  });
  redis.on('error', (error: Error) => {
    firstError ??= error.message;
    if (up)
      logger.error(
        { store: where, err: { message: error.message }, code: 'StoreUnavailable' },
        'store unreachable: answering 503 until it is back',
      );
    up = false;
  });
  redis.on('close', () => {
    if (up)
      logger.error(
        { store: where, code: 'StoreUnavailable' },
        'store connection closed: answering 503 until it is back',
      );
    up = false;
  });
  let deadline: NodeJS.Timeout | undefined;
  try {
    // One deadline for connecting and the first answer: a host that accepts and never answers counts too.
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => {
        deadline = setTimeout(() => reject(new Error(`no answer in ${START_DEADLINE_MS} ms`)), START_DEADLINE_MS);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    const reason = firstError ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`cannot reach the store ${where}: ${reason}`);
  } finally {
    clearTimeout(deadline);
  }
  up = true;
  /** When a refusal was last logged: a store refusing every write is logged every few seconds, not on every request. */
  let refusalLogged = Number.NEGATIVE_INFINITY;
  return {
    redis,
    async call<T>(work: (r: Redis) => Promise<T>): Promise<T> {
      try {
        return await work(redis);
      } catch (error) {
        if (error instanceof SimulatorError) throw error;
        const failure = storeFailure(error, where);
        const err = { message: error instanceof Error ? error.message : String(error) };
        if (failure.code === 'StoreScriptFailed')
          logger.error(
            { store: where, err, code: failure.code },
            'store script failed (a gas-harness bug, or keys under its prefix it did not write): answering 500',
          );
        else if (failure.code === 'StoreRefused' && performance.now() - refusalLogged >= REFUSAL_LOG_INTERVAL_MS) {
          refusalLogged = performance.now();
          logger.error(
            { store: where, err, code: failure.code },
            'store is up but refuses commands: answering 503 while it does',
          );
        }
        throw failure;
      }
    },
    async close() {
      // Closed on purpose: not an outage to log.
      up = false;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
