/** The messages `verifyPacts` and its worker process exchange (over the IPC channel, never argv). */

export interface BrokerOptions {
  url: string;
  token?: string;
  providerVersion?: string;
  branch?: string;
  /** Publish the verification results to the broker (needs providerVersion). */
  publish?: boolean;
}

export interface WorkerRequest {
  /** The provider's base URL. */
  target: string;
  /** The Authorization value of bearer operations: `Bearer <token>`. */
  bearer: string;
  /** The Authorization value of the order counter: the raw API key. */
  apiKey: string;
  /** Headers every replayed request carries (the simulator tenant). */
  headers: Record<string, string>;
  /** Where provider state changes go; absent: states are not set up. */
  statesUrl?: string;
  statesHeaders: Record<string, string>;
  /** Each replayed request's time limit in ms. */
  timeoutMs: number;
  /** The most bytes of one answer passed on to the verifier (default: the HTTP client's). */
  maxAnswerBytes?: number;
  /** Local pact files to verify, when no broker is given. */
  pactFiles: string[];
  broker?: BrokerOptions;
}

/** An answer of the target that exposed a credential of the run: where, and the request that got it. */
export interface SecretExposure {
  method: string;
  /** The request's path and query, as replayed. */
  url: string;
  status: number;
  /** `its body`, or `its header NAME`. */
  where: string;
}

export type WorkerReply =
  /** The verifier's JSON results, as pact-core returns them. */
  | {
      kind: 'results';
      json: string;
      stateFailures: string[];
      /** Answers cut at the answer limit, each named with its request. */
      oversized?: string[];
      /** Answers that carried the run's token or key (in any encoding), each with its request and status. */
      exposures?: SecretExposure[];
    }
  | { kind: 'error'; message: string };
