/**
 * Opens the tenant directory a simulator serves from, on the store its options name: this process's
 * memory (tenants.ts, each tenant a fork of the dataset's store, optionally restored from and saved to
 * a state file) or a Redis server shared by several simulators (redis/). Evictions are logged here.
 */
import type { Logger } from 'pino';
import type { Snapshot } from './collections.ts';
import { demoDataset, EMPTY_DATASET } from './dataset.ts';
import type { RedisTenantOptions } from './redis/redis-tenants.ts';
import type { SimulatorOptions } from '../simulator-options.ts';
import { restoreStateFile, StateFileSaver } from './memory/state-file.ts';
import { Store } from './memory/store.ts';
import { MemoryTenants } from './memory/memory-tenants.ts';
import { DEFAULT_TENANT_LIMITS, type TenantDirectory } from './tenants.ts';

export interface OpenedTenants {
  tenants: TenantDirectory;
  /** Saves the state file one last time (memory store) and closes the directory. */
  close: () => Promise<void>;
}

export async function openTenants(
  given: SimulatorOptions['dataset'],
  options: Pick<SimulatorOptions, 'limits' | 'store' | 'stateFile' | 'tenantIdleSeconds'>,
  logger: Logger,
): Promise<OpenedTenants> {
  const dataset =
    given === 'empty' ? EMPTY_DATASET : given === undefined || given === 'default' ? demoDataset() : given;
  const limits = { ...DEFAULT_TENANT_LIMITS, ...options.limits };
  const { tenantIdleSeconds, stateFile } = options;
  const onEvict = (tenant: string, reason: 'limit' | 'idle' = 'limit') => {
    if (reason === 'idle')
      logger.warn(
        { tenant, idleSeconds: tenantIdleSeconds, code: 'TenantExpired' },
        'tenant expired after its idle time',
      );
    else
      logger.warn(
        { tenant, maxTenants: limits.maxTenants, code: 'TenantEvicted' },
        'tenant limit reached: evicted the least recently used idle tenant',
      );
  };
  if (options.store && stateFile)
    throw new Error('give --store or --state-file, not both: Redis keeps the state itself');
  if (options.store) {
    const tenants = await openRedisTenants(options.store, logger, dataset, {
      limits,
      idleSeconds: tenantIdleSeconds,
      onEvict,
    });
    return { tenants, close: () => tenants.close() };
  }
  const memory = new MemoryTenants(memoryDataset(dataset), limits, onEvict);
  let saver: StateFileSaver | undefined;
  if (stateFile) {
    const restored = restoreStateFile(memory, stateFile, limits.maxTenants);
    logger.info({ stateFile, tenants: restored }, 'state file restored');
    saver = new StateFileSaver(memory, stateFile, (error) =>
      logger.error({ err: error, stateFile, code: 'StateFileNotSaved' }, 'state file not saved'),
    );
  }
  return {
    tenants: memory,
    async close() {
      await saver?.stop();
      await memory.close();
    },
  };
}

/** Tenants in Redis; the client is loaded only then, which keeps it out of the memory store's start-up (ioredis: about 40 modules). */
async function openRedisTenants(
  url: string,
  logger: Logger,
  dataset: Snapshot,
  options: RedisTenantOptions,
): Promise<TenantDirectory> {
  const [{ connectStore }, { RedisTenants: Tenants }] = await Promise.all([
    import('./redis/redis-connection.ts'),
    import('./redis/redis-tenants.ts'),
  ]);
  return Tenants.open(await connectStore(url, logger), dataset, options);
}

/** The dataset as the memory store the tenants fork. */
function memoryDataset(dataset: Snapshot): Store {
  const store = new Store();
  store.restore(dataset);
  return store;
}
