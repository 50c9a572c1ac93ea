/**
 * The two stores the in-process suites run on, for `describe.each(STORE_KINDS)`: the memory store,
 * and the Redis store on a redis-server of the test file's own (test/support/redis-server.ts),
 * skipped with a message when none is installed unless GAS_REQUIRE_SERVICES=1. Each call of
 * `options` gives a Redis database of its own, so simulators started in one file share nothing.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { SimulatorOptions } from '../../simulator/index.ts';
import { redisSkipReason, startRedisServer, type RedisServer } from './redis-server.ts';

export const STORE_KINDS = ['memory', 'redis'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export interface StoreKinds {
  /** Why the Redis kind is skipped here, or undefined. */
  skip(kind: StoreKind): boolean;
  /** The simulator options of the kind: `store` for Redis, on a database of its own, emptied first. */
  options(kind: StoreKind): Promise<SimulatorOptions>;
}

/** Call at the top of a test file: starts a redis-server before its tests (when one is installed) and stops it after. */
export function useStoreKinds(): StoreKinds {
  const skipRedis = redisSkipReason();
  let server: RedisServer | undefined;
  let database = 0;
  beforeAll(async () => {
    if (!skipRedis) server = await startRedisServer();
  }, 30_000);
  afterAll(async () => server?.stop());
  return {
    skip: (kind) => kind === 'redis' && skipRedis !== undefined,
    async options(kind) {
      if (kind === 'memory') return {};
      if (!server) throw new Error('the redis-server of this file is not running');
      // redis-server keeps 16 databases; one used before is emptied (its simulator is closed by now).
      const url = `${server.url}/${database++ % 16}`;
      const client = new Redis(url);
      await client.flushdb();
      await client.quit();
      return { store: url };
    },
  };
}
