/**
 * Checks a step's response against its expectations: status, headers, JSON path values, the
 * documented schema and a time limit. Each check names its rule and whether the spec documents or
 * assumes it.
 */
import { isDeepStrictEqual } from 'node:util';
import { JSONPath } from 'jsonpath-plus';
import type { Contract, ExpectSpec, HeaderExpectation, Operation, ValidationIssue } from '../contract/index.ts';
import type { TokenBinding } from '../verdict/index.ts';
import type { HttpResponse } from '../client/index.ts';
import { excerpt as redactedExcerpt } from '../report/index.ts';
import { exposedSecret } from '../report/secret-exposure.ts';
import {
  headerBasis,
  jsonPathBasis,
  schemaBasis,
  SERVER_ERROR_NOTE,
  statedBasis,
  STATED_RULES,
  statusBasis,
  TIME_LIMIT_BASIS,
  type RuleBasis,
  type RuleOutcome,
} from '../verdict/index.ts';

export interface CheckResult extends RuleOutcome {
  /** The rule, named with the operation: `getProduct answers 200`. */
  rule: string;
  /** What the target did instead, when the check failed. */
  actual?: string;
  /**
   * Why the check was not made (it counts as known, not as checked): the checks a step plans after
   * its status are not reached when the status check fails. `passed` is true: it broke nothing.
   */
  notReached?: string;
}

/** Why the checks after a failed status are not made. */
export const NOT_REACHED_STATUS = 'not reached: the status check failed';
/** Why a step's captures are not made. */
export const NOT_REACHED_CAPTURE = 'not reached: a check before the capture failed';

export interface CheckContext {
  contract: Contract;
  operation: Operation | undefined;
  /** `getProduct`, or `GET /x` for a request that hits no operation. */
  label: string;
  requestIssues: ValidationIssue[];
  /** The run's secrets, redacted from what an excerpt shows before it is cut. */
  secrets?: readonly string[];
  /** The request's token is bound to another resource than the one it names. */
  boundElsewhere?: TokenBinding;
  /** The media type the request's body was sent as. */
  sentMediaType?: string;
}

/** Shows a value a JSON path selected, cut to 200 characters. */
const showIn = (secrets: readonly string[]) => (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value) : redactedExcerpt(JSON.stringify(value) ?? 'nothing', 200, secrets);

/** Runs every expectation; when the status is wrong the body checks are not run, only reported once. */
export function checkExpectations(expect: ExpectSpec, response: HttpResponse, ctx: CheckContext): CheckResult[] {
  const secrets = ctx.secrets ?? [];
  const show = showIn(secrets);
  const override: RuleBasis | undefined = expect.assumed ? { basis: 'assumed', reason: expect.assumed } : undefined;
  const results: CheckResult[] = [];
  // A suite may mark its rules assumed, but a server error or a rule the description states stays documented.
  const add = (rule: string, passed: boolean, basis: RuleBasis, actual?: string) =>
    results.push({
      rule: `${ctx.label}: ${rule}`,
      passed,
      ...(basis.reason === SERVER_ERROR_NOTE || basis.stated ? basis : (override ?? basis)),
      ...(passed || actual === undefined ? {} : { actual }),
    });

  if (expect.status !== undefined) {
    const wanted = Array.isArray(expect.status) ? expect.status : [expect.status];
    const passed = wanted.includes(response.status);
    const undocumented =
      ctx.operation && !ctx.operation.responses.has(response.status)
        ? ` (a status ${ctx.operation.id} does not document)`
        : '';
    const allowed =
      ctx.boundElsewhere && response.status < 400
        ? ` (a token bound to another ${ctx.boundElsewhere.param} than the request names was allowed)`
        : '';
    add(
      `answers ${wanted.join(' or ')}`,
      passed,
      statusBasis(
        ctx.operation,
        wanted[0] ?? 0,
        response.status,
        ctx.requestIssues,
        ctx.boundElsewhere,
        ctx.sentMediaType,
      ),
      `got ${response.status}${undocumented}${allowed}${response.text ? `: ${redactedExcerpt(response.text, 300, secrets)}` : ''}`,
    );
    if (!passed) return [...results, ...unreached(expect, ctx)];
  }
  const responseSpec = ctx.operation?.responses.get(response.status);

  for (const [name, expectation] of Object.entries(expect.headers ?? {})) {
    const value = response.headers[name.toLowerCase()];
    const [rule, passed] = headerCheck(name, expectation, value);
    add(
      rule,
      passed,
      headerBasis(ctx.contract.document, ctx.operation, response.status, name),
      value === undefined ? 'no such header' : `${name}: ${value}`,
    );
  }

  for (const json of expect.json ?? []) {
    const found = queryJson(json.path, response.body);
    const value = found.length === 1 ? found[0] : found;
    const basis = jsonPathBasis(responseSpec, json.path, json.exists !== undefined, response.body);
    const actual = found.length === 0 ? `${json.path} matched nothing` : `${json.path} is ${show(value)}`;
    if (json.exists !== undefined)
      add(`${json.path} ${json.exists ? 'exists' : 'is absent'}`, found.length > 0 === json.exists, basis, actual);
    if (json.equals !== undefined)
      add(
        `${json.path} equals ${show(json.equals)}`,
        found.length > 0 && isDeepStrictEqual(value, json.equals),
        basis,
        actual,
      );
    if (json.matches !== undefined) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      add(
        `${json.path} matches /${json.matches}/`,
        found.length > 0 && new RegExp(json.matches).test(text ?? ''),
        basis,
        actual,
      );
    }
  }

  if (expect.schema === 'documented')
    results.push(...schemaCheck(response, ctx).map((r) => (override ? { ...r, ...override } : r)));
  if (expect.maxMs !== undefined) {
    add(
      `answers within ${expect.maxMs} ms`,
      response.durationMs <= expect.maxMs,
      TIME_LIMIT_BASIS,
      `took ${Math.round(response.durationMs)} ms`,
    );
  }
  return results;
}

/**
 * The checks a step plans, by rule (without its operation label): its status, headers, JSON paths,
 * documented schema and time limit, judged as if the answer came with `status` (the first expected).
 * A run's known rules come from these, not from the answers.
 */
export function plannedChecks(
  expect: ExpectSpec,
  operation: Operation | undefined,
  secrets: readonly string[] = [],
): string[] {
  const wanted = expect.status === undefined ? [] : Array.isArray(expect.status) ? expect.status : [expect.status];
  const status = wanted[0] ?? 0;
  const rules: string[] = wanted.length ? [`answers ${wanted.join(' or ')}`] : [];
  for (const [name, expectation] of Object.entries(expect.headers ?? {}))
    rules.push(headerCheck(name, expectation, undefined)[0]);
  const show = showIn(secrets);
  for (const json of expect.json ?? []) {
    if (json.exists !== undefined) rules.push(`${json.path} ${json.exists ? 'exists' : 'is absent'}`);
    if (json.equals !== undefined) rules.push(`${json.path} equals ${show(json.equals)}`);
    if (json.matches !== undefined) rules.push(`${json.path} matches /${json.matches}/`);
  }
  if (expect.schema === 'documented') {
    const spec = operation?.responses.get(status);
    if (spec && !spec.schema) rules.push(`${status} has no body`);
    else {
      if (spec) rules.push(`${status} body is JSON (${spec.mediaType ?? 'application/json'})`);
      rules.push(spec ? `${status} body has the documented schema` : 'body has the documented schema');
    }
  }
  if (expect.maxMs !== undefined) rules.push(`answers within ${expect.maxMs} ms`);
  return rules;
}

/** The checks a step plans after its failed status: known, not checked. */
function unreached(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  return plannedChecks(expect, ctx.operation, ctx.secrets)
    .slice(1)
    .map((rule) => ({
      rule: `${ctx.label}: ${rule}`,
      passed: true,
      basis: 'documented',
      notReached: NOT_REACHED_STATUS,
    }));
}

/**
 * The guard every answer of the platform gets, whatever the step expects: it exposes none of the
 * run's tokens and keys, in any encoding ("The token must not be exposed in public code, logs or API
 * responses."). A broken check when it does; undefined when the answer is clean.
 */
export function secretExposureCheck(
  response: Pick<HttpResponse, 'text' | 'headers'>,
  label: string,
  secrets: readonly string[],
): CheckResult | undefined {
  const where = exposedSecret(response, secrets);
  if (!where) return undefined;
  return {
    rule: `${label}: exposes no token or key of the run in its answer`,
    passed: false,
    ...statedBasis(STATED_RULES.tokenNotExposed),
    actual: `${where} carries a token or key the run sent (shown redacted)`,
  };
}

/** The values a JSON path selects in a body; none when the body is not JSON. */
export function queryJson(path: string, body: unknown): unknown[] {
  if (body === null || typeof body !== 'object') return [];
  return JSONPath({ path, json: body, wrap: true }) as unknown[];
}

function headerCheck(name: string, expectation: HeaderExpectation, value: string | undefined): [string, boolean] {
  if (typeof expectation === 'string')
    return [`header ${name} is ${JSON.stringify(expectation)}`, value === expectation];
  const parts: string[] = [];
  let passed = true;
  if (expectation.exists !== undefined) {
    parts.push(expectation.exists ? 'is present' : 'is absent');
    passed &&= (value !== undefined) === expectation.exists;
  }
  if (expectation.equals !== undefined) {
    parts.push(`is ${JSON.stringify(expectation.equals)}`);
    passed &&= value === expectation.equals;
  }
  if (expectation.matches !== undefined) {
    parts.push(`matches /${expectation.matches}/`);
    passed &&= value !== undefined && new RegExp(expectation.matches).test(value);
  }
  return [`header ${name} ${parts.join(' and ')}`, passed];
}

/** `schema: documented`: the body (and its media type) is what the spec documents for the status. */
function schemaCheck(response: HttpResponse, ctx: CheckContext): CheckResult[] {
  const { operation, label } = ctx;
  if (!operation) {
    return [
      {
        rule: `${label}: body has the documented schema`,
        passed: false,
        basis: 'documented',
        actual: 'the request hits no operation of the spec',
      },
    ];
  }
  const spec = operation.responses.get(response.status);
  const rule = `${label}: ${response.status} body has the documented schema`;
  if (!spec)
    return [
      { rule, passed: false, basis: 'documented', actual: `${operation.id} documents no status ${response.status}` },
    ];
  if (!spec.schema) {
    const passed = response.text === '';
    return [
      {
        rule: `${label}: ${response.status} has no body`,
        passed,
        ...schemaBasis(spec, []),
        ...(passed ? {} : { actual: redactedExcerpt(response.text, 300, ctx.secrets ?? []) }),
      },
    ];
  }
  const results: CheckResult[] = [];
  const contentType = response.headers['content-type'] ?? '';
  const jsonMedia = /^application\/([\w.-]+\+)?json\b/i.test(contentType);
  results.push({
    rule: `${label}: ${response.status} body is JSON (${spec.mediaType ?? 'application/json'})`,
    passed: jsonMedia,
    ...schemaBasis(spec, []),
    ...(jsonMedia ? {} : { actual: `content-type ${contentType || 'missing'}` }),
  });
  const issues = ctx.contract.validators.response(operation.id, response.status, response.body) ?? [];
  results.push({
    rule,
    passed: issues.length === 0,
    ...schemaBasis(spec, issues, response.body),
    ...(issues.length ? { actual: issues.map((i) => i.message).join('; ') } : {}),
  });
  return results;
}
