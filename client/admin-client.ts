/**
 * The typed client of a gas-harness simulator's admin API (`/__sim`, contract/admin-api.openapi.yaml):
 * every checker, the bench and the tests reach the admin API through it, never by building its URLs.
 * One method per operation, named by its operationId, with the request and answer types generated
 * from the document; an answer other than the operation's success is an AdminApiError.
 */
import {
  adminOperation,
  adminSuccessStatus,
  type AdminCounter,
  type AdminFaultConfig,
  type AdminFaultRule,
  type AdminHealth,
  type AdminJournalEntry,
  type AdminJournalQuery,
  type AdminOperationId,
  type AdminOperationSummary,
  type AdminRecord,
  type AdminRequestBody,
  type AdminResponseBody,
  type AdminSnapshot,
  type MintedToken,
  type ProviderStateRequest,
  type ProviderStateValues,
  type TokenRequest,
} from '../contract/index.ts';
import { displayUrl, excerpt } from '../report/index.ts';
import { send as sendHttp, type HttpRequest, type HttpResponse } from './http-client.ts';

export interface AdminClientOptions {
  /** The simulator's base URL, without `/__sim`. */
  baseUrl: string;
  /** The key the simulator was started with (`--admin-key`); default `GAS_SIM_ADMIN_KEY`. */
  adminKey?: string;
  /** The tenant every operation acts on (`X-Sim-Tenant`) and minted tokens are bound to; else `default`. */
  tenant?: string;
  /** Each request's time limit in ms (default: the HTTP client's). */
  timeoutMs?: number;
  /** The most bytes of an answer read (default: the HTTP client's). */
  maxAnswerBytes?: number;
  /** How requests are sent (default: the shared HTTP client); tests pass one that injects in-process. */
  send?: (request: HttpRequest) => Promise<HttpResponse>;
}

/**
 * An admin answer other than the operation's success; `body` is the parsed answer (an error list).
 * The message quotes the answer's head with `secrets` (the admin key, tokens minted) redacted first.
 */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    readonly operation: AdminOperationId,
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: unknown,
    text: string,
    secrets: readonly string[] = [],
  ) {
    super(
      `the simulator's ${operation} (${method} ${displayUrl(url)}) answered ${status}: ${excerpt(firstErrorMessage(body) ?? text, 300, secrets) || 'no body'}`,
    );
  }
}

const firstErrorMessage = (body: unknown): string | undefined => {
  const first = (body as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
  return typeof first === 'string' ? first : undefined;
};

/** Minted tokens an admin client remembers for redaction. */
const MINTED_KEPT = 64;

/** Operations of the console's static files: a browser's, not a client's. */
type ConsoleOperationId = 'openConsole' | 'getConsolePage' | 'getConsoleFile';

/** A method for every admin operation but the console's (a compile error when the document gains one). */
type EveryOperation = Record<Exclude<AdminOperationId, ConsoleOperationId>, (...args: never[]) => Promise<unknown>>;

export interface AdminClient extends EveryOperation {
  readonly baseUrl: string;
  readonly tenant: string | undefined;
  /** The headers an admin request carries (admin key, tenant), for a request sent another way (a scenario step). */
  headers(): Record<string, string>;
  /** The same simulator, acting on another tenant. */
  forTenant(tenant: string): AdminClient;
  getHealth(): Promise<AdminHealth>;
  listOperations(): Promise<AdminOperationSummary[]>;
  /** Mints a token; bound to the client's tenant unless the request names one. */
  mintToken(request: TokenRequest): Promise<MintedToken>;
  setProviderState(request: ProviderStateRequest): Promise<ProviderStateValues>;
  resetTenant(options?: { empty?: boolean }): Promise<AdminResponseBody<'resetTenant'>>;
  /** The tenant's state as a snapshot, secrets redacted. */
  getState(): Promise<AdminSnapshot>;
  /** Replaces the tenant's state with a snapshot. */
  putState(snapshot: AdminSnapshot): Promise<void>;
  /** Adds a snapshot's records to the tenant's state (the pages after the first of a large import). */
  addState(snapshot: AdminSnapshot): Promise<void>;
  listRequests(query?: AdminJournalQuery): Promise<AdminJournalEntry[]>;
  clearRequests(): Promise<void>;
  /** The journal's requests the filter selects (or only those of `seq`, comma-separated) as a scenario suite's YAML. */
  getRequestsSuite(query?: AdminJournalQuery & { seq?: string; name?: string }): Promise<string>;
  getFaults(): Promise<AdminFaultConfig>;
  putFaults(config: AdminRequestBody<'putFaults'>): Promise<AdminFaultConfig>;
  /** Adds one rule to the tenant's rules (the API replaces the whole list, as the console does). */
  addFault(rule: AdminFaultRule): Promise<AdminFaultConfig>;
  clearFaults(): Promise<void>;
  listEvents(): Promise<AdminRecord[]>;
  listCounters(): Promise<AdminCounter[]>;
}

export function createAdminClient(options: AdminClientOptions, minted: string[] = []): AdminClient {
  const { baseUrl, tenant } = options;
  const adminKey = options.adminKey ?? process.env.GAS_SIM_ADMIN_KEY;
  // What an error message must not quote: the key, and the tokens this client (or one for another tenant) minted.
  const secrets = () => [...(adminKey ? [adminKey] : []), ...minted];
  const transport = options.send ?? sendHttp;
  const headers = (): Record<string, string> => ({
    ...(adminKey ? { 'x-sim-admin-key': adminKey } : {}),
    ...(tenant ? { 'x-sim-tenant': tenant } : {}),
  });

  const query = (params: Record<string, string | number | undefined>): string => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  /**
   * Sends one operation where the admin document puts it (method and path); its answer's body when
   * the status is the document's success, else an AdminApiError.
   */
  const call = async <T>(
    operation: AdminOperationId,
    params: Record<string, string | number | undefined> = {},
    body?: unknown,
  ): Promise<T> => {
    const { method: lowerMethod, path } = adminOperation(operation);
    const [method, success] = [lowerMethod.toUpperCase(), adminSuccessStatus(operation)];
    const url = `${baseUrl}/__sim${path}${query(params)}`;
    const res = await transport({
      method,
      url,
      headers: headers(),
      ...(body !== undefined ? { body } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxAnswerBytes !== undefined ? { maxAnswerBytes: options.maxAnswerBytes } : {}),
    });
    if (res.status !== success)
      throw new AdminApiError(operation, method, url, res.status, res.body, res.text, secrets());
    return res.body as T;
  };

  const client: AdminClient = {
    baseUrl,
    tenant,
    headers,
    forTenant: (other) => createAdminClient({ ...options, tenant: other }, minted),
    getHealth: () => call('getHealth'),
    listOperations: async () => (await call<AdminResponseBody<'listOperations'>>('listOperations')).operations,
    async mintToken(request) {
      const token = await call<MintedToken>(
        'mintToken',
        {},
        {
          ...(tenant ? { tenant } : {}),
          ...request,
        },
      );
      // A token is also JWT-shaped, which redaction catches anyway: the last few are enough to keep.
      if (typeof token.accessToken === 'string' && minted.push(token.accessToken) > MINTED_KEPT) minted.shift();
      return token;
    },
    setProviderState: (request) => call('setProviderState', {}, request),
    resetTenant: (reset = {}) => call('resetTenant', { empty: reset.empty ? 'true' : undefined }),
    getState: () => call('getState'),
    putState: (snapshot) => call('putState', {}, snapshot),
    addState: (snapshot) => call('addState', {}, snapshot),
    listRequests: async (filter = {}) =>
      (await call<AdminResponseBody<'listRequests'>>('listRequests', filter)).requests,
    clearRequests: () => call('clearRequests'),
    getRequestsSuite: (filter = {}) => call('getRequestsSuite', filter),
    getFaults: () => call('getFaults'),
    putFaults: (config) => call('putFaults', {}, config),
    async addFault(rule) {
      const { seed, rules } = await client.getFaults();
      return client.putFaults({ seed, rules: [...rules, rule] });
    },
    clearFaults: () => call('clearFaults'),
    listEvents: async () => (await call<AdminResponseBody<'listEvents'>>('listEvents')).events,
    listCounters: async () => (await call<AdminResponseBody<'listCounters'>>('listCounters')).counters,
  };
  return client;
}
