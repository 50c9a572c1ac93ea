/** What `createSimulator` can be given: the dataset, credentials, time limits, logs, CORS, tenants and the store. */
import type { DestinationStream, Level } from 'pino';
import type { Contract } from '../contract/index.ts';
import type { CorsPolicy } from './cors.ts';
import type { Snapshot } from './store/collections.ts';
import type { TenantLimits } from './store/tenants.ts';

export interface SimulatorOptions {
  /** The data each tenant starts from: the embedded demo dataset (default), none, or a snapshot. */
  dataset?: 'default' | 'empty' | Snapshot;
  /** HS256 secret of the access tokens. */
  secret?: string;
  /** The order counter's raw API key. */
  apiKey?: string;
  /**
   * When set, every admin request needs `X-Sim-Admin-Key`. The simulator is then shared: it refuses
   * the published development API key and token secret, and makes a random token secret when none is given.
   */
  adminKey?: string;
  /** Milliseconds a client may take to send a request's headers (default HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** Milliseconds a client may take to send a whole request, headers and body (default BODY_TIMEOUT_MS); then 408. */
  bodyTimeoutMs?: number;
  /** pino level; `silent` by default. */
  logLevel?: Level | 'silent';
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream;
  /** Which origins browsers may call the platform's operations from; by default any on a loopback host (and in-process), none elsewhere. */
  cors?: CorsPolicy;
  /** Tenant limit, record quota and journal budget (docs/shared-simulator.md). */
  limits?: Partial<TenantLimits>;
  /** `redis://HOST:PORT[/DB]`: state shared by every simulator on that server (docs/scaling-out.md); this process's memory when absent. */
  store?: string;
  /** With a Redis store: seconds after which a tenant nobody used is dropped. */
  tenantIdleSeconds?: number;
  /** With the memory store: every tenant restored from this file at start, saved to it every few seconds and on close. */
  stateFile?: string;
  /**
   * Host names the simulator answers besides loopback's (`parseAllowedHosts`: `sim.example.com`,
   * `.example.com`, `*` for any). By default a simulator on loopback (and in-process) answers only
   * loopback names (127.0.0.0/8, localhost, [::1]), against DNS rebinding; one on another address, any.
   */
  allowedHosts?: readonly string[];
  /**
   * The contract served, when not the project's own spec (`contractOf` a document): a simulator of
   * another version of the contract, or of a deployment that chose otherwise where the description is silent.
   */
  contract?: Contract;
}
