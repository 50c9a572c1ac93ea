/**
 * The committed pact interactions and scenario steps as calls of the API, read offline for
 * `gas-harness spec diff`: what each sends (method, path, parameters, body, media type, credentials)
 * and what it expects back (statuses, a pact's response body, the JSON paths a step reads), so a
 * change between two versions of the contract can be checked against each.
 */
import { readPactFiles, type LoadedPact } from '../contracts/pact/index.ts';
import { loadSuites, type LoadedSuite } from '../scenarios/index.ts';
import { mediaTypeOf as bareMediaType, type StepAuth, type StepSpec, type SuiteSpec } from '../contract/index.ts';

export interface ContractCall {
  source: 'pact' | 'step';
  file: string;
  /** The interaction's description, or the suite's and the step's names. */
  name: string;
  /** The interaction's pointer in its pact file, or the step's line. */
  at: string;
  method: string;
  path: string;
  /** The path as the file writes it (a step's with its `{{templates}}`). */
  shownPath: string;
  query: string[];
  /** Header names, lower-cased. */
  headers: Map<string, string>;
  /** The JSON body sent; undefined for none (or a raw body, which the validators do not read). */
  body?: unknown;
  sendsBody: boolean;
  /** The media type the body is sent as, when the call names it (the runner otherwise takes the operation's first). */
  mediaType?: string;
  /** The statuses it expects; empty when it expects none in particular. */
  statuses: number[];
  /** A pact's response body and media type. */
  response?: { body?: unknown; mediaType?: string };
  /** The JSON paths a step reads from the response (expectations and captures), as segments; `[]` for an index. */
  reads: string[][];
  /** What a step expects of the response's Content-Type header, as written. */
  contentTypeExpected?: string;
  /** A step's own credentials: none, the API key, or a token with these scopes (default: what the spec asks). */
  auth: 'default' | 'none' | 'apiKey' | { scopes: string[] };
}

/** The calls of the committed pacts (or of `pacts`). */
export function pactCalls(pacts: LoadedPact[] = readPactFiles()): ContractCall[] {
  return pacts.flatMap(({ path: file, pact }) =>
    pact.interactions.map((interaction, index): ContractCall => {
      const { request, response } = interaction;
      const headers = lowerCased(request.headers);
      const responseHeaders = lowerCased(response.headers);
      const authorization = headers.get('authorization');
      return {
        source: 'pact',
        file,
        name: interaction.description,
        at: `/interactions/${index}`,
        method: request.method.toUpperCase(),
        path: request.path,
        shownPath: request.path,
        query: Object.keys(request.query ?? {}),
        headers,
        ...(request.body?.content !== undefined ? { body: request.body.content } : {}),
        sendsBody: request.body?.content !== undefined,
        ...mediaTypeOf(headers.get('content-type') ?? request.body?.contentType),
        statuses: [response.status],
        response: {
          body: response.body?.content,
          ...mediaTypeOf(responseHeaders.get('content-type') ?? response.body?.contentType),
        },
        reads: [],
        auth: authorization === undefined ? 'none' : /^Bearer /.test(authorization) ? 'default' : 'apiKey',
      };
    }),
  );
}

/** The steps of the suites at `paths` (their setup is the target's business, not the contract's). */
export function stepCalls(paths: string[]): ContractCall[] {
  return loadSuites(paths).flatMap((suite) => suite.spec.steps.map((step, i) => stepCall(suite, step, i)));
}

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

function stepCall(suite: LoadedSuite, step: StepSpec, index: number): ContractCall {
  const vars = variablesOf(suite.spec);
  const { request, expect } = step;
  const headers = new Map(
    Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), render(String(v), vars)]),
  );
  const status = expect?.status;
  const contentType = Object.entries(expect?.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  const sendsBody = 'body' in request || 'rawBody' in request;
  return {
    source: 'step',
    file: suite.file,
    name: `${suite.spec.name} › ${step.name}`,
    at: `line ${suite.stepLines[index] ?? 0}`,
    method: request.method,
    path: String(render(request.path, vars)),
    shownPath: request.path,
    query: Object.keys(request.query ?? {}),
    headers: new Map([...headers].map(([k, v]) => [k, String(v)])),
    ...('body' in request ? { body: renderDeep(request.body, vars) } : {}),
    sendsBody,
    ...mediaTypeOf(request.mediaType ?? headers.get('content-type')?.toString()),
    statuses: status === undefined ? [] : Array.isArray(status) ? status : [status],
    reads: [
      ...(expect?.json ?? []).map((e) => e.path),
      ...Object.values(step.capture ?? {}).flatMap((c) => (typeof c === 'string' ? [c] : c.json ? [c.json] : [])),
    ].flatMap((path) => {
      const segments = segmentsOf(path);
      return segments ? [segments] : [];
    }),
    ...(contentType !== undefined ? { contentTypeExpected: JSON.stringify(contentType) } : {}),
    auth: authOf(headers.has('authorization') ? undefined : (request.auth ?? 'default'), headers.get('authorization')),
  };
}

function authOf(auth: StepAuth | undefined, header: unknown): ContractCall['auth'] {
  if (auth === undefined) return typeof header === 'string' && /^Bearer /.test(header) ? 'default' : 'apiKey';
  if (typeof auth === 'object') return auth.scopes ? { scopes: [...auth.scopes] } : 'default';
  return auth;
}

/**
 * The suite's values as offline stand-ins: variables rendered in order, `{{uuid}}` and every capture
 * (known only at run time) a fixed UUID, `{{env.NAME}}` a text. A value that is a stand-in in both
 * versions of the contract gives the same issues in both, so only what a change adds shows.
 */
function variablesOf(suite: SuiteSpec): Map<string, unknown> {
  const vars = new Map<string, unknown>();
  for (const [name, value] of Object.entries(suite.variables ?? {})) vars.set(name, renderDeep(value, vars));
  return vars;
}

const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const TEMPLATE = /\{\{\s*([^{}]+?)\s*\}\}/g;

function valueOf(expression: string, vars: Map<string, unknown>): unknown {
  if (expression.startsWith('env.')) return `env-${expression.slice(4)}`;
  return vars.has(expression) ? vars.get(expression) : PLACEHOLDER_ID;
}

function render(text: string, vars: Map<string, unknown>): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return valueOf(whole[1] ?? '', vars);
  return text.replace(TEMPLATE, (_, expression: string) => {
    const value = valueOf(expression, vars);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

function renderDeep(value: unknown, vars: Map<string, unknown>): unknown {
  if (typeof value === 'string') return render(value, vars);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, vars));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, vars)]));
  return value;
}

/** `$.data.items[0].name` as `['data', 'items', '[]', 'name']`; undefined for filters and wildcards. */
function segmentsOf(path: string): string[] | undefined {
  if (!/^\$(\.[A-Za-z_$][\w$-]*|\[\d+\]|\['[^']+'\])*$/.test(path)) return undefined;
  return [...path.slice(1).matchAll(/\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['([^']+)'\]/g)].map((m) =>
    m[2] !== undefined ? '[]' : (m[1] ?? m[3] ?? ''),
  );
}

function lowerCased(headers: Record<string, string[]> | undefined): Map<string, string> {
  return new Map(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.join(', ')]));
}

function mediaTypeOf(value: string | undefined): { mediaType?: string } {
  const type = bareMediaType(value);
  return type ? { mediaType: type } : {};
}
