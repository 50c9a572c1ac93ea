/** Generated from contract/scenario-schema.json by scripts/generate-types.ts (npm run generate); do not edit. */

export type ScalarValue = string | number | boolean;
export type AuthProfile =
  | {
      profile: 'simulator';
      scopes?: Scopes;
      claims?: ClaimsSpec;
    }
  | {
      profile: 'static';
      token: string;
    }
  | {
      profile: 'command';
      command: string;
    };
export type Scopes = string[];
export type CaptureSpec =
  | string
  | {
      json?: string;
      header?: string;
    };
export type StepAuth =
  | ('default' | 'none' | 'apiKey')
  | {
      scopes?: Scopes;
      claims?: ClaimsSpec;
    };
export type StatusCode = number;
export type HeaderExpectation =
  | string
  | {
      equals?: string;
      matches?: string;
      exists?: boolean;
    };

/**
 * A suite of HTTP steps run against the Gas Ordering Platform API or the gas-harness simulator. Keys starting with x- are left for tools (the fuzzer's seed, for instance).
 */
export interface SuiteSpec {
  name: string;
  description?: string;
  /**
   * Variables, rendered in order; a value may use {{uuid}}, {{env.NAME}} and variables defined above it.
   */
  variables?: {
    [k: string]: ScalarValue;
  };
  auth?: AuthProfile;
  setup?: ProviderStateSpec[];
  /**
   * @minItems 1
   */
  steps: StepSpec[];
}
/**
 * Claims of a token minted by the simulator.
 */
export interface ClaimsSpec {
  sub?: string;
  dealerId?: string;
  merchantId?: string;
  consumerId?: string;
  userType?: string;
  expiresInSeconds?: number | string;
}
export interface ProviderStateSpec {
  state: string;
  params?: {
    [k: string]: ScalarValue;
  };
  capture?: CaptureSpecs;
}
export interface CaptureSpecs {
  [k: string]: CaptureSpec;
}
export interface StepSpec {
  name: string;
  request: RequestSpec;
  expect?: ExpectSpec;
  capture?: CaptureSpecs;
  /**
   * Earlier steps whose write this step reads back: it runs only when each was answered 2xx, and is skipped otherwise (a deployment may refuse a write for a reason the description leaves open).
   */
  after?: string | string[];
}
export interface RequestSpec {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  path: string;
  headers?: {
    [k: string]: ScalarValue;
  };
  query?: {
    [k: string]: ScalarValue;
  };
  /**
   * A JSON value, sent serialized.
   */
  body?: unknown;
  /**
   * Sent exactly as written.
   */
  rawBody?: string;
  /**
   * The Content-Type of the body.
   */
  mediaType?: string;
  auth?: StepAuth;
}
export interface ExpectSpec {
  status?: StatusCode[] | StatusCode;
  headers?: {
    [k: string]: HeaderExpectation;
  };
  json?: JsonExpectation[];
  schema?: 'documented';
  maxMs?: number;
  /**
   * The step's rules are assumptions, for this reason.
   */
  assumed?: string;
}
export interface JsonExpectation {
  path: string;
  equals?: unknown;
  matches?: string;
  exists?: boolean;
}
