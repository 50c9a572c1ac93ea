/**
 * A recorded session as a scenario suite (contract/scenario-schema.json): each request a step with its
 * recorded status and `schema: documented`; the ids the server made captured where they first
 * appear and referenced where the client sent them back; credentials written as roles
 * (recorded-auth.ts); volatile values not asserted; no secret written. The one builder: the
 * `record` command (journal or proxy) and the simulator's `GET /__sim/requests/suite` call it.
 */
import { stringify } from 'yaml';
import type {
  CaptureSpec,
  ExpectSpec,
  JsonExpectation,
  OperationMatcher,
  RequestSpec,
  StepSpec,
  SuiteSpec,
} from '../contract/index.ts';
import { isSecretField, mayNameSecretField } from '../contract/secret-fields.ts';
import { mediaTypeOf } from '../contract/media-type.ts';
import { REDACTED, redactSecrets } from '../report/redact.ts';
import { recordedAuth } from './recorded-auth.ts';
import { MAX_RECORDED_BODY_BYTES, type RecordedExchange } from './recorded-exchange.ts';
import {
  CaptureReferences,
  captureNameFor,
  decoded,
  ID_KEY,
  isVolatile,
  mayBeGeneratedId,
  referencedText,
  secretsOfSession,
  stringsSentBy,
  UUID,
  withoutSecrets,
  withReferences,
} from './recorded-values.ts';

export interface RecordSuiteOptions {
  /** The suite's name (default: `Recorded session <time>`). */
  name?: string;
  /** Where the session came from, for the suite's description: `the journal of tenant t at URL`. */
  source: string;
}

/** A step, with why it may not replay as recorded (`x-` keys are left for tools). */
type RecordedStep = StepSpec & { 'x-recorded'?: string };

/** At most this many JSON expectations per step: a suite checks what matters, not every field. */
const MAX_EXPECTATIONS = 25;
const MAX_ASSERTED_STRING = 200;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The request headers a step keeps: Prefer asks for a status or a delay, so the replay asks again. */
const KEPT_HEADERS = ['prefer'];

/** The suite a session's exchanges stand for; throws when none of them calls the platform. */
export function buildRecordedSuite(
  exchanges: readonly RecordedExchange[],
  contract: { match: OperationMatcher },
  options: RecordSuiteOptions,
): SuiteSpec {
  const secrets = secretsOfSession(exchanges);
  // The simulator's own API is not the platform's: a replay reaches it through the suite's setup.
  const platform = exchanges.filter((e) => !e.path.startsWith('/__sim'));
  if (platform.length === 0) throw new Error('no request to the platform was recorded');
  const firstSent = new Map<string, number>();
  platform.forEach((e, i) => {
    for (const s of stringsSentBy(e)) if (!firstSent.has(s)) firstSent.set(s, i);
  });
  const references = new CaptureReferences();
  const taken = new Set<string>();
  const nextNumber = new Map<string, number>();
  const sentSoFar = new Set<string>();
  const reference = (value: string) => (references.has(value) ? `{{${references.get(value)}}}` : value);
  const text = (value: string) => literal(redactSecrets(value, secrets));

  const steps = platform.map((exchange, index): RecordedStep => {
    const operation = contract.match(exchange.method, exchange.path)?.operation;
    const notes: string[] = [];
    const path = exchange.path
      .split('/')
      .map((segment) => {
        const value = decoded(segment);
        return references.has(value) ? reference(value) : referencedText(text(segment), references);
      })
      .join('/');
    const request: RequestSpec = { method: methodOf(exchange.method), path: path.startsWith('/') ? path : `/${path}` };
    const query = Object.entries(exchange.query ?? {}).map(([name, value]) => [
      text(name),
      isSecretField(name) ? REDACTED : referencedText(text(value), references),
    ]);
    if (query.length > 0) request.query = Object.fromEntries(query) as Record<string, string>;
    const headers = KEPT_HEADERS.filter((h) => exchange.headers[h] !== undefined).map((h) => [
      h,
      text(exchange.headers[h] ?? ''),
    ]);
    if (headers.length > 0) request.headers = Object.fromEntries(headers) as Record<string, string>;
    const body = exchange.body;
    if (body?.kind === 'json') {
      const value = withReferences(literalValue(withoutSecrets(body.value, secrets)), references);
      if ((JSON.stringify(value) ?? '').length > MAX_RECORDED_BODY_BYTES)
        notes.push('request body not kept: larger than a suite keeps');
      else request.body = value;
    } else if (body?.kind === 'text') {
      // Text that is not JSON cannot be told apart from a secret it may hold: the journal's rule too.
      if (mayNameSecretField(body.text) || redactSecrets(body.text, secrets) !== body.text)
        notes.push('request body not kept: text that may hold a secret');
      else request.rawBody = literal(body.text);
    } else if (body?.kind === 'omitted') notes.push(`request body not kept: ${body.reason}`);
    const contentType = exchange.headers['content-type'];
    const kept = request.body !== undefined || request.rawBody !== undefined;
    if (kept && contentType && mediaTypeOf(contentType) !== operation?.requestBody?.mediaTypes[0])
      request.mediaType = text(contentType);
    const { auth, refusedCredential } = recordedAuth(exchange, operation, reference);
    if (auth !== undefined) request.auth = auth;
    if (refusedCredential) request.headers = { ...request.headers, Authorization: REDACTED };
    if (exchange.simulated && exchange.headers.prefer === undefined)
      notes.push('the status was injected by a fault rule: the replay needs the same rule');

    for (const s of stringsSentBy(exchange)) sentSoFar.add(s);
    const capture: Record<string, CaptureSpec> = {};
    const capturedHere = new Set<string>();
    const responseBody =
      exchange.responseBody?.kind === 'json' ? withoutSecrets(exchange.responseBody.value, secrets) : undefined;
    for (const { path: jsonPath, key, value } of leavesOf(responseBody)) {
      if (!mayBeGeneratedId(key, value) || sentSoFar.has(value) || references.has(value)) continue;
      const sentBackLater = (firstSent.get(value) ?? -1) > index;
      const created = exchange.status === 201 && ID_KEY.test(key);
      if (!sentBackLater && !created) continue;
      const name = captureNameFor(jsonPath, operation?.id, taken, nextNumber);
      taken.add(name);
      references.set(value, name);
      capturedHere.add(value);
      capture[name] = jsonPath;
    }
    const location = exchange.responseHeaders?.location;
    if (location && !references.has(location) && (firstSent.get(location) ?? -1) > index) {
      const name = captureNameFor('$.location', undefined, taken, nextNumber);
      taken.add(name);
      references.set(location, name);
      capture[name] = { header: 'location' };
    }

    const expect: ExpectSpec = { status: exchange.status };
    if (operation?.responses.has(exchange.status)) expect.schema = 'documented';
    if (exchange.status >= 200 && exchange.status < 300) {
      const json = expectationsOf(responseBody, references, capturedHere, sentSoFar);
      if (json.length > 0) expect.json = json;
    }
    const step: RecordedStep = {
      name: `${exchange.method.toUpperCase()} ${operation?.path ?? 'a path no operation has'} answers ${exchange.status}`,
      request,
      expect,
      ...(Object.keys(capture).length > 0 ? { capture } : {}),
    };
    if (notes.length > 0) step['x-recorded'] = notes.join('; ');
    return step;
  });

  const name = options.name ?? `Recorded session ${new Date().toISOString()}`;
  return {
    name: literal(redactSecrets(name, secrets)),
    description: literal(
      redactSecrets(
        `Recorded by gas-harness record from ${options.source}: ${platform.length} request(s)` +
          (exchanges.length > platform.length ? `, ${exchanges.length - platform.length} to /__sim left out.` : '.'),
        secrets,
      ),
    ),
    auth: { profile: 'simulator' },
    steps,
  };
}

/** The suite's YAML text; secrets the session carried are removed once more from the whole text. */
export function renderRecordedSuite(
  exchanges: readonly RecordedExchange[],
  contract: { match: OperationMatcher },
  options: RecordSuiteOptions,
): string {
  const suite = buildRecordedSuite(exchanges, contract, options);
  return redactSecrets(stringify(suite, { lineWidth: 0 }), secretsOfSession(exchanges));
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
function methodOf(method: string): RequestSpec['method'] {
  const upper = method.toUpperCase();
  return METHODS.find((m) => m === upper) ?? 'GET';
}

/** A recorded string with `{{` broken up: the runner would read it as a template. */
function literal(value: string): string {
  return value.includes('{{') ? value.replace(/\{\{/g, '{ {') : value;
}

function literalValue(value: unknown): unknown {
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return value.map(literalValue);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literalValue(v)]));
  return value;
}

interface Leaf {
  path: string;
  key: string;
  value: unknown;
}

/**
 * The scalars of a JSON body and arrays of scalars, with their JSON paths, objects first-level
 * first; keys a JSON path cannot name plainly, secret fields and arrays of objects are passed over.
 */
function leavesOf(body: unknown): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (node: unknown, path: string, key: string, depth: number) => {
    if (depth > 8 || isSecretField(key)) return;
    if (Array.isArray(node)) {
      if (node.every((v) => v === null || typeof v !== 'object')) leaves.push({ path, key, value: node });
      else node.slice(0, 20).forEach((v, i) => walk(v, `${path}[${i}]`, key, depth + 1));
      return;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [k, v] of Object.entries(node)) if (IDENTIFIER.test(k)) walk(v, `${path}.${k}`, k, depth + 1);
      return;
    }
    if (path !== '$') leaves.push({ path, key, value: node });
  };
  walk(body, '$', '', 0);
  return leaves;
}

/** What a step asserts of its answer's body: stable values equal, generated ids exist, volatile ones not at all. */
function expectationsOf(
  body: unknown,
  references: ReadonlyMap<string, string>,
  capturedHere: ReadonlySet<string>,
  sent: ReadonlySet<string>,
): JsonExpectation[] {
  const expectations: JsonExpectation[] = [];
  for (const { path, key, value } of leavesOf(body)) {
    if (expectations.length >= MAX_EXPECTATIONS) break;
    if (isVolatile(key, value) || path.includes('[')) continue;
    if (Array.isArray(value)) {
      const strings = value.filter((v): v is string => typeof v === 'string');
      if (value.length <= 20 && strings.every((s) => s.length <= MAX_ASSERTED_STRING && !unassertable(s)))
        expectations.push({ path, equals: value });
      continue;
    }
    if (typeof value !== 'string') {
      expectations.push({ path, equals: value });
      continue;
    }
    if (capturedHere.has(value)) expectations.push({ path, exists: true });
    else if (references.has(value)) expectations.push({ path, equals: `{{${references.get(value)}}}` });
    else if (UUID.test(value) && !sent.has(value)) expectations.push({ path, exists: true });
    else if (value.length <= MAX_ASSERTED_STRING && !unassertable(value)) expectations.push({ path, equals: value });
  }
  return expectations;
}

function unassertable(value: string): boolean {
  return value.includes(REDACTED) || value.includes('{{');
}
