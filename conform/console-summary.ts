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
import { conformReplay, ruleReplay } from './replay-command.ts';

const counts = (c: VerdictCounts) =>
  `${c.pass} pass, ${c.FAILURE} FAILURE, ${c.DIVERGENCE} DIVERGENCE, ${c.SUITE > 0 ? `${c.SUITE} SUITE (the suite's own), ` : ''}${c.skipped} skipped`;
const total = (c: VerdictCounts) => c.pass + c.FAILURE + c.DIVERGENCE + c.SUITE + c.skipped;
const indent = (text: string, prefix: string) => text.split('\n').join(`\n${prefix}`);

/** One broken rule, as the console (and JUnit details) show it; with the report, its replay line too. */
export function describeBrokenRule(rule: ConformRule, report?: ConformReport): string {
  const own = rule.verdict === 'SUITE';
  const lines = [`${own ? SUITE_EXPECTED : rule.verdict} ${rule.operationId ?? '-'} — ${rule.rule}`];
  if (rule.expected) lines.push(`    expected: ${rule.expected}`);
  if (rule.got) lines.push(`    got:      ${indent(rule.got, '              ')}`);
  if (rule.why)
    lines.push(`    ${rule.basis === 'assumed' ? 'assumed: ' : own ? 'unbacked:' : 'note:    '} ${rule.why}`);
  if (rule.answer) lines.push(`    answer:   ${indent(rule.answer, '              ')}`);
  if (rule.where) lines.push(`    where:    ${indent(rule.where, '              ')}`);
  if (rule.accepted !== undefined) lines.push(`    accepted: ${rule.accepted} (${rule.id ?? ''}, the baseline)`);
  const replay = report && ruleReplay(rule, report);
  if (replay) lines.push(`    replay:   ${replay}`);
  return lines.join('\n');
}

/** The line that says whether the run passed and why. */
export function verdictLine(report: ConformReport): string {
  const { FAILURE, DIVERGENCE, SUITE } = report.totals;
  const own = SUITE > 0 ? `, ${SUITE} the suites expected on their own (reported apart, not the platform's)` : '';
  const lenient = DIVERGENCE > 0 && !report.strict ? ' (divergences do not fail the run; --strict makes them)' : '';
  const { baseline } = report;
  if (baseline)
    return `${report.passed ? 'PASS' : 'FAIL'}: ${baseline.new.FAILURE} new FAILURE(s), ${baseline.new.DIVERGENCE} new DIVERGENCE(s); ${baseline.accepted} accepted by the baseline ${baseline.file}, ${baseline.gone.length} of its entries no longer seen${own}${coverageNote(report)}${lenient}`;
  return `${report.passed ? 'PASS' : 'FAIL'}: ${FAILURE} FAILURE(s), ${DIVERGENCE} DIVERGENCE(s)${own}${coverageNote(report)}${lenient}`;
}

function coverageNote(report: ConformReport): string {
  const { checked, known, percent, minimum } = report.coverage;
  return percent < minimum
    ? `, coverage ${percent}% below the minimum of ${minimum}%`
    : `, ${checked} of ${known} rules checked (${percent}%)`;
}

/** The baseline's part of a report, as lines: the accepted rules with their reasons, the entries no longer seen. */
export function baselineLines(report: ConformReport): string[] {
  const { baseline } = report;
  if (!baseline) return [];
  const accepted = report.rules.filter((r) => r.accepted !== undefined);
  return [
    `ACCEPTED BY THE BASELINE ${baseline.file} (${accepted.length})`,
    ...accepted.map((r) => `  ${r.verdict} ${r.operationId ?? '-'} — ${r.rule}: ${r.accepted ?? ''} (${r.id ?? ''})`),
    `NO LONGER SEEN: ${baseline.gone.length} of its entries`,
    ...baseline.gone.map((e) => `  ${e.verdict} ${e.operationId ?? '-'} — ${e.rule} (${e.id})`),
  ];
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
    const broken = report.rules.filter((r) => r.verdict === verdict && r.accepted === undefined);
    if (broken.length === 0) continue;
    const heading = report.baseline ? `NEW ${title}` : title;
    lines.push('', `${heading} (${broken.length})`, ...broken.map((r) => describeBrokenRule(r, report)));
  }
  if (report.baseline) lines.push('', ...baselineLines(report));
  const skipped = skippedByReason(report.rules);
  if (skipped.length) {
    lines.push('', `SKIPPED (${report.totals.skipped})`);
    for (const [reason, rules] of skipped) lines.push(`  ${rules.length}× ${reason}`);
  }
  if (report.notices.length) lines.push('', 'NOTES', ...report.notices.map((n) => `  ${n}`));
  lines.push('', `replay: ${conformReplay(report)}`, '', verdictLine(report));
  // The rules quote the target's answers: their control characters are shown, never sent to a terminal.
  return terminalText(lines.join('\n'));
}
