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
import { SUITE_EXPECTED } from '../verdict/index.ts';

const counts = (c: VerdictCounts) =>
  `${c.pass} pass, ${c.FAILURE} FAILURE, ${c.DIVERGENCE} DIVERGENCE, ${c.SUITE > 0 ? `${c.SUITE} SUITE (the suite's own), ` : ''}${c.skipped} skipped`;
const total = (c: VerdictCounts) => c.pass + c.FAILURE + c.DIVERGENCE + c.SUITE + c.skipped;
const indent = (text: string, prefix: string) => text.split('\n').join(`\n${prefix}`);

/** One broken rule, as the console (and JUnit details) show it. */
export function describeBrokenRule(rule: ConformRule): string {
  const own = rule.verdict === 'SUITE';
  const lines = [`${own ? SUITE_EXPECTED : rule.verdict} ${rule.operationId ?? '-'} — ${rule.rule}`];
  if (rule.expected) lines.push(`    expected: ${rule.expected}`);
  if (rule.got) lines.push(`    got:      ${indent(rule.got, '              ')}`);
  if (rule.why)
    lines.push(`    ${rule.basis === 'assumed' ? 'assumed: ' : own ? 'unbacked:' : 'note:    '} ${rule.why}`);
  if (rule.answer) lines.push(`    answer:   ${indent(rule.answer, '              ')}`);
  if (rule.where) lines.push(`    where:    ${indent(rule.where, '              ')}`);
  return lines.join('\n');
}

/** The line that says whether the run passed and why. */
export function verdictLine(report: ConformReport): string {
  const { FAILURE, DIVERGENCE, SUITE } = report.totals;
  const own = SUITE > 0 ? `, ${SUITE} the suites expected on their own (reported apart, not the platform's)` : '';
  const lenient = DIVERGENCE > 0 && !report.strict ? ' (divergences do not fail the run; --strict makes them)' : '';
  const { checked, known, percent, minimum } = report.coverage;
  const low =
    percent < minimum
      ? `, coverage ${percent}% below the minimum of ${minimum}%`
      : `, ${checked} of ${known} rules checked (${percent}%)`;
  return `${report.passed ? 'PASS' : 'FAIL'}: ${FAILURE} FAILURE(s), ${DIVERGENCE} DIVERGENCE(s)${own}${low}${lenient}`;
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
    [`THE SUITES' OWN EXPECTATIONS (no statement of the description backs them)`, 'SUITE'],
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
