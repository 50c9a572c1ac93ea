/**
 * Turns a scenario run into conformance rules: one per check of every step (the runner already
 * knows whether each rule is documented or assumed), one skipped rule per skipped step, and a
 * FAILURE for a suite or step that could not run to the end.
 */
import { relative } from 'node:path';
import type { CheckResult, ScenarioReport, StepResult, SuiteResult } from '../scenarios/index.ts';
import { RUN_BROKEN } from '../verdict/index.ts';
import { judgedRule, type ConformRule } from './conform-report.ts';

/** A check's rule without the operation label the runner puts before it. */
function ruleText(check: CheckResult, label: string | undefined): string {
  return label && check.rule.startsWith(`${label}: `) ? check.rule.slice(label.length + 2) : check.rule;
}

const fileOf = (suite: SuiteResult) => relative(process.cwd(), suite.file) || suite.file;

function stepRules(suite: SuiteResult, step: StepResult): ConformRule[] {
  const where = `${fileOf(suite)}:${step.line}`;
  const operation = step.operationId ? { operationId: step.operationId } : {};
  const rule = `scenario "${suite.name}" step "${step.name}"`;
  const label = step.operationId ?? `${step.method} ${step.path.split('?')[0] ?? step.path}`;
  if (step.outcome === 'skipped') {
    // Each rule the step plans is known; a step that plans none still counts once.
    const planned = step.planned?.length ? step.planned : [undefined];
    return planned.map((check) => ({
      source: 'scenarios' as const,
      ...operation,
      rule,
      verdict: 'skipped' as const,
      ...(check !== undefined ? { expected: check.replace(/^[^:]+: /, '') } : {}),
      where,
      skipReason: step.skipReason ?? suite.skipReason ?? 'skipped',
    }));
  }
  const rules = step.checks.map((check) =>
    check.notReached !== undefined
      ? {
          source: 'scenarios' as const,
          ...operation,
          rule,
          verdict: 'skipped' as const,
          expected: ruleText(check, label),
          where,
          skipReason: check.notReached,
        }
      : judgedRule(check, {
          source: 'scenarios',
          ...operation,
          rule,
          expected: ruleText(check, label),
          ...(check.actual === undefined ? {} : { got: check.actual }),
          ...(!check.passed && step.answer ? { answer: step.answer } : {}),
          where,
          durationMs: step.durationMs,
        }),
  );
  if (step.error) {
    rules.push(
      judgedRule(RUN_BROKEN, {
        source: 'scenarios',
        ...operation,
        rule,
        expected: 'the step runs to the end',
        got: step.error,
        where,
      }),
    );
  }
  return rules;
}

export function scenarioRules(report: ScenarioReport): ConformRule[] {
  const rules: ConformRule[] = [];
  for (const suite of report.suites) {
    if (suite.error) {
      rules.push(
        judgedRule(RUN_BROKEN, {
          source: 'scenarios',
          rule: `scenario "${suite.name}"`,
          expected: 'the suite sets up and runs',
          got: suite.error,
          where: fileOf(suite),
        }),
      );
    }
    for (const step of suite.steps) rules.push(...stepRules(suite, step));
  }
  return rules;
}

export function scenarioSummary(report: ScenarioReport): string {
  const { suites, steps } = report.summary;
  return `${report.suites.length} suites (${suites.passed} passed, ${suites.failed} failed, ${suites.skipped} skipped), ${steps.passed + steps.failed + steps.skipped} steps`;
}
