/**
 * Runs one suite in its own session (a fresh tenant on a simulator): variables, auth plan,
 * provider states, then the steps in order. A step that needs a value an earlier step failed to
 * capture is skipped with that reason; the others still run.
 */
import type { Contract } from '../spec/index.ts';
import { adminHeaders, connectTarget, send, type TargetSession } from '../target/index.ts';
import { capture, runStep } from './run-step.ts';
import type { OperationMatcher } from '../spec/index.ts';
import type { StepResult, SuiteResult } from './scenario-report.ts';
import type { LoadedSuite, ProviderStateSpec } from './scenario-types.ts';
import { createStepAuthorizer, planSuiteAuth, tenantOfToken, type SuiteAuthPlan } from './suite-auth.ts';
import { referencedVariables, renderString, renderText, renderValue, type Variables } from './template.ts';

export interface SuiteRunContext {
  url: string;
  simulator: boolean;
  contract: Contract;
  match: OperationMatcher;
  /** A bearer token for every suite (from --token or --token-command). */
  token?: string;
  apiKey?: string;
}

export interface SuiteRun {
  result: SuiteResult;
  /** Every secret the suite's session handed out, for redaction. */
  secrets: string[];
}

export async function runSuite(loaded: LoadedSuite, ctx: SuiteRunContext): Promise<SuiteRun> {
  const started = performance.now();
  const { spec } = loaded;
  const base = { name: spec.name, file: loaded.file };
  const finish = (rest: Omit<SuiteResult, 'name' | 'file' | 'durationMs'>, session?: TargetSession): SuiteRun => ({
    result: { ...base, ...rest, durationMs: Math.round(performance.now() - started) },
    secrets: session?.secrets() ?? [],
  });
  const skipAll = (reason: string): StepResult[] => spec.steps.map((step, i) => ({
    name: step.name, line: loaded.stepLines[i] ?? 0, method: step.request.method, path: step.request.path,
    outcome: 'skipped', durationMs: 0, checks: [], skipReason: reason,
  }));

  const vars: Variables = new Map();
  let plan: SuiteAuthPlan;
  try {
    for (const [name, value] of Object.entries(spec.variables ?? {})) vars.set(name, typeof value === 'string' ? renderString(value, vars) : value);
    plan = planSuiteAuth(spec.auth, ctx.token, ctx.simulator, ctx.url, vars);
  } catch (error) {
    return finish({ outcome: 'failed', steps: skipAll('the suite could not start'), error: (error as Error).message });
  }
  if (plan.kind === 'skip') return finish({ outcome: 'skipped', steps: skipAll(plan.reason), skipReason: plan.reason });
  if (spec.setup?.length && !ctx.simulator) {
    const reason = `needs provider states (setup), which only a gas-harness simulator has, and ${ctx.url} is not one`;
    return finish({ outcome: 'skipped', steps: skipAll(reason), skipReason: reason });
  }

  let session: TargetSession;
  try {
    const tokenTenant = plan.kind === 'static' ? tenantOfToken(plan.token) : undefined;
    session = await connectTarget({
      url: ctx.url,
      ...(plan.kind === 'static' ? { token: plan.token } : {}),
      ...(tokenTenant ? { tenant: tokenTenant } : {}),
      ...(ctx.apiKey ? { apiKey: ctx.apiKey } : {}),
    });
  } catch (error) {
    return finish({ outcome: 'failed', steps: skipAll('the target could not be reached'), error: (error as Error).message });
  }
  const tenant = session.tenant ? { tenant: session.tenant } : {};
  try {
    for (const state of spec.setup ?? []) await setUpState(session, state, vars);
  } catch (error) {
    return finish({ ...tenant, outcome: 'failed', steps: skipAll('the set-up failed'), error: (error as Error).message }, session);
  }

  const authorize = createStepAuthorizer(session, plan);
  const missing = new Map<string, string>();
  const steps: StepResult[] = [];
  for (const [i, step] of spec.steps.entries()) {
    const line = loaded.stepLines[i] ?? 0;
    const needs = referencedVariables(JSON.stringify([step.request, step.expect ?? {}])).find((name) => missing.has(name));
    if (needs !== undefined) {
      steps.push({
        name: step.name, line, method: step.request.method, path: step.request.path, outcome: 'skipped', durationMs: 0, checks: [],
        skipReason: `needs {{${needs}}}, which step "${missing.get(needs) ?? ''}" did not capture`,
      });
    } else {
      steps.push(await runStep(step, line, { contract: ctx.contract, match: ctx.match, session, authorize, vars }));
    }
    for (const name of Object.keys(step.capture ?? {})) if (!vars.has(name)) missing.set(name, step.name);
  }
  const failed = steps.some((s) => s.outcome === 'failed');
  const allSkipped = steps.every((s) => s.outcome === 'skipped');
  return finish({ ...tenant, outcome: failed ? 'failed' : allSkipped ? 'skipped' : 'passed', steps }, session);
}

/** Sets up one provider state through the admin API and captures the values the simulator used. */
async function setUpState(session: TargetSession, state: ProviderStateSpec, vars: Variables): Promise<void> {
  const name = renderText(state.state, vars);
  const res = await send({
    method: 'POST',
    url: `${session.url}/__sim/provider-states`,
    headers: { ...session.headers(), ...adminHeaders() },
    body: { state: name, params: renderValue(state.params ?? {}, vars), action: 'setup' },
  });
  if (res.status !== 200) throw new Error(`provider state "${name}" was refused (status ${res.status}): ${res.text.slice(0, 300)}`);
  const failed = capture(state.capture ?? {}, res, vars, `provider state "${name}"`).filter((c) => !c.passed);
  if (failed.length) throw new Error(failed.map((c) => `${c.rule}: ${c.actual ?? ''}`).join('; '));
}
