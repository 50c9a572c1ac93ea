/** A conformance run as the self-contained HTML page `--report DIR` writes (`conform.html`). */
import { groupByOperation, reportHead, type HtmlReport } from '../report/index.ts';
import { coverageLine, type ConformReport } from './conform-report.ts';
import { baselineLines } from './console-summary.ts';
import { conformReplay, ruleReplay } from './replay-command.ts';

export function conformHtmlReport(report: ConformReport): HtmlReport {
  const { totals } = report;
  const operations = new Set(report.rules.map((r) => r.operationId).filter((id): id is string => id !== undefined));
  const checked = new Set(
    report.rules
      .filter((r) => r.verdict !== 'skipped')
      .map((r) => r.operationId)
      .filter((id): id is string => id !== undefined),
  );
  const onlySkipped = [...operations].filter((id) => !checked.has(id));
  return {
    ...reportHead('conform', report),
    totals: [
      { label: 'FAILURE', value: totals.FAILURE, tone: totals.FAILURE > 0 ? 'bad' : 'good' },
      {
        label: `DIVERGENCE${report.strict ? ' (strict)' : ''}`,
        value: totals.DIVERGENCE,
        tone: totals.DIVERGENCE > 0 ? 'warn' : 'good',
      },
      ...(totals.SUITE > 0
        ? [{ label: "the suites' own expectations", value: totals.SUITE, tone: 'warn' as const }]
        : []),
      { label: 'pass', value: totals.pass, tone: 'good' },
      { label: 'skipped', value: totals.skipped },
      { label: 'fuzz seed', value: String(report.seed) },
    ],
    coverage: [
      `${coverageLine(report.coverage)}; ${checked.size} operations with at least one checked rule${onlySkipped.length ? `; only skipped rules for ${onlySkipped.join(', ')}` : ''}.`,
      ...report.coverage.skipped.map((s) => `skipped: ${s.rules}× ${s.reason}`),
      ...report.checkers.map((c) => `${c.source}: ${c.summary} (${(c.durationMs / 1000).toFixed(1)} s)`),
    ],
    notices: [
      `replay this run: ${conformReplay(report)}`,
      ...(report.baseline ? baselineLines(report) : []),
      ...report.notices,
    ],
    operations: groupByOperation(
      report.rules,
      (r) => r.operationId,
      (r) => {
        const replay = ruleReplay(r, report);
        return {
          rule: r.rule,
          verdict: r.verdict,
          source: r.source,
          ...(r.basis ? { basis: r.basis } : {}),
          ...(r.why || r.accepted !== undefined
            ? {
                why: [r.accepted !== undefined ? `accepted by the baseline: ${r.accepted}` : '', r.why ?? '']
                  .filter(Boolean)
                  .join('; '),
              }
            : {}),
          ...(r.expected ? { expected: r.expected } : {}),
          ...(r.got ? { got: r.got } : {}),
          ...(r.where ? { where: r.where } : {}),
          ...(r.answer ? { response: r.answer } : {}),
          ...(r.skipReason ? { skipReason: r.skipReason } : {}),
          ...(replay ? { replay } : {}),
        };
      },
    ),
  };
}
