/**
 * The scenario file format, as TypeScript types. `scenario-schema.json` is the authority: a file
 * reaches these types only after it has passed that schema.
 */

export type ScalarValue = string | number | boolean;

/** Claims of a token minted by the simulator (`POST /__sim/tokens`); values may be templates. */
export interface ClaimsSpec {
  sub?: string;
  dealerId?: string;
  merchantId?: string;
  consumerId?: string;
  userType?: string;
  expiresInSeconds?: number | string;
}

/** How a suite gets the bearer token its steps send by default. */
export type AuthProfile =
  | { profile: 'simulator'; scopes?: string[]; claims?: ClaimsSpec }
  | { profile: 'static'; token: string }
  | { profile: 'command'; command: string };

/**
 * A step's credentials: `default` (the suite's token, or the API key for an API-key operation),
 * `none`, `apiKey`, or a token minted with these scopes and claims (simulator only).
 */
export type StepAuth = 'default' | 'none' | 'apiKey' | { scopes?: string[]; claims?: ClaimsSpec };

/** JSON path (`$.data.id`), or `{ json: path }`, or `{ header: name }`. */
export type CaptureSpec = string | { json: string } | { header: string };

export interface ProviderStateSpec {
  state: string;
  params?: Record<string, ScalarValue>;
  /** Variables taken from the values the simulator used for the state. */
  capture?: Record<string, CaptureSpec>;
}

export interface RequestSpec {
  method: string;
  path: string;
  headers?: Record<string, ScalarValue>;
  query?: Record<string, ScalarValue>;
  body?: unknown;
  rawBody?: string;
  mediaType?: string;
  auth?: StepAuth;
}

/** A header value: a string to equal, or an explicit matcher. */
export type HeaderExpectation = string | { equals?: string; matches?: string; exists?: boolean };

export interface JsonExpectation {
  path: string;
  equals?: unknown;
  matches?: string;
  exists?: boolean;
}

export interface ExpectSpec {
  status?: number | number[];
  headers?: Record<string, HeaderExpectation>;
  json?: JsonExpectation[];
  schema?: 'documented';
  maxMs?: number;
  /** Marks the step's rules as assumptions, with the reason, when the spec cannot tell. */
  assumed?: string;
}

export interface StepSpec {
  name: string;
  request: RequestSpec;
  expect?: ExpectSpec;
  capture?: Record<string, CaptureSpec>;
}

export interface SuiteSpec {
  name: string;
  description?: string;
  variables?: Record<string, ScalarValue>;
  auth?: AuthProfile;
  setup?: ProviderStateSpec[];
  steps: StepSpec[];
}

/** A suite read from its file, with the line of each step for reports. */
export interface LoadedSuite {
  file: string;
  spec: SuiteSpec;
  stepLines: number[];
}
