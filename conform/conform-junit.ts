/**
 * JUnit suites of a conformance run: one suite per checker, one test case per rule. A FAILURE is a
 * failed case; a DIVERGENCE is a failed case with `strict`, otherwise a skipped one that says so;
 * a skipped rule is skipped with its reason; a rule a baseline accepts is skipped, saying so, and a
 * last suite lists the baseline's entries the run no longer saw.
 */
import type { JunitCase, JunitSuite } from '../report/index.ts';
import { verdictFails } from '../verdict/index.ts';
import { coverageLine, RULE_SOURCES, type ConformReport, type ConformRule } from './conform-report.ts';
import { describeBrokenRule } from './console-summary.ts';

function toCase(rule: ConformRule, report: ConformReport, timeMs: number): JunitCase {
  const { strict } = report;
  const name = `${rule.operationId ?? '-'} ${rule.rule}${rule.expected ? `: ${rule.expected}` : ''}`;
  const kase: JunitCase = {
    name,
    classname: `conform.${rule.source}${rule.operationId ? `.${rule.operationId}` : ''}`,
    timeMs: rule.durationMs ?? timeMs,
  };
  const message = `${rule.verdict} ${rule.operationId ?? '-'}: expected ${rule.expected ?? rule.rule} — ${rule.got ?? 'failed'}`;
  if (rule.accepted !== undefined) {
    kase.skipped = `${message} (accepted by the baseline: ${rule.accepted})`;
  } else if (verdictFails(rule.verdict, strict)) {
    kase.failure = { message, details: describeBrokenRule(rule, report) };
  } else if (rule.verdict === 'SUITE') {
    kase.skipped = `the suite expected ${rule.expected ?? rule.rule} — ${rule.got ?? 'failed'} (${rule.why ?? ''}; the suite's own expectation, not the platform's)`;
  } else if (rule.verdict === 'DIVERGENCE') {
    kase.skipped = `${message} (assumed: ${rule.why ?? ''}; not failing without --strict)`;
  } else if (rule.verdict === 'skipped') {
    kase.skipped = rule.skipReason ?? 'skipped';
  }
  return kase;
}

/** One suite per checker, timed by how long the checker ran; a last suite holds the coverage rule. */
export function conformJunitSuites(report: ConformReport): JunitSuite[] {
  const { coverage } = report;
  const coverageCase: JunitCase = {
    name: `coverage: at least ${coverage.minimum}% of the known rules checked`,
    classname: 'conform.coverage',
    timeMs: 0,
  };
  if (coverage.percent < coverage.minimum)
    coverageCase.failure = {
      message: coverageLine(coverage),
      details: coverage.skipped.map((s) => `${s.rules}× ${s.reason}`).join('\n'),
    };
  return [
    ...RULE_SOURCES.map((source) => {
      const rules = report.rules.filter((r) => r.source === source);
      // A checker's rules are judged together, not one by one: its measured time is shared among
      // them, so each suite's time is the checker's real time.
      const checkerMs = report.checkers.find((c) => c.source === source)?.durationMs ?? 0;
      const timeMs = rules.length > 0 ? checkerMs / rules.length : 0;
      return {
        name: `conform ${source}`,
        cases: rules.map((r) => toCase(r, report, timeMs)),
        timeMs: checkerMs,
      };
    }),
    { name: 'conform coverage', cases: [coverageCase], timeMs: 0 },
    ...(report.baseline
      ? [
          {
            name: 'conform baseline',
            timeMs: 0,
            cases: report.baseline.gone.map((e): JunitCase => ({
              name: `${e.operationId ?? '-'} ${e.rule}`,
              classname: 'conform.baseline',
              timeMs: 0,
              skipped: `accepted by the baseline ${report.baseline?.file ?? ''} (${e.id}) and no longer seen`,
            })),
          },
        ]
      : []),
  ];
}
