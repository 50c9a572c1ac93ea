/** The stateful simulator of the Gas Ordering Platform API. */
import { createSimulator, type Simulator } from './create-simulator.ts';
import type { SimulatorOptions } from './simulator-options.ts';

export { createSimulator, type Simulator } from './create-simulator.ts';
export type { SimulatorOptions } from './simulator-options.ts';
export { BODY_LIMIT, BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from './server-options.ts';
export { demoDataset, readDatasetFile } from './store/dataset.ts';
export { parseCorsOrigins, type CorsPolicy } from './cors.ts';
export { parseAllowedHosts } from './allowed-hosts.ts';
export { ERROR_CATALOGUE, renderErrorCatalogue } from './error-catalogue.ts';
export type { Snapshot } from './store/collections.ts';
export { DEFAULT_TENANT_LIMITS, type TenantLimits } from './store/tenants.ts';
export { describeStoreUrl } from './store/redis/store-url.ts';

export interface RunningSimulator {
  url: string;
  simulator: Simulator;
  close(): Promise<void>;
}

/** Creates a simulator and listens (127.0.0.1, port 0 unless told otherwise). */
export async function startSimulator(
  options: SimulatorOptions & { host?: string; port?: number } = {},
): Promise<RunningSimulator> {
  const { host = '127.0.0.1', port = 0, ...rest } = options;
  const simulator = await createSimulator(rest);
  const url = await simulator.listen({ host, port });
  return { url, simulator, close: () => simulator.close() };
}
