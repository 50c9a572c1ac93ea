/**
 * Whether the rule behind an expectation is documented by the platform's description or assumed
 * by the spec (`x-assumed*`), with the spec's reason. `conform` turns a broken documented rule into
 * a FAILURE and a broken assumed one into a DIVERGENCE.
 */
import type { JsonSchema, Operation, ResponseSpec } from '../contract/types.ts';
import type { ValidationIssue } from '../contract/validators.ts';
import {
  otherStatedShape,
  quoteStatedRule,
  speaksOf,
  statedAnswer,
  statedMediaType,
  statedShape,
  STATED_RULES,
  type StatedRule,
} from './stated-rules.ts';

export interface RuleBasis {
  basis: 'documented' | 'assumed';
  /** The spec's reason for an assumed rule, or a note on a documented one. */
  reason?: string;
  /** The id of the description's stated rule (`verdict/stated-rules.ts`) a documented one rests on; `reason` quotes it. */
  stated?: string;
}

const documented = (reason?: string): RuleBasis => ({ basis: 'documented', ...(reason ? { reason } : {}) });
const assumed = (reason: string): RuleBasis => ({ basis: 'assumed', reason });

/** The basis of an expectation that rests on a rule the description states: documented, quoting its sentence. */
export function statedBasis(rule: StatedRule): RuleBasis {
  return { basis: 'documented', reason: quoteStatedRule(rule), stated: rule.id };
}

export const SERVER_ERROR_NOTE =
  'a 5xx is an unexpected processing error, never the answer a request is designed to get';

/**
 * The basis of a broken expectation once the answer is known, the one place every checker's outcome
 * passes on its way to a verdict: a 5xx breaks a documented rule whatever the expectation rested on,
 * since no assumption makes a server error the answer.
 */
export function judgedBasis(basis: RuleBasis, status: number | undefined): RuleBasis {
  return status !== undefined && status >= 500 ? documented(SERVER_ERROR_NOTE) : basis;
}

/**
 * The request's token is declared bound to another resource than the one the request names (a
 * token the profile gives as another dealer's, or minted with another dealer's claim): `param` is
 * the path parameter (or body id) it would have to match.
 */
export interface TokenBinding {
  param: string;
}

/**
 * The rule "this request gets `expected`". Assumed when the spec assumes that status for the
 * operation, or assumes what triggers it: the request's own validation issues (400/422), the
 * operation's permission model (403), or the condition (`x-assumed-conditions`).
 *
 * A 403 expected for a token bound elsewhere splits in two: that the request is refused is stated
 * ("When the token is valid but lacks permission for the resource, the response is 403."), so a
 * 2xx (or any answer below 400) breaks a documented rule; which 4xx refuses it rests on the assumed
 * permission model, so another 4xx than 403 only diverges.
 *
 * A refusal where the spec expects another answer is judged by what the description pins
 * (`refusalBasis`): which requests an operation refuses, and with which of its error statuses, is
 * mostly left open.
 */
export function statusBasis(
  operation: Operation | undefined,
  expected: number,
  actual: number,
  requestIssues: ValidationIssue[],
  boundElsewhere?: TokenBinding,
  /** The media type the request's body was sent as, when it had one. */
  sentMediaType?: string,
): RuleBasis {
  if (actual >= 500) return judgedBasis(documented(), actual);
  if (expected === 403 && boundElsewhere && actual < 400) return statedBasis(STATED_RULES.permission403);
  if (!operation) return documented();
  const response = operation.responses.get(expected);
  if (!response) return documented(`${operation.id} does not list status ${expected}`);
  let trigger: string | undefined;
  if (expected === 400 || expected === 422) {
    const matching = requestIssues.filter((i) => i.status === expected);
    // A property outside the provider update's body is refused by a rule the description states.
    if (
      actual < 400 &&
      speaksOf(STATED_RULES.closedProviderBody, operation.id) &&
      matching.some((i) => i.keyword === 'additionalProperties')
    )
      return statedBasis(STATED_RULES.closedProviderBody);
    if (matching.length > 0 && matching.every((i) => i.assumed)) trigger = matching[0]?.assumed;
  }
  if (expected === 403) trigger = operation.security.assumed;
  const reason = response.assumed ?? response.assumedCondition ?? trigger;
  if (actual >= 400 && actual !== expected) {
    // A body refused as of a media type the description says the operation accepts.
    const mediaType = actual === 415 && sentMediaType ? statedMediaType(operation.id, sentMediaType) : undefined;
    if (mediaType) return statedBasis(mediaType);
    const refusal = refusalBasis(operation, expected, actual, reason);
    if (refusal) return refusal;
  }
  if (reason) return assumed(reason);
  // A status the description states for one operation in a sentence of its own is quoted (the provider update's 404).
  const stated =
    statedAnswer(operation.id, expected) ?? (expected === 401 ? STATED_RULES.unauthenticated401 : undefined);
  return stated ? statedBasis(stated) : documented();
}

/**
 * The rule "the operation answers `status` at all" (a status it documents): a 5xx, a 401 or a status
 * outside the provider update's table breaks a documented rule; another 4xx or 2xx of an operation
 * whose statuses the description does not give only diverges.
 */
export function listedStatusBasis(operation: Operation, status: number): RuleBasis {
  if (status >= 500 || status === 401) return documented();
  const success = operation.responses.get(operation.successStatus);
  if (status >= 200 && status < 300) {
    if (success?.assumed) return assumed(success.assumed);
    const stated = statedAnswer(operation.id, operation.successStatus);
    return stated ? statedBasis(stated) : documented();
  }
  if (status < 400) return documented();
  return statedErrorStatuses(operation).length === 0 ? assumed(ERROR_STATUSES_NOT_SHOWN) : documented();
}

/** The error statuses the description gives an operation besides 401 and 403 (the provider update's table). */
function statedErrorStatuses(operation: Operation): ResponseSpec[] {
  return [...operation.responses.values()].filter(
    (r) => r.status >= 400 && r.status < 500 && r.status !== 401 && r.status !== 403 && !r.assumed,
  );
}

/** The description's words on the error statuses it leaves open. */
export const ERROR_STATUSES_NOT_SHOWN =
  'The description leaves open which requests this operation refuses and with which status ("Numeric statuses of error responses for all operations other than the provider update ...: not shown"; "Required status of fields ...", "String formats and length bounds for all fields: not shown").';

/**
 * A 4xx `actual` where `expected` was the spec's answer: undefined where the description pins the
 * answer (a 401 for the token, the provider update's 404 for an unknown provider, its table of
 * statuses, an upsert that creates), so the plain status rule applies; assumed wherever it leaves
 * open which requests are refused and how.
 */
function refusalBasis(
  operation: Operation,
  expected: number,
  actual: number,
  expectedReason: string | undefined,
): RuleBasis | undefined {
  // The key-authorised counter: which credentials it refuses with 401 and which with 403 is the spec's choice.
  if ((expected === 401 || expected === 403) && (actual === 401 || actual === 403))
    return operation.security.scheme === 'apiKey' && operation.security.assumed
      ? assumed(operation.security.assumed)
      : undefined;
  // A stated error answer (the provider update's 404) is pinned; a stated success status says nothing of refusals.
  if (expected === 401 || actual === 401 || (expected >= 400 && statedAnswer(operation.id, expected))) return undefined;
  if (actual === 404 && expected < 300 && speaksOf(STATED_RULES.upsertCreates, operation.id))
    return statedBasis(STATED_RULES.upsertCreates);
  if (actual === 403 || expected === 403)
    return operation.security.assumed ? assumed(operation.security.assumed) : undefined;
  const statedErrors = statedErrorStatuses(operation);
  // Refused where it should succeed: why is open; refused with another status: which one is.
  if (statedErrors.length === 0)
    return assumed(
      expected < 300
        ? ERROR_STATUSES_NOT_SHOWN
        : (expectedReason ?? operation.responses.get(actual)?.assumed ?? ERROR_STATUSES_NOT_SHOWN),
    );
  const given = statedErrors.find((r) => r.status === actual);
  if (!given) return undefined;
  // One of the operation's stated error statuses; which requests get it is open.
  return assumed(given.assumedCondition ?? expectedReason ?? ERROR_STATUSES_NOT_SHOWN);
}

/** Documented, quoting the stated shape, when the body has another of the error shapes the description states. */
function otherShapeBasis(response: ResponseSpec | undefined, body: unknown): RuleBasis | undefined {
  const other =
    response && body !== undefined ? otherStatedShape(response.operationId, response.status, body) : undefined;
  return other ? statedBasis(other) : undefined;
}

/**
 * The rule "the body has the documented shape": assumed when the body or every broken keyword is,
 * documented when the body (given) has another of the error shapes the description states.
 */
export function schemaBasis(response: ResponseSpec | undefined, issues: ValidationIssue[], body?: unknown): RuleBasis {
  const other = otherShapeBasis(response, body);
  if (other) return other;
  if (response?.assumedBody) return assumed(response.assumedBody);
  const whole = response?.schema?.['x-assumed'];
  if (typeof whole === 'string') return assumed(whole);
  if (issues.length > 0 && issues.every((i) => i.assumed)) return assumed(issues[0]?.assumed ?? '');
  return shapeBasis(response);
}

/** A documented body shape, quoting the description's words where it states that answer's shape. */
function shapeBasis(response: ResponseSpec | undefined): RuleBasis {
  const stated = response ? statedShape(response.operationId, response.status) : undefined;
  return stated ? statedBasis(stated) : documented();
}

/**
 * The rule behind a JSON path expectation on a response body: assumed when the body is, or when a
 * schema on the way to the value (or its presence, for `exists`) carries `x-assumed`; documented when
 * the body (given) has another of the error shapes the description states.
 */
export function jsonPathBasis(
  response: ResponseSpec | undefined,
  path: string,
  presence: boolean,
  body?: unknown,
): RuleBasis {
  const other = otherShapeBasis(response, body);
  if (other) return other;
  if (response?.assumedBody) return assumed(response.assumedBody);
  let schema: JsonSchema | undefined = response?.schema;
  const segments = simplePathSegments(path);
  for (let i = 0; schema; i++) {
    const whole = schema['x-assumed'];
    if (typeof whole === 'string') return assumed(whole);
    const segment = segments?.[i];
    if (segment === undefined || segments === undefined) break;
    // Presence rests on every step on the way: a property whose required status is assumed, an item no minimum guarantees.
    if (presence && typeof segment === 'string' && typeof schema['x-assumed-required'] === 'string')
      return assumed(schema['x-assumed-required']);
    if (presence && typeof segment === 'number' && !(Number(schema.minItems ?? 0) > segment))
      return assumed(ITEMS_NOT_SHOWN);
    schema =
      typeof segment === 'number'
        ? (schema.items as JsonSchema | undefined)
        : (schema.properties as Record<string, JsonSchema> | undefined)?.[segment];
  }
  return shapeBasis(response);
}

/** The rule behind a header expectation: assumed when the spec marks that response header. */
export function headerBasis(
  document: Record<string, unknown>,
  operation: Operation | undefined,
  status: number,
  header: string,
): RuleBasis {
  if (!operation) return documented();
  const response = operation.responses.get(status);
  if (header.toLowerCase() === 'content-type') {
    const why = response?.assumedMediaType ?? response?.assumedBody ?? response?.assumed;
    if (why) return assumed(why);
  }
  const paths = document.paths as Record<
    string,
    Record<string, { responses?: Record<string, { headers?: Record<string, Record<string, unknown>> }> }>
  >;
  const headers = paths[operation.path]?.[operation.method.toLowerCase()]?.responses?.[String(status)]?.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === header.toLowerCase())?.[1];
  const why = entry?.['x-assumed'];
  return typeof why === 'string' ? assumed(why) : documented();
}

const ITEMS_NOT_SHOWN =
  'How many items an array holds is not shown ("Required status of fields in all bodies other than the provider update: not shown").';

/** `$.data.items[0].name` as segments; undefined for paths with filters or wildcards. */
function simplePathSegments(path: string): (string | number)[] | undefined {
  if (!/^\$(\.[A-Za-z_$][\w$-]*|\[\d+\]|\['[^']+'\])*$/.test(path)) return undefined;
  return [...path.slice(1).matchAll(/\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['([^']+)'\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? ''),
  );
}

/** A fixed reason for time limits, which the platform's description never states. */
export const TIME_LIMIT_BASIS: RuleBasis = assumed(
  "The interface states no time-outs; the time limit is the suite's own.",
);
