/**
 * The fuzzers' named checks (after Schemathesis's, plus the platform's rules): each looks at one
 * exchange and says what is wrong with it, or nothing. A failure of a rule the spec only assumes
 * carries the spec's reason in `assumed`, and is reported as a divergence.
 */
import {
  brokenOn,
  headerBasis,
  judgedBasis,
  listedStatusBasis,
  statusBasis,
  quoteStatedRule,
  schemaBasis,
  STATED_RULES,
  type RuleBasis,
  type RuleOutcome,
} from '../verdict/index.ts';
import { mediaTypeOf, type Contract, type Operation } from '../contract/index.ts';
import type { HttpResponse } from '../client/index.ts';
import { excerpt, holdsJwt, mayHoldSecret } from '../report/index.ts';
import type { FuzzCase } from './fuzz-case.ts';

export const CHECK_NAMES = [
  'not_a_server_error',
  'status_documented',
  'content_type_conformance',
  'body_matches_documented_shape',
  'negative_data_rejected',
  'positive_data_accepted',
  'auth_enforced',
  'no_secret_echoed',
] as const;

export type CheckName = (typeof CHECK_NAMES)[number];

/** The name stateful sequences report under (selectable with `--checks` like the others). */
export const STATEFUL_CHECK = 'stateful_sequences';
export type SelectableCheck = CheckName | typeof STATEFUL_CHECK;
export const SELECTABLE_CHECKS: readonly SelectableCheck[] = [...CHECK_NAMES, STATEFUL_CHECK];

/** A check's broken rule: assumed with the spec's reason, or documented, with what it rests on when there is more to say (a 5xx's note, a stated sentence). */
export interface CheckFailure extends RuleOutcome {
  check: SelectableCheck;
  message: string;
}

export interface CheckContext {
  contract: Contract;
  op: Operation;
  /** The case sent; absent for a step of a stateful sequence. */
  fuzzCase?: FuzzCase;
  response: HttpResponse;
  /** Values that must never come back: credentials sent, secret body fields. */
  secrets: string[];
  /** True on a simulator target, where resources were set up and positive data must be accepted. */
  simulator: boolean;
}

type Check = (ctx: CheckContext) => CheckFailure | undefined;

const CHECKS: Record<CheckName, Check> = {
  not_a_server_error: ({ response, secrets }) =>
    response.status >= 500
      ? fail('not_a_server_error', `answered ${response.status}${answerExcerpt(response, secrets)}`)
      : undefined,

  status_documented: ({ op, response }) => {
    if (op.responses.has(response.status)) return undefined;
    // Another 2xx than an assumed success status, or a 4xx of an operation whose error statuses the
    // description does not give, is the deployment's answer to an open question.
    const basis = listedStatusBasis(op, response.status);
    return fail(
      'status_documented',
      `answered ${response.status}, which ${op.id} does not document (${[...op.responses.keys()].join(', ')})`,
      basis,
    );
  },

  content_type_conformance: ({ contract, op, response }) => {
    const documented = op.responses.get(response.status);
    if (!documented?.mediaType || response.text === '') return undefined;
    const got = mediaTypeOf(response.headers['content-type']);
    if (got === documented.mediaType) return undefined;
    const basis = headerBasis(contract.document, op, response.status, 'content-type');
    return fail(
      'content_type_conformance',
      `answered ${response.status} as ${got ?? 'no content type'}, documented ${documented.mediaType}`,
      basis,
    );
  },

  body_matches_documented_shape: ({ contract, op, response, secrets }) => {
    const documented = op.responses.get(response.status);
    if (!documented) return undefined;
    if (!documented.schema) {
      return response.text === ''
        ? undefined
        : fail(
            'body_matches_documented_shape',
            `answered ${response.status} with a body where none is documented${answerExcerpt(response, secrets)}`,
            documented.assumed,
          );
    }
    if (response.text === '' || typeof response.body === 'string') {
      return fail(
        'body_matches_documented_shape',
        `answered ${response.status} without a JSON body${answerExcerpt(response, secrets)}`,
        schemaBasis(documented, []),
      );
    }
    const issues = contract.validators.response(op.id, response.status, response.body) ?? [];
    if (issues.length === 0) return undefined;
    const basis = schemaBasis(documented, issues, response.body);
    return fail(
      'body_matches_documented_shape',
      `the ${response.status} body does not match its schema: ${issues
        .slice(0, 3)
        .map((i) => i.message)
        .join('; ')}`,
      basis,
    );
  },

  negative_data_rejected: ({ fuzzCase, response }) => {
    if (fuzzCase?.kind !== 'negative') return undefined;
    // Any refusal rejects it; a status the operation does not list is status_documented's to judge.
    if (response.status >= 400 && response.status < 500) return undefined;
    return fail(
      'negative_data_rejected',
      `${fuzzCase.description} was answered ${response.status}; expected a documented 4xx (the simulator answers ${fuzzCase.expected.join(' or ')})`,
      fuzzCase.assumed,
    );
  },

  positive_data_accepted: ({ op, fuzzCase, response, simulator, secrets }) => {
    if (fuzzCase?.kind !== 'positive') return undefined;
    if (response.status >= 200 && response.status < 300) return undefined;
    // Without provider states the ids may not exist, and state may conflict: documented 404 and 409 are answers, not rejections.
    if (!simulator && (response.status === 404 || response.status === 409) && op.responses.has(response.status))
      return undefined;
    // Which values an operation accepts is mostly left open (required fields, formats, lengths, path ids).
    const basis = statusBasis(op, op.successStatus, response.status, []);
    return fail(
      'positive_data_accepted',
      `valid data was answered ${response.status}${answerExcerpt(response, secrets)}`,
      basis,
    );
  },

  auth_enforced: ({ contract, op, fuzzCase, response }) => {
    if (fuzzCase?.kind !== 'auth') return undefined;
    const [expected] = fuzzCase.expected;
    if (response.status === expected) {
      if (expected === 401 && !response.headers['www-authenticate']) {
        return fail(
          'auth_enforced',
          `${fuzzCase.description} was answered 401 without WWW-Authenticate`,
          wwwAuthenticateAssumption(contract),
        );
      }
      return undefined;
    }
    const ignored = response.status < 400 ? ' (auth ignored)' : '';
    // No, a wrong or an expired token let through breaks the stated 401; a token without the scope
    // the spec names breaks only the assumed permission model, let through or not.
    const permission = expected === 403 ? op.security.assumed : undefined;
    return fail(
      'auth_enforced',
      `${fuzzCase.description} was answered ${response.status}${ignored}; expected ${expected}`,
      response.status < 400 && !permission ? undefined : (fuzzCase.assumed ?? permission),
    );
  },

  no_secret_echoed: ({ response, secrets }) => {
    const haystack = `${response.text}\n${Object.values(response.headers).join('\n')}`;
    // Echoed in any form the redaction knows (URL-encoded, JSON-escaped, base64), not only as sent.
    const leaked = secrets.find((s) => s.length >= 8 && mayHoldSecret(haystack, [s]));
    if (!leaked) return undefined;
    // A token (a JWT, a Bearer credential) breaks the stated rule; the quote says which.
    const token = holdsJwt(leaked) ? `; ${quoteStatedRule(STATED_RULES.tokenNotExposed)}` : '';
    return fail(
      'no_secret_echoed',
      `the response carries a secret the request sent (${leaked.length} characters)${token}`,
    );
  },
};

/** Runs the selected checks on an exchange; returns every failure. */
export function runChecks(ctx: CheckContext, selected: ReadonlySet<SelectableCheck>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const name of CHECK_NAMES) {
    if (!selected.has(name)) continue;
    const failure = CHECKS[name](ctx);
    if (failure) failures.push(judgedFailure(failure, ctx.response.status));
  }
  return failures;
}

/** Parses `--checks` values (comma or space separated; `all`); throws naming the unknown ones. */
export function parseChecks(values: readonly string[] | undefined): SelectableCheck[] {
  const names = (values ?? []).flatMap((v) => v.split(/[\s,]+/)).filter(Boolean);
  if (names.length === 0 || names.includes('all')) return [...SELECTABLE_CHECKS];
  const unknown = names.filter((n) => !SELECTABLE_CHECKS.includes(n as SelectableCheck));
  if (unknown.length) throw new Error(`unknown check ${unknown.join(', ')}; known: ${SELECTABLE_CHECKS.join(', ')}`);
  return names as SelectableCheck[];
}

/** A failure judged by the answer's status (`judgedBasis`): on a 5xx, no assumption makes it a divergence. */
export function judgedFailure(failure: CheckFailure, status: number): CheckFailure {
  const judged = judgedBasis(failure, status);
  // A documented rule keeps what it already rests on.
  if (judged.basis === failure.basis && (failure.reason || !judged.reason)) return failure;
  const { reason: _reason, stated: _stated, ...rest } = failure;
  return { ...rest, ...judged };
}

/**
 * A check's failure: `judged` is the spec's reason when only an assumption is broken, or the basis of
 * the rule, whose reason a documented rule the description states in so many words adds to the message.
 */
function fail(check: SelectableCheck, message: string, judged?: string | RuleBasis): CheckFailure {
  const basis: RuleBasis =
    typeof judged === 'object' ? judged : judged ? { basis: 'assumed', reason: judged } : { basis: 'documented' };
  const quoted = basis.basis === 'documented' && basis.stated ? `${message}; ${basis.reason ?? ''}` : message;
  return { check, message: quoted, ...brokenOn(basis) };
}

/** The head of an answer for a message, the run's secrets redacted before it is cut. */
function answerExcerpt(response: HttpResponse, secrets: readonly string[]): string {
  return response.text ? `: ${excerpt(response.text, 160, secrets, '...')}` : '';
}

/** The spec's reason for requiring WWW-Authenticate on a 401 (the header is an assumption). */
function wwwAuthenticateAssumption(contract: Contract): string {
  let node: unknown = contract.raw;
  for (const key of ['components', 'responses', 'Unauthorized', 'headers', 'WWW-Authenticate', 'x-assumed']) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'string' ? node : 'a 401 names the scheme it expects in WWW-Authenticate';
}
