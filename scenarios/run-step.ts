/** Runs one scenario step: renders its request, sends it, checks the response and captures values. */
import { RequestTimeoutError, send, type HttpResponse } from '../client/index.ts';
import { type TargetSession } from '../target/index.ts';
import type { CaptureSpec, Contract, ExpectSpec, Operation, StepSpec, ValidationIssue } from '../contract/index.ts';
import {
  checkExpectations,
  NOT_REACHED_CAPTURE,
  plannedChecks,
  queryJson,
  secretExposureCheck,
  type CheckResult,
} from './check-expectations.ts';
import type { OperationMatcher } from '../contract/index.ts';
import { failsRun, jsonPathBasis } from '../verdict/index.ts';
import { shownAnswer } from '../report/index.ts';
import type { StepResult } from './scenario-report.ts';
import { StepSkip, tokenBoundElsewhere, type StepAuthorizer, type SuiteAuthPlan } from './suite-auth.ts';
import { renderText, renderValue, type Variables } from './template.ts';

export interface StepContext {
  contract: Contract;
  match: OperationMatcher;
  session: TargetSession;
  authorize: StepAuthorizer;
  /** The suite's auth plan, to tell a step whose token is bound to another resource. */
  plan?: SuiteAuthPlan;
  vars: Variables;
}

const ADMIN_PREFIX = '/__sim/';

export async function runStep(step: StepSpec, line: number, ctx: StepContext): Promise<StepResult> {
  const { request } = step;
  const base = {
    name: step.name,
    line,
    method: request.method,
    path: request.path,
    durationMs: 0,
    checks: [] as CheckResult[],
  };
  let path: string;
  let headers: Record<string, string>;
  let body: unknown;
  let expect: ExpectSpec;
  try {
    path = renderText(request.path, ctx.vars);
    headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k, renderText(String(v), ctx.vars)]),
    );
    body =
      'rawBody' in request
        ? renderText(request.rawBody ?? '', ctx.vars)
        : 'body' in request
          ? renderValue(request.body, ctx.vars)
          : undefined;
    expect = renderValue(step.expect ?? {}, ctx.vars) as ExpectSpec;
  } catch (error) {
    return { ...base, outcome: 'failed', error: (error as Error).message };
  }
  const raw = 'rawBody' in request;
  const matched = ctx.match(request.method, path);
  const operation = matched?.operation;
  const shown = { ...base, path, ...(operation ? { operationId: operation.id } : {}) };
  const admin = path.startsWith(ADMIN_PREFIX);
  if (admin && !ctx.session.admin)
    return {
      ...shown,
      outcome: 'skipped',
      skipReason: `reads the simulator's own records (${path.split('?')[0] ?? path}), which a deployment does not expose`,
      planned: plannedStepRules(step, ctx.contract),
    };

  const hasHeader = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  let boundElsewhere: ReturnType<typeof tokenBoundElsewhere>;
  let given: string | undefined;
  if (!hasHeader('authorization') && !admin) {
    if (ctx.plan) boundElsewhere = tokenBoundElsewhere(request.auth, ctx.plan, matched?.params ?? {}, body, ctx.vars);
    const authorization = await ctx.authorize(request.auth, operation, matched?.params ?? {}, ctx.vars);
    if (authorization instanceof StepSkip)
      return {
        ...shown,
        outcome: 'skipped',
        skipReason: authorization.reason,
        planned: plannedStepRules(step, ctx.contract),
      };
    if (authorization !== undefined) headers.authorization = given = authorization;
  }
  // Without a media type, a body goes as the first one the operation takes (JSON when unknown).
  const mediaType =
    request.mediaType ??
    (body !== undefined ? (operation?.requestBody?.mediaTypes[0] ?? 'application/json') : undefined);
  if (mediaType && !hasHeader('content-type')) headers['content-type'] = mediaType;
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([k, v]) => [k, renderText(String(v), ctx.vars)]),
  ).toString();
  const url = `${ctx.session.url}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;

  let response: HttpResponse;
  try {
    response = await send({
      method: request.method,
      url,
      // A step may read the admin API itself (its journal, events): sent as written, with the admin client's headers.
      headers: { ...ctx.session.headers(), ...(admin ? ctx.session.admin?.headers() : {}), ...headers },
      ...(body !== undefined ? { body, raw } : {}),
      timeoutMs: ctx.session.timeoutMs,
      maxAnswerBytes: ctx.session.maxAnswerBytes,
    });
  } catch (error) {
    const waited = error instanceof RequestTimeoutError ? { durationMs: Math.round(error.durationMs * 10) / 10 } : {};
    return { ...shown, ...waited, outcome: 'failed', error: `the request failed: ${(error as Error).message}` };
  }

  const label = operation?.id ?? `${request.method} ${path.split('?')[0] ?? path}`;
  const checks = checkExpectations(expect, response, {
    contract: ctx.contract,
    operation,
    label,
    requestIssues: operation ? requestIssues(ctx.contract, operation, matched?.params ?? {}, body, raw) : [],
    secrets: ctx.session.secrets(),
    ...(boundElsewhere ? { boundElsewhere } : {}),
    ...(headers['content-type'] ? { sentMediaType: headers['content-type'] } : {}),
  });
  // The admin API hands out tokens by design; the platform's answers must never carry one.
  const exposure = admin
    ? undefined
    : secretExposureCheck(response, label, [...ctx.session.secrets(), ...(given ? [given] : [])]);
  if (exposure) checks.push(exposure);
  // Captures follow the checks: after a broken one they are known but not reached.
  if (checks.every((c) => c.passed && c.notReached === undefined))
    checks.push(...capture(step.capture ?? {}, response, ctx.vars, label, operation));
  else checks.push(...unreachedCaptures(step.capture ?? {}, label));
  const failed = checks.some((c) => !c.passed);
  return {
    ...shown,
    ...(failed ? { answer: shownAnswer(response, [...ctx.session.secrets(), ...(given ? [given] : [])]) } : {}),
    // A scenario run judges its suites too: their own broken expectations fail the step (rule-outcome.ts).
    outcome: checks.some((c) => failsRun(c, true, 'suites')) ? 'failed' : 'passed',
    status: response.status,
    durationMs: Math.round(response.durationMs * 10) / 10,
    checks,
  };
}

/** What the spec's own validation says about the request, to tell which rule an error status tests. */
function requestIssues(
  contract: Contract,
  operation: Operation,
  params: Record<string, string>,
  body: unknown,
  raw: boolean,
): ValidationIssue[] {
  const issues = contract.validators.params(operation.id, params);
  if (body === undefined || !operation.requestBody) return issues;
  let value: unknown = body;
  if (raw) {
    try {
      value = JSON.parse(String(body));
    } catch {
      return issues;
    }
  }
  return [...issues, ...contract.validators.body(operation.id, value)];
}

/** Where a capture takes its value from, as its rule names it. */
const captureSource = (spec: CaptureSpec): string => {
  const header = typeof spec === 'object' && 'header' in spec ? spec.header : undefined;
  const path = typeof spec === 'string' ? spec : 'json' in spec ? spec.json : undefined;
  return header !== undefined ? `header ${header}` : (path ?? '');
};

/**
 * Every rule a step plans, labelled as its checks are (`getProduct: answers 200`): what a step that
 * does not run still counts as known. Its operation comes from its templated path.
 */
export function plannedStepRules(step: StepSpec, contract: Contract): string[] {
  const path = step.request.path.split('?')[0] ?? step.request.path;
  const operation = contract.match(step.request.method, path)?.operation;
  const label = operation?.id ?? `${step.request.method} ${path}`;
  return [
    ...plannedChecks(step.expect ?? {}, operation).map((rule) => `${label}: ${rule}`),
    ...unreachedCaptures(step.capture ?? {}, label).map((c) => c.rule),
  ];
}

/** The captures of a step a broken check stopped: known rules, not checked. */
function unreachedCaptures(specs: Record<string, CaptureSpec>, label: string): CheckResult[] {
  return Object.entries(specs).map(([name, spec]) => ({
    rule: `${label}: captures ${name} from ${captureSource(spec)}`,
    passed: true,
    basis: 'documented',
    notReached: NOT_REACHED_CAPTURE,
  }));
}

/** Takes captured values into the variables; a capture that finds nothing is a failed check. */
export function capture(
  specs: Record<string, CaptureSpec>,
  response: Pick<HttpResponse, 'body' | 'headers' | 'status'>,
  vars: Variables,
  label: string,
  operation?: Operation,
): CheckResult[] {
  const results: CheckResult[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const header = typeof spec === 'object' && 'header' in spec ? spec.header : undefined;
    const path = typeof spec === 'string' ? spec : 'json' in spec ? spec.json : undefined;
    let value: unknown;
    if (header !== undefined) value = response.headers[header.toLowerCase()];
    else if (path !== undefined) value = queryJson(path, response.body)[0];
    const rule = `${label}: captures ${name} from ${captureSource(spec)}`;
    const basis =
      path !== undefined
        ? jsonPathBasis(operation?.responses.get(response.status), path, true)
        : { basis: 'documented' as const };
    if (value === undefined) results.push({ rule, passed: false, ...basis, actual: 'found nothing' });
    else {
      vars.set(name, value);
      results.push({ rule, passed: true, ...basis });
    }
  }
  return results;
}
