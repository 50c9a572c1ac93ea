/**
 * Runs one suite in its own session (a fresh tenant on a simulator): variables, auth plan,
 * provider states, then the steps in order. A step that needs a value an earlier step failed to
 * capture is skipped with that reason; the others still run.
 */
import type { Contract, OperationMatcher, ProviderStateSpec } from '../contract/index.ts';
import {
  connectTarget,
  createStateProvisioner,
  SetUpRefused,
  tenantOfToken,
  type FixtureLedger,
  type ResolvedTarget,
  type TargetSession,
} from '../target/index.ts';
import { capture, plannedStepRules, runStep } from './run-step.ts';
import type { StepResult, SuiteResult } from './scenario-report.ts';
import { stepsAfter, type LoadedSuite } from './load-suites.ts';
import { selectSteps } from './operation-filter.ts';
import { createStepAuthorizer, planSuiteAuth, type SuiteAuthPlan } from './suite-auth.ts';
import { referencedVariables, renderString, renderText, renderValue, type Variables } from './template.ts';

export interface SuiteRunContext {
  target: ResolvedTarget;
  contract: Contract;
  match: OperationMatcher;
  /** What the run has used up of the profile's one-time fixtures, shared by all suites. */
  ledger: FixtureLedger;
  /** The run has stopped at its deadline: the steps left are not run. */
  stopped?: () => boolean;
  /** The reason a step not run at the deadline gives. */
  stoppedReason?: string;
  /** Only steps of these operations are reported (`--operations`; selectSteps). */
  operations?: ReadonlySet<string>;
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
  const { kept, support } = selectSteps(loaded, ctx.match, ctx.operations);
  const skipAll = (reason: string): StepResult[] =>
    spec.steps
      .flatMap((step, i) => (kept.has(i) ? [{ step, i }] : []))
      .map(({ step, i }) => ({
        name: step.name,
        line: loaded.stepLines[i] ?? 0,
        method: step.request.method,
        path: step.request.path,
        outcome: 'skipped',
        durationMs: 0,
        checks: [],
        skipReason: reason,
        planned: plannedStepRules(step, ctx.contract),
      }));

  const vars: Variables = new Map();
  let plan: SuiteAuthPlan;
  try {
    for (const [name, value] of Object.entries(spec.variables ?? {}))
      vars.set(name, typeof value === 'string' ? renderString(value, vars) : value);
    plan = planSuiteAuth(spec.auth, ctx.target.credentials.token, vars);
  } catch (error) {
    return finish({ outcome: 'failed', steps: skipAll('the suite could not start'), error: (error as Error).message });
  }

  // A suite's own static token names its tenant on a simulator, like the run's token does.
  const suiteTenant = plan.kind === 'static' ? tenantOfToken(plan.token) : undefined;
  const session = connectTarget(ctx.target, suiteTenant ? { tenant: suiteTenant } : {});
  const tenant = session.tenant ? { tenant: session.tenant } : {};
  const provisioner = createStateProvisioner(session, ctx.ledger);
  try {
    for (const state of spec.setup ?? []) {
      const missing = await setUpState(provisioner, state, vars);
      if (missing) {
        const reason = `needs ${missing} in the target profile (provider state "${state.state}")`;
        return finish({ ...tenant, outcome: 'skipped', steps: skipAll(reason), skipReason: reason }, session);
      }
    }
  } catch (error) {
    // Refused for a reason the description may leave open: the suite's checks did not run, nothing failed.
    if (error instanceof SetUpRefused) {
      const reason = `the deployment refused the set-up: ${error.message}`;
      return finish({ ...tenant, outcome: 'skipped', steps: skipAll(reason), skipReason: reason }, session);
    }
    return finish(
      { ...tenant, outcome: 'failed', steps: skipAll('the set-up failed'), error: (error as Error).message },
      session,
    );
  }

  const authorize = createStepAuthorizer(session, plan);
  const missing = new Map<string, string>();
  const steps: StepResult[] = [];
  for (const [i, step] of spec.steps.entries()) {
    if (!kept.has(i) && !support.has(i)) continue;
    const line = loaded.stepLines[i] ?? 0;
    const needs = referencedVariables(JSON.stringify([step.request, step.expect ?? {}])).find((name) =>
      missing.has(name),
    );
    // A read-back of a write the target refused (or did not make) has nothing to read.
    const unwritten = stepsAfter(step)
      .map((name) => steps.find((s) => s.name === name))
      .find((s) => s !== undefined && !(s.status !== undefined && s.status >= 200 && s.status < 300));
    const skipReason = ctx.stopped?.()
      ? (ctx.stoppedReason ?? 'not run: the run stopped')
      : needs !== undefined
        ? `needs {{${needs}}}, which step "${missing.get(needs) ?? ''}" did not capture`
        : unwritten !== undefined
          ? `reads back what step "${unwritten.name}" wrote, which the target ${unwritten.status === undefined ? 'did not answer' : `answered ${unwritten.status}`}`
          : undefined;
    if (skipReason !== undefined) {
      const { name, request } = step;
      steps.push({
        name,
        line,
        method: request.method,
        path: request.path,
        outcome: 'skipped',
        durationMs: 0,
        checks: [],
        skipReason,
        planned: plannedStepRules(step, ctx.contract),
      });
    } else {
      steps.push(
        await runStep(step, line, { contract: ctx.contract, match: ctx.match, session, authorize, plan, vars }),
      );
    }
    for (const name of Object.keys(step.capture ?? {})) if (!vars.has(name)) missing.set(name, step.name);
  }
  // Steps run only as the set-up of kept ones are not reported.
  const reported = steps.filter((s) => spec.steps.some((step, i) => kept.has(i) && step.name === s.name));
  const failed = reported.some((s) => s.outcome === 'failed');
  const allSkipped = reported.every((s) => s.outcome === 'skipped');
  return finish(
    { ...tenant, outcome: failed ? 'failed' : allSkipped ? 'skipped' : 'passed', steps: reported },
    session,
  );
}

/**
 * Sets up one provider state and takes the values the target used into the variables: those its
 * captures name, and each parameter given as a bare `{{variable}}` (a deployment's fixture replaces
 * the suite's generated id). Returns the profile key that is missing when it cannot be set up.
 */
async function setUpState(
  provisioner: ReturnType<typeof createStateProvisioner>,
  state: ProviderStateSpec,
  vars: Variables,
): Promise<string | undefined> {
  const name = renderText(state.state, vars);
  const outcome = await provisioner.setUp(name, renderValue(state.params ?? {}, vars) as Record<string, unknown>);
  if ('unavailable' in outcome) return outcome.unavailable;
  for (const [key, template] of Object.entries(state.params ?? {})) {
    const variable = typeof template === 'string' ? /^\{\{(\w+)\}\}$/.exec(template)?.[1] : undefined;
    const value = outcome.values[key];
    if (variable && value !== undefined) vars.set(variable, value);
  }
  const failed = capture(
    state.capture ?? {},
    { status: 200, headers: {}, body: outcome.values },
    vars,
    `provider state "${name}"`,
  ).filter((c) => !c.passed);
  if (failed.length) throw new Error(failed.map((c) => `${c.rule}: ${c.actual ?? ''}`).join('; '));
  return undefined;
}
