/**
 * One consumer test: an interaction the partner app expects (provider states, request, response,
 * written with Pact matchers) and the client call that must produce exactly that request. Also the
 * matchers every family shares: the Bearer header, the three error shapes and the empty 401 body.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { MatchersV3, type Matcher, type PactV4, type TemplateHeaders } from '@pact-foundation/pact';
import type { HttpMethod } from '../../contract/index.ts';
import { PartnerClient, type JsonObject } from './partner-client.ts';
import type { HttpResponse } from '../../client/index.ts';

const { eachLike, integer, like, regex, reify } = MatchersV3;

export { CONSUMER, PROVIDER } from './pact-files.ts';

/** Example credentials the pacts carry; verification replaces them with real ones (request filter). */
export const EXAMPLE_ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJnYXMtcGFydG5lci1hcHAifQ.c2lnbmF0dXJlLWV4YW1wbGU';
export const EXAMPLE_API_KEY = 'partner-app-example-api-key';
/** A JWT after the scheme word: three base64url parts, the last may be empty. */
export const BEARER_PATTERN = '^Bearer [A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$';
/** A raw key: no scheme word, no whitespace. */
export const API_KEY_PATTERN = '^[^\\s]+$';

export interface ProviderState {
  /** Exactly one of the state names the simulator implements (docs/simulator.md, "Provider states"). */
  name: string;
  /** Every value a string, as the simulator's state set-up reads them. */
  params: Record<string, string>;
}

export interface ContractCase {
  operationId: string;
  /** The interaction's description (`uponReceiving`), unique in the pact. */
  description: string;
  states?: ProviderState[];
  request: {
    method: HttpMethod;
    /** The example path, or a `fromProviderState` expression whose example is the path. */
    path: string | Matcher<string>;
    /** Which credentials the client holds: a token, the API key, or none (signed out). */
    auth: 'bearer' | 'apiKey' | 'none';
    contentType?: string;
    /** The body, with matchers; the client is called with its example values. */
    body?: unknown;
  };
  response: {
    status: number;
    headers?: TemplateHeaders;
    body?: unknown;
  };
  /** What the partner app does; `body` is the request body's example value. */
  call(client: PartnerClient, body: JsonObject): Promise<HttpResponse>;
}

/** Registers the case on `pact`, runs the client against the mock server and checks what it got. */
export async function runContractCase(pact: PactV4, contractCase: ContractCase): Promise<void> {
  const { request, response } = contractCase;
  let interaction = pact.addInteraction();
  for (const state of contractCase.states ?? []) interaction = interaction.given(state.name, state.params);
  await interaction
    .uponReceiving(contractCase.description)
    .withRequest(request.method, request.path, (builder) => {
      const headers: TemplateHeaders = {};
      if (request.auth === 'bearer') headers.Authorization = regex(BEARER_PATTERN, `Bearer ${EXAMPLE_ACCESS_TOKEN}`);
      if (request.auth === 'apiKey') headers.Authorization = regex(API_KEY_PATTERN, EXAMPLE_API_KEY);
      // The Content-Type header set before the body is the one the pact records for it.
      if (request.body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
      builder.headers(headers);
      if (request.body !== undefined) builder.jsonBody(request.body);
    })
    .willRespondWith(response.status, (builder) => {
      if (response.headers) builder.headers(response.headers);
      if (response.body !== undefined) builder.jsonBody(response.body);
    })
    .executeTest(async (mockServer) => {
      const client = new PartnerClient({
        baseUrl: mockServer.url,
        ...(request.auth === 'bearer' ? { accessToken: EXAMPLE_ACCESS_TOKEN } : {}),
        ...(request.auth === 'apiKey' ? { apiKey: EXAMPLE_API_KEY } : {}),
      });
      const answer = await contractCase.call(client, reify(request.body ?? {}) as JsonObject);
      await mockServerSettled(pact, mockServer.port);
      assert.equal(answer.status, response.status, `${contractCase.description}: status`);
      if (response.body === undefined) assert.equal(answer.text, '', `${contractCase.description}: no body expected`);
      else assert.deepEqual(answer.body, reify(response.body), `${contractCase.description}: body`);
    });
}

/**
 * Waits (up to half a second) until Pact's mock server has recorded the match of the request it
 * answered: under load that record can lag the response, and Pact then reports the request as never
 * received (pact-foundation/pact-reference#535, pact-core-mock-server#13).
 */
async function mockServerSettled(pact: PactV4, port: number): Promise<void> {
  // The consumer pact handle is private in PactV4's typings; without it there is nothing to wait on.
  const handle: unknown = Reflect.get(pact, 'pact');
  const matched = (handle as { mockServerMatchedSuccessfully?: (port: number) => boolean } | undefined)
    ?.mockServerMatchedSuccessfully;
  if (typeof matched !== 'function') return;
  for (let waited = 0; waited < 500 && !matched.call(handle, port); waited += 10) await sleep(10);
}

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A value the provider state supplies (`expression`), matched by `regex` on the consumer side. */
function fromStateMatching(expression: string, example: string, regex: string): Matcher<string> {
  const matcher: Matcher<string> & { regex: string; expression: string } = {
    'pact:matcher:type': 'regex',
    'pact:generator:type': 'ProviderState',
    regex,
    expression,
    value: example,
  };
  return matcher;
}

/**
 * A path whose ids come from the provider state (`/v1/products/${productId}`). Pact's own
 * `fromProviderState` matches any string; this one matches the path's shape, with a UUID where the
 * state puts an id, so a client that calls another path fails its consumer test.
 */
export function pathFromState(expression: string, example: string): Matcher<string> {
  const pattern = expression
    .split(/\$\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
    .join(UUID_PATTERN);
  return fromStateMatching(expression, example, `^${pattern}$`);
}

/** An identifier the provider state supplies as `param`, matched as a UUID. */
export function idFromState(param: string, example: string): Matcher<string> {
  return fromStateMatching(`\${${param}}`, example, `^${UUID_PATTERN}$`);
}

const JSON_TYPE = regex('^application/json(;.*)?$', 'application/json; charset=utf-8');
const PROBLEM_TYPE = regex('^application/problem\\+json(;.*)?$', 'application/problem+json; charset=utf-8');

/** Headers of a JSON response. */
export const jsonHeaders = (): TemplateHeaders => ({ 'Content-Type': JSON_TYPE });

/** The 401 every bearer operation answers: `{}` and the scheme it expects. */
export function unauthorizedResponse(scheme: 'bearer' | 'apiKey'): ContractCase['response'] {
  return {
    status: 401,
    headers:
      scheme === 'bearer'
        ? { 'Content-Type': JSON_TYPE, 'WWW-Authenticate': regex('^Bearer\\b.*$', 'Bearer') }
        : jsonHeaders(),
    body: {},
  };
}

/** The event intake's 401: problem details, since its failures are (the description says so), naming the scheme. */
export function problemUnauthorizedResponse(): ContractCase['response'] {
  const problem = problemResponse(401, 'Unauthorized', 'The token is missing, invalid or expired.');
  return {
    ...problem,
    headers: { 'Content-Type': PROBLEM_TYPE, 'WWW-Authenticate': regex('^Bearer\\b.*$', 'Bearer') },
  };
}

/** An error list answer: `{ errors: [{ code, target, message }] }`. */
export function errorListResponse(
  status: number,
  code: string,
  target: string,
  message: string,
): ContractCase['response'] {
  return {
    status,
    headers: jsonHeaders(),
    body: { errors: eachLike({ code: like(code), target: like(target), message: like(message) }) },
  };
}

/** A failure object answer, the error shape of the user operations. */
export function failureResponse(
  status: number,
  code: string,
  type: string,
  numericType: number,
  target: string,
): ContractCase['response'] {
  return {
    status,
    headers: jsonHeaders(),
    body: {
      code: like(code),
      description: like(`${code}: ${target}`),
      type: like(type),
      numericType: integer(numericType),
      metadata: like({ target }),
    },
  };
}

/** A problem details answer (`application/problem+json`), the error shape of the event intake. */
export function problemResponse(status: number, title: string, detail: string): ContractCase['response'] {
  return {
    status,
    headers: { 'Content-Type': PROBLEM_TYPE },
    body: {
      type: like(`https://www.rfc-editor.org/rfc/rfc9110#status.${status}`),
      title: like(title),
      status: integer(status),
      detail: like(detail),
      instance: like('/Integration/app-events'),
    },
  };
}

/** The same request as `success`, sent by a signed-out app: the platform answers 401. */
export function withoutCredentials(success: ContractCase, description: string): ContractCase {
  const scheme = success.request.auth === 'apiKey' ? 'apiKey' : 'bearer';
  return {
    ...success,
    description,
    request: { ...success.request, auth: 'none' },
    response: unauthorizedResponse(scheme),
  };
}
