/**
 * Renders a scenario run: the console text (one block per suite, one line per step with its
 * timing, failed rules under it) and the JUnit suites (one test case per step).
 */
import { deadlineMessage } from '../client/index.ts';
import { terminalText, type JunitCase, type JunitSuite } from '../report/index.ts';
import { SUITE_EXPECTED, verdictOf } from '../verdict/index.ts';
import {
  stepFailsRun,
  type CheckResult,
  type ScenarioReport,
  type StepResult,
  type SuiteResult,
} from './scenario-report.ts';

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const;
const indented = (text: string, prefix: string) => `${prefix}${text.split('\n').join(`\n${prefix}`)}`;

export function describeFailure(check: CheckResult): string {
  const verdict = verdictOf(check);
  // The author's own expectation: not the platform's fault, and said so.
  if (verdict === 'SUITE')
    return `${SUITE_EXPECTED} ${check.rule}: ${check.actual ?? 'failed'} [${check.reason ?? ''}]`;
  const why =
    check.basis === 'assumed'
      ? ` [assumed: ${check.reason ?? ''}]`
      : check.reason
        ? ` [${check.reason}]`
        : ' [documented]';
  return `${verdict} ${check.rule}: ${check.actual ?? 'failed'}${why}`;
}

function stepLine(step: StepResult): string {
  const op = step.operationId ? ` (${step.operationId})` : '';
  const status = step.status !== undefined ? ` → ${step.status}` : '';
  const time = step.outcome === 'skipped' ? '' : ` ${step.durationMs.toFixed(1)} ms`;
  return `  ${MARK[step.outcome]} ${step.name} — ${step.method} ${step.path}${status}${op}${time}`;
}

/** The console block of one suite. */
export function formatSuite(suite: SuiteResult): string {
  const tenant = suite.tenant ? `, tenant ${suite.tenant}` : '';
  const lines = [`${MARK[suite.outcome]} ${suite.name} (${suite.file}${tenant}) ${suite.durationMs} ms`];
  if (suite.skipReason) lines.push(`    skipped: ${suite.skipReason}`);
  if (suite.error) lines.push(`    error: ${suite.error}`);
  if (!suite.skipReason && !suite.error) {
    for (const step of suite.steps) {
      lines.push(stepLine(step));
      if (step.skipReason) lines.push(`      skipped: ${step.skipReason}`);
      if (step.error) lines.push(`      error at ${suite.file}:${step.line}: ${step.error}`);
      for (const check of step.checks.filter((c) => !c.passed)) lines.push(`      ${describeFailure(check)}`);
      if (step.answer) lines.push(`      answer:`, indented(step.answer, '        '));
    }
  }
  // The checks quote the target's answers: their control characters are shown, never sent to a terminal.
  return terminalText(lines.join('\n'));
}

export function formatSummary(report: ScenarioReport): string {
  const { suites, steps, documentedFailures, assumedFailures, suiteFailures } = report.summary;
  return terminalText(
    [
      `${report.passed ? 'PASS' : 'FAIL'} ${report.target}${report.simulator ? ' (simulator)' : ''} in ${report.durationMs} ms`,
      `suites: ${suites.passed} passed, ${suites.failed} failed, ${suites.skipped} skipped`,
      `steps: ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped`,
      `broken rules: ${documentedFailures} documented (FAILURE), ${assumedFailures} assumed (DIVERGENCE${
        assumedFailures && !report.strict ? '; not failing the run without --strict' : ''
      }), ${suiteFailures} the suite's own (${SUITE_EXPECTED} what nothing backs)`,
      `coverage: ${report.coverage.ran} of ${report.coverage.known} steps ran (${report.coverage.percent}%)${report.coverage.ran === 0 ? ': nothing was checked' : ''}`,
      ...report.coverage.skipped.map((s) => `  skipped ${s.steps}× ${s.reason}`),
      ...(report.stoppedAtDeadline ? [`FAIL: ${deadlineMessage(report.stoppedAtDeadline)}`] : []),
    ].join('\n'),
  );
}

/** One JUnit test suite per scenario suite, one case per step; a failed last one when the run stopped at its deadline. */
export function toJunitSuites(report: ScenarioReport): JunitSuite[] {
  const deadline: JunitSuite[] = report.stoppedAtDeadline
    ? [
        {
          name: 'deadline',
          cases: [
            {
              name: 'the run ends within its deadline',
              classname: 'scenarios.deadline',
              timeMs: 0,
              failure: { message: deadlineMessage(report.stoppedAtDeadline) },
            },
          ],
        },
      ]
    : [];
  const suites = report.suites.map((suite): JunitSuite => ({
    name: suite.name,
    timeMs: suite.durationMs,
    cases: suite.steps.map((step): JunitCase => {
      const failed = step.checks.filter((c) => !c.passed);
      const kase: JunitCase = {
        name: `${step.name}${step.operationId ? ` (${step.operationId})` : ''}`,
        classname: suite.file,
        timeMs: step.durationMs,
      };
      if (step.outcome === 'skipped') kase.skipped = step.skipReason ?? suite.skipReason ?? 'skipped';
      // The one exit policy: a DIVERGENCE fails its case only with --strict, as in conform's JUnit.
      if (step.outcome === 'failed' && !stepFailsRun(step, report.strict ?? false))
        kase.skipped = `${failed.map(describeFailure).join('; ')} (not failing without --strict)`;
      else if (step.outcome === 'failed' || (suite.error && step.outcome === 'skipped')) {
        const messages = [
          ...(step.error ? [`error: ${step.error}`] : []),
          ...(suite.error ? [`suite error: ${suite.error}`] : []),
          ...failed.map(describeFailure),
        ];
        kase.failure = {
          message: messages[0] ?? 'failed',
          details: [
            `${suite.file}:${step.line} ${step.method} ${step.path}`,
            ...messages,
            ...(step.answer ? ['answer:', indented(step.answer, '  ')] : []),
          ].join('\n'),
        };
        delete kase.skipped;
      }
      return kase;
    }),
  }));
  return [...suites, ...deadline];
}
