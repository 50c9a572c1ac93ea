/** A scenario run as the self-contained HTML page `gas-harness scenarios run --html FILE` writes. */
import { groupByOperation, reportHead, type HtmlReport, type HtmlRule } from '../report/index.ts';
import { deadlineMessage } from '../client/index.ts';
import { RUN_BROKEN, verdictOf } from '../verdict/index.ts';
import type { ScenarioReport, StepResult, SuiteResult } from './scenario-report.ts';

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function stepRules(report: ScenarioReport, suite: SuiteResult, step: StepResult): HtmlRule[] {
  const where = `${suite.file}:${step.line}`;
  const base = {
    source: `suite ${suite.name}, step ${step.name}`,
    where,
    request: `${step.method} ${step.path}`,
    response:
      step.answer ?? (step.status === undefined ? 'no response' : `status ${step.status} in ${step.durationMs} ms`),
    replay: `npx gas-harness scenarios run ${shellQuote(suite.file)} --filter ${shellQuote(suite.name)} --target ${report.target}`,
  };
  if (step.outcome === 'skipped')
    return [
      { ...base, rule: step.name, verdict: 'skipped', skipReason: step.skipReason ?? suite.skipReason ?? 'skipped' },
    ];
  const rules: HtmlRule[] = step.checks.map((check) => ({
    ...base,
    rule: check.rule,
    verdict: check.notReached !== undefined ? 'skipped' : verdictOf(check),
    ...(check.notReached !== undefined ? { skipReason: check.notReached } : {}),
    basis: check.basis,
    ...(check.reason ? { why: check.reason } : {}),
    ...(check.actual ? { got: check.actual } : {}),
  }));
  if (step.error)
    rules.push({
      ...base,
      rule: `${step.name} runs to the end`,
      verdict: verdictOf(RUN_BROKEN),
      basis: RUN_BROKEN.basis,
      got: step.error,
    });
  return rules;
}

export function scenarioHtmlReport(report: ScenarioReport): HtmlReport {
  const items = report.suites.flatMap((suite) => [
    ...(suite.error
      ? [
          {
            operationId: undefined,
            rule: {
              rule: `suite ${suite.name} sets up and runs`,
              verdict: verdictOf(RUN_BROKEN),
              basis: RUN_BROKEN.basis,
              got: suite.error,
              where: suite.file,
            } satisfies HtmlRule,
          },
        ]
      : []),
    ...suite.steps.flatMap((step) =>
      stepRules(report, suite, step).map((rule) => ({ operationId: step.operationId, rule })),
    ),
  ]);
  const { suites, steps, documentedFailures, assumedFailures, suiteFailures } = report.summary;
  const operations = new Set(
    report.suites
      .flatMap((s) => s.steps.filter((step) => step.outcome !== 'skipped').map((step) => step.operationId))
      .filter(Boolean),
  );
  return {
    ...reportHead('scenarios', report),
    totals: [
      { label: 'failed checks (documented)', value: documentedFailures, tone: documentedFailures > 0 ? 'bad' : 'good' },
      { label: 'failed checks (assumed)', value: assumedFailures, tone: assumedFailures > 0 ? 'warn' : 'good' },
      { label: "the suite's own expectations broken", value: suiteFailures, tone: suiteFailures > 0 ? 'bad' : 'good' },
      { label: 'suites passed', value: `${suites.passed}/${suites.passed + suites.failed + suites.skipped}` },
      { label: 'steps passed', value: `${steps.passed}/${steps.passed + steps.failed + steps.skipped}` },
    ],
    coverage: [
      `${report.coverage.ran} of ${report.coverage.known} steps ran (${report.coverage.percent}%); ${operations.size} operations exercised; ${suites.skipped} suites skipped.`,
      ...report.coverage.skipped.map((s) => `skipped: ${s.steps}× ${s.reason}`),
    ],
    notices: report.stoppedAtDeadline ? [deadlineMessage(report.stoppedAtDeadline)] : [],
    operations: groupByOperation(
      items,
      (i) => i.operationId,
      (i) => i.rule,
    ),
  };
}
