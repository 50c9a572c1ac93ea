/**
 * The console text of a conformance run: totals per checker, then every FAILURE and DIVERGENCE
 * with its operation, rule, expectation, what the target did and why the rule is assumed, then the
 * skipped rules grouped by reason, the run's notes and the verdict.
 */
import {
  coverageLine,
  RULE_SOURCES,
  skippedByReason,
  type ConformReport,
  type ConformRule,
  type VerdictCounts,
} from './conform-report.ts';
import { terminalText } from '../report/index.ts';

const counts = (c: VerdictCounts) =>
  `${c.pass} pass, ${c.FAILURE} FAILURE, ${c.DIVERGENCE} DIVERGENCE, ${c.skipped} skipped`;
const total = (c: VerdictCounts) => c.pass + c.FAILURE + c.DIVERGENCE + c.skipped;
const indent = (text: string, prefix: string) => text.split('\n').join(`\n${prefix}`);

/** One broken rule, as the console (and JUnit details) show it. */
export function describeBrokenRule(rule: ConformRule): string {
  const lines = [`${rule.verdict} ${rule.operationId ?? '-'} — ${rule.rule}`];
  if (rule.expected) lines.push(`    expected: ${rule.expected}`);
  if (rule.got) lines.push(`    got:      ${indent(rule.got, '              ')}`);
  if (rule.why) lines.push(`    ${rule.basis === 'assumed' ? 'assumed: ' : 'note:    '} ${rule.why}`);
  if (rule.where) lines.push(`    where:    ${indent(rule.where, '              ')}`);
  return lines.join('\n');
}

/** The line that says whether the run passed and why. */
export function verdictLine(report: ConformReport): string {
  const { FAILURE, DIVERGENCE } = report.totals;
  const lenient = DIVERGENCE > 0 && !report.strict ? ' (divergences do not fail the run; --strict makes them)' : '';
  const { checked, known, percent, minimum } = report.coverage;
  const low =
    percent < minimum
      ? `, coverage ${percent}% below the minimum of ${minimum}%`
      : `, ${checked} of ${known} rules checked (${percent}%)`;
  return `${report.passed ? 'PASS' : 'FAIL'}: ${FAILURE} FAILURE(s), ${DIVERGENCE} DIVERGENCE(s)${low}${lenient}`;
}

export function formatConformReport(report: ConformReport): string {
  const where = `${report.target}${report.simulator ? ' (simulator)' : ''}`;
  const lines = [
    `gas-harness conform ${where}: ${(report.durationMs / 1000).toFixed(1)} s; fuzz seed ${report.seed} (--seed ${report.seed} replays it), ${report.fuzzRuns} runs${report.strict ? '; strict' : ''}`,
  ];
  for (const source of RULE_SOURCES) {
    const checker = report.checkers.find((c) => c.source === source);
    const c = report.totalsBySource[source];
    const time = checker ? ` in ${(checker.durationMs / 1000).toFixed(1)} s` : '';
    lines.push(
      `  ${source.padEnd(9)} ${String(total(c)).padStart(5)} rules: ${counts(c)}${time}${checker ? ` — ${checker.summary}` : ''}`,
    );
  }
  lines.push(`  ${'total'.padEnd(9)} ${String(total(report.totals)).padStart(5)} rules: ${counts(report.totals)}`);
  lines.push(`  ${coverageLine(report.coverage)}`);

  for (const [title, verdict] of [
    ['FAILURES', 'FAILURE'],
    ['DIVERGENCES', 'DIVERGENCE'],
  ] as const) {
    const broken = report.rules.filter((r) => r.verdict === verdict);
    if (broken.length === 0) continue;
    lines.push('', `${title} (${broken.length})`, ...broken.map(describeBrokenRule));
  }
  const skipped = skippedByReason(report.rules);
  if (skipped.length) {
    lines.push('', `SKIPPED (${report.totals.skipped})`);
    for (const [reason, rules] of skipped) lines.push(`  ${rules.length}× ${reason}`);
  }
  if (report.notices.length) lines.push('', 'NOTES', ...report.notices.map((n) => `  ${n}`));
  lines.push('', verdictLine(report));
  // The rules quote the target's answers: their control characters are shown, never sent to a terminal.
  return terminalText(lines.join('\n'));
}
