/** A fuzz run as the self-contained HTML page `gas-harness fuzz --html FILE` writes. */
import { groupByOperation, reportHead, type HtmlReport, type HtmlRule } from '../report/index.ts';
import { deadlineMessage } from '../client/index.ts';
import { failsRun } from '../verdict/index.ts';
import { CHECK_NAMES } from './checks.ts';
import { findingVerdict, type FuzzFailure, type FuzzReport } from './fuzz-report.ts';
import type { SentRequest } from './fuzz-case.ts';

function requestText(request: SentRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body, null, 2));
  return [`${request.method} ${request.path}`, ...headers, ...(body === undefined ? [] : ['', body])].join('\n');
}

function failureRule(report: FuzzReport, failure: FuzzFailure, rule: string): HtmlRule {
  return {
    rule: `${rule} (${failure.source} case: ${failure.description})`,
    ...findingVerdict(failure),
    source: failure.source,
    got: failure.message,
    request: requestText(failure.request),
    response: failure.status === undefined ? 'no response' : `status ${failure.status}`,
    replay: [
      failure.curl,
      `npx gas-harness fuzz --target ${report.target} --seed ${failure.runSeed} --operations ${failure.operationId}`,
    ].join('\n'),
    where: `fast-check seed ${failure.seed}, path ${failure.path} (${failure.shrinks} shrinks)${failure.scenarioFile ? `; scenario ${failure.scenarioFile}` : ''}`,
  };
}

export function fuzzHtmlReport(report: FuzzReport): HtmlReport {
  const checks = CHECK_NAMES.filter((c) => report.checks.includes(c));
  const items: { operationId: string; rule: HtmlRule }[] = [];
  for (const op of report.operations) {
    for (const check of checks) {
      const found = report.failures.filter(
        (f) => f.operationId === op.operationId && f.check === check && !f.source.startsWith('sequence'),
      );
      if (found.length === 0) items.push({ operationId: op.operationId, rule: { rule: check, verdict: 'pass' } });
      for (const failure of found)
        items.push({ operationId: op.operationId, rule: failureRule(report, failure, check) });
    }
    for (const reason of op.skipped)
      items.push({ operationId: op.operationId, rule: { rule: 'cases', verdict: 'skipped', skipReason: reason } });
  }
  for (const sequence of report.sequences) {
    const rule = `sequence ${sequence.name}: ${sequence.rule}`;
    const found = report.failures.filter((f) => f.source === `sequence ${sequence.name}`);
    if (sequence.skipped)
      items.push({ operationId: '(sequences)', rule: { rule, verdict: 'skipped', skipReason: sequence.skipped } });
    else if (found.length === 0) items.push({ operationId: '(sequences)', rule: { rule, verdict: 'pass' } });
    for (const failure of found) items.push({ operationId: '(sequences)', rule: failureRule(report, failure, rule) });
  }
  const failures = report.failures.filter((f) => failsRun(f, report.strict)).length;
  const cases = report.operations.reduce((n, op) => n + op.cases.positive + op.cases.negative + op.cases.auth, 0);
  return {
    ...reportHead('fuzz', { ...report, passed: report.ok }),
    totals: [
      { label: 'failures', value: failures, tone: failures > 0 ? 'bad' : 'good' },
      {
        label: 'divergences',
        value: report.failures.length - failures,
        tone: report.failures.length > failures ? 'warn' : 'good',
      },
      { label: 'requests', value: report.executions },
      { label: 'cases per second', value: Math.round(report.casesPerSecond) },
      { label: 'seed', value: String(report.seed) },
    ],
    coverage: [
      `${report.operations.length} operations, ${cases} generated cases (${report.runs} per operation and kind), ${report.sequences.filter((s) => !s.skipped).length} of ${report.sequences.length} sequences run.`,
      `checks: ${report.checks.join(', ')}`,
      ...report.operations
        .filter((op) => op.skipped.length > 0)
        .map((op) => `${op.operationId}: ${op.skipped.join('; ')}`),
    ],
    notices: [...(report.stoppedAtDeadline ? [deadlineMessage(report.stoppedAtDeadline)] : []), ...report.notes],
    operations: groupByOperation(
      items,
      (i) => i.operationId,
      (i) => i.rule,
    ),
  };
}
