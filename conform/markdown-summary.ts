/**
 * The Markdown summary of a conformance run, fit for a CI job summary (`$GITHUB_STEP_SUMMARY`):
 * the verdict, a totals table per checker, then the FAILURES and the DIVERGENCES as tables
 * (operation, rule, expected, got, why assumed), the skipped rules by reason and the run's notes.
 */
import {
  coverageLine,
  RULE_SOURCES,
  skippedByReason,
  type ConformReport,
  type ConformRule,
  type VerdictCounts,
} from './conform-report.ts';
import type { BaselineSummary } from './baseline.ts';
import { verdictLine } from './console-summary.ts';
import { conformReplay, ruleReplay } from './replay-command.ts';
import { markdownCode, markdownText } from '../report/index.ts';

/** Rows per table: a job summary has a size limit, and conform.json holds every rule. */
const MAX_ROWS = 200;
const MAX_CELL = 300;

const cut = (text: string) => (text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text);

/**
 * A table cell of text, as text: one line, long text cut, every Markdown and HTML character escaped
 * (a rule's text can quote the deployment, and nothing it sent may become a link or an image).
 */
function cell(text: string | undefined): string {
  return text ? markdownText(cut(text.replace(/\s*\n\s*/g, ' '))) : '';
}

const code = (text: string) => markdownCode(text);

/** A cell of what the target sent, as code: one line, long text cut, pipes escaped for the table. */
function codeCell(text: string | undefined): string {
  return text ? code(cut(text.replace(/\s*\n\s*/g, ' '))).replace(/\|/g, '\\|') : '';
}
const row = (values: string[]) => `| ${values.join(' | ')} |`;
const countCells = (c: VerdictCounts) => [
  String(c.pass + c.FAILURE + c.DIVERGENCE + c.SUITE + c.skipped),
  String(c.pass),
  String(c.FAILURE),
  String(c.DIVERGENCE),
  String(c.skipped),
];

function ruleTable(report: ConformReport, rules: ConformRule[], withWhy: boolean): string[] {
  const head = ['operation', 'rule', 'expected', 'got', ...(withWhy ? ['why assumed'] : ['note']), 'replay'];
  const lines = [row(head), row(head.map(() => '---'))];
  for (const r of rules.slice(0, MAX_ROWS)) {
    lines.push(
      row([
        r.operationId ? code(r.operationId) : '',
        cell(r.source === 'scenarios' && r.where ? `${r.rule} (${r.where})` : r.rule),
        cell(r.expected),
        codeCell(r.got),
        cell(r.why),
        codeCell(ruleReplay(r, report)),
      ]),
    );
  }
  if (rules.length > MAX_ROWS) lines.push('', `… and ${rules.length - MAX_ROWS} more in \`conform.json\`.`);
  return lines;
}

/** What the baseline accepted (with the reasons), and its entries the run no longer saw. */
function baselineSection(report: ConformReport, baseline: BaselineSummary): string[] {
  const accepted = report.rules.filter((r) => r.accepted !== undefined);
  const lines = [
    '',
    `### Accepted by the baseline ${code(baseline.file)} (${accepted.length})`,
    '',
    `New: ${baseline.new.FAILURE} FAILURE(s), ${baseline.new.DIVERGENCE} DIVERGENCE(s). Accepted rules do not fail the run.`,
  ];
  if (accepted.length) {
    lines.push('', row(['verdict', 'operation', 'rule', 'reason', 'id']), row(['---', '---', '---', '---', '---']));
    for (const r of accepted.slice(0, MAX_ROWS))
      lines.push(
        row([r.verdict, r.operationId ? code(r.operationId) : '', cell(r.rule), cell(r.accepted), code(r.id ?? '')]),
      );
    if (accepted.length > MAX_ROWS) lines.push('', `… and ${accepted.length - MAX_ROWS} more in \`conform.json\`.`);
  }
  lines.push('', `### No longer seen (${baseline.gone.length})`, '');
  if (baseline.gone.length === 0) lines.push('Every entry of the baseline was seen in this run.');
  for (const e of baseline.gone.slice(0, MAX_ROWS))
    lines.push(`- ${e.verdict} ${e.operationId ? code(e.operationId) : ''} ${cell(e.rule)} (${code(e.id)})`);
  return lines;
}

export function renderMarkdownSummary(report: ConformReport): string {
  const mark = report.passed ? '✅' : '❌';
  const lines = [
    `## ${mark} gas-harness conform: ${report.passed ? 'PASS' : 'FAIL'}`,
    '',
    `Target ${code(report.target)}${report.simulator ? ' (gas-harness simulator)' : ''}, started ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s.`,
    `Fuzz: ${report.fuzzRuns} cases per operation and kind, seed ${code(String(report.seed))} (\`--seed ${report.seed}\` replays it). Strict: ${report.strict ? 'yes, divergences fail the run' : 'no, divergences are reported without failing the run'}.`,
    '',
    `**${verdictLine(report)}**`,
    '',
    row(['checker', 'rules', 'pass', 'FAILURE', 'DIVERGENCE', 'skipped', 'what ran']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---']),
    ...RULE_SOURCES.map((s) =>
      row([s, ...countCells(report.totalsBySource[s]), cell(report.checkers.find((c) => c.source === s)?.summary)]),
    ),
    row(['**total**', ...countCells(report.totals).map((n) => `**${n}**`), '']),
    '',
    `**${coverageLine(report.coverage).replace(/^coverage/, 'Coverage')}**`,
    '',
    "A **FAILURE** breaks a rule the platform's interface description documents. A **DIVERGENCE** breaks a rule the spec only assumes (`x-assumed`): the deployment answered differently, so the spec may need correcting.",
  ];
  lines.push('', `Replay this run: ${code(conformReplay(report))}`);
  const fresh = report.rules.filter((r) => r.accepted === undefined);
  const failures = fresh.filter((r) => r.verdict === 'FAILURE');
  const divergences = fresh.filter((r) => r.verdict === 'DIVERGENCE');
  const isNew = report.baseline ? 'new ' : '';
  if (failures.length)
    lines.push(
      '',
      `### ${isNew.toUpperCase()}FAILURES (${failures.length})`,
      '',
      ...ruleTable(report, failures, false),
    );
  if (divergences.length)
    lines.push(
      '',
      `### ${isNew.toUpperCase()}DIVERGENCES (${divergences.length})`,
      '',
      ...ruleTable(report, divergences, true),
    );
  const own = fresh.filter((r) => r.verdict === 'SUITE');
  if (own.length)
    lines.push(
      '',
      `### The suites' own expectations (${own.length})`,
      '',
      'What a suite expected that no statement of the description backs and no `x-assumed` mark describes: the suite may be wrong, not the platform.',
      '',
      ...ruleTable(report, own, false),
    );
  if (report.baseline) lines.push(...baselineSection(report, report.baseline));
  const skipped = skippedByReason(report.rules);
  if (skipped.length) {
    lines.push('', `### Skipped (${report.totals.skipped})`, '', row(['rules', 'reason']), row(['---:', '---']));
    for (const [reason, rules] of skipped) lines.push(row([String(rules.length), cell(reason)]));
  }
  if (report.notices.length) lines.push('', '### Notes', '', ...report.notices.map((n) => `- ${cell(n)}`));
  return `${lines.join('\n')}\n`;
}
