/**
 * Writes a run's report as one self-contained HTML page a person opens (inline styles, no script,
 * nothing fetched): the verdict, totals and coverage at the top, then per operation the rules with
 * their verdicts, each broken rule with its request, response, basis and replay. Used by `conform`,
 * `scenarios run` and `fuzz`; every string passes through the secret redaction first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { redactSecrets } from './redact.ts';
import type { Verdict } from '../verdict/rule-outcome.ts';

export type HtmlVerdict = Verdict;

export interface HtmlRule {
  rule: string;
  verdict: HtmlVerdict;
  /** The checker or case kind the rule comes from (scenarios, pact, fuzz positive...). */
  source?: string;
  basis?: 'documented' | 'assumed';
  /** The spec's reason for an assumed rule. */
  why?: string;
  expected?: string;
  got?: string;
  /** The request and the response as text (a request line, headers, a body). */
  request?: string;
  response?: string;
  /** A command that replays the failure (curl, or the harness command). */
  replay?: string;
  /** Where the rule lives (scenario file and line, pact interaction, fuzz seed). */
  where?: string;
  skipReason?: string;
}

export interface HtmlReport {
  title: string;
  target: string;
  passed: boolean;
  startedAt?: string;
  durationMs: number;
  /** Headline figures, in order: `FAILURE: 2`, `cases: 4,600`. */
  totals: { label: string; value: number | string; tone?: 'good' | 'bad' | 'warn' }[];
  /** Sentences on what the run covered and what it could not. */
  coverage: string[];
  notices: string[];
  /** Rules grouped per operation; rules of no single operation under `(run)`. */
  operations: { operationId: string; rules: HtmlRule[] }[];
}

/** What every checker's report says of its run, for the head of its page. */
export interface RunSummary {
  target: string;
  simulator: boolean;
  passed: boolean;
  startedAt?: string;
  durationMs: number;
}

/** The head of a checker's page: its title, the target it ran against, its verdict and times. */
export function reportHead(
  checker: string,
  run: RunSummary,
): Pick<HtmlReport, 'title' | 'target' | 'passed' | 'startedAt' | 'durationMs'> {
  return {
    title: `gas-harness ${checker}`,
    target: `${run.target}${run.simulator ? ' (gas-harness simulator)' : ''}`,
    passed: run.passed,
    ...(run.startedAt !== undefined ? { startedAt: run.startedAt } : {}),
    durationMs: run.durationMs,
  };
}

const ORDER: HtmlVerdict[] = ['FAILURE', 'DIVERGENCE', 'skipped', 'pass'];

const STYLE = `
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2430;background:#f7f8fa}
main{max-width:1200px;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.35rem;margin:.2rem 0}h2{font-size:1.05rem;margin:1.6rem 0 .4rem}h3{font-size:.9rem;margin:.8rem 0 .2rem}
.verdict{display:inline-block;padding:.15rem .6rem;border-radius:4px;color:#fff;font-weight:700}
.passed{background:#1a7f37}.failed{background:#b42318}
.meta{color:#6b7280}
.tiles{display:flex;flex-wrap:wrap;gap:.6rem;margin:1rem 0}
.tile{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.5rem .9rem;min-width:7rem}
.tile b{display:block;font-size:1.3rem}.tile.bad b{color:#b42318}.tile.warn b{color:#9a6700}.tile.good b{color:#1a7f37}
section.op{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.2rem 1rem .8rem;margin:1rem 0}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:.25rem .45rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{color:#6b7280}
.v-FAILURE{color:#b42318;font-weight:700}.v-DIVERGENCE{color:#9a6700;font-weight:700}.v-pass{color:#1a7f37}.v-skipped{color:#6b7280}
details.broken{border-left:4px solid #b42318;background:#fff5f4;margin:.6rem 0;padding:.3rem .8rem}
details.broken.DIVERGENCE{border-left-color:#9a6700;background:#fff8e6}
summary{cursor:pointer;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem;margin:.4rem 0}dt{color:#6b7280}dd{margin:0}
pre{background:#f3f4f6;padding:.5rem .6rem;border-radius:4px;white-space:pre-wrap;word-break:break-all;font-size:12px;margin:.2rem 0}
nav a{margin-right:.8rem;white-space:nowrap}
ul{margin:.3rem 0}
`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const anchor = (operationId: string) => `op-${operationId.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The page's HTML; `secrets` (and anything shaped like a JWT or a bearer token) never reach it. */
export function renderHtmlReport(report: HtmlReport, secrets: Iterable<string> = []): string {
  const list = [...secrets];
  const t = (text: string | number | undefined): string => escapeHtml(redactSecrets(String(text ?? ''), list));
  const counts = (rules: HtmlRule[]) =>
    ORDER.map((v) => [v, rules.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0);
  const countText = (rules: HtmlRule[]) =>
    counts(rules)
      .map(([v, n]) => `<span class="v-${v}">${n} ${v}</span>`)
      .join(', ');

  const brokenRule = (rule: HtmlRule): string => {
    const row = (label: string, value: string | undefined, pre = false) =>
      value ? `<dt>${label}</dt><dd>${pre ? `<pre>${t(value)}</pre>` : t(value)}</dd>` : '';
    return `<details class="broken ${rule.verdict}" open><summary><span class="v-${rule.verdict}">${rule.verdict}</span> ${t(rule.rule)}</summary><dl>
${row('source', rule.source)}${row('expected', rule.expected)}${row('got', rule.got)}
<dt>basis</dt><dd><b>${t(rule.basis ?? 'documented')}</b>${rule.why ? ` — ${t(rule.why)}` : ''}</dd>
${row('where', rule.where)}${row('request', rule.request, true)}${row('response', rule.response, true)}${row('replay', rule.replay, true)}
</dl></details>`;
  };

  const operationSection = ({ operationId, rules }: HtmlReport['operations'][number]): string => {
    const broken = rules.filter((r) => r.verdict === 'FAILURE' || r.verdict === 'DIVERGENCE');
    const sorted = [...rules].sort((a, b) => ORDER.indexOf(a.verdict) - ORDER.indexOf(b.verdict));
    const rows = sorted.map(
      (r) =>
        `<tr><td class="v-${r.verdict}">${r.verdict}</td><td>${t(r.rule)}</td><td>${t(r.source)}</td><td>${t(r.basis ?? '')}</td><td>${t(r.verdict === 'skipped' ? r.skipReason : (r.got ?? ''))}</td></tr>`,
    );
    return `<section class="op" id="${anchor(operationId)}"><h2>${t(operationId)} <small class="meta">${countText(rules)}</small></h2>
${broken.map(brokenRule).join('\n')}
<details><summary>all ${rules.length} rules</summary><table><thead><tr><th>verdict</th><th>rule</th><th>source</th><th>basis</th><th>detail</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></details></section>`;
  };

  const all = report.operations.flatMap((o) => o.rules);
  // Operations with a FAILURE first, then those with a DIVERGENCE, each group in the report's order.
  const worst = (rules: HtmlRule[]) => Math.min(...rules.map((r) => ORDER.indexOf(r.verdict)).filter((i) => i < 2), 2);
  const operations = [...report.operations].sort((a, b) => worst(a.rules) - worst(b.rules));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t(report.title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t(report.title)} <span class="verdict ${report.passed ? 'passed' : 'failed'}">${report.passed ? 'PASSED' : 'FAILED'}</span></h1>
<p class="meta">Target ${t(report.target)}${report.startedAt ? `, started ${t(report.startedAt)}` : ''}, ${(report.durationMs / 1000).toFixed(1)} s. ${countText(all)}.</p>
<div class="tiles">${report.totals.map((x) => `<div class="tile ${x.tone ?? ''}"><b>${t(typeof x.value === 'number' ? x.value.toLocaleString('en') : x.value)}</b>${t(x.label)}</div>`).join('')}</div>
${report.coverage.length ? `<h2>Coverage</h2><ul>${report.coverage.map((c) => `<li>${t(c)}</li>`).join('')}</ul>` : ''}
${report.notices.length ? `<h2>Notes</h2><ul>${report.notices.map((n) => `<li>${t(n)}</li>`).join('')}</ul>` : ''}
<h2>Operations</h2><nav>${operations.map((o) => `<a href="#${anchor(o.operationId)}">${t(o.operationId)}</a>`).join(' ')}</nav>
${operations.map(operationSection).join('\n')}
</main></body></html>
`;
}

/** Writes the page (creating its directory); returns the path. */
export function writeHtmlReport(path: string, report: HtmlReport, secrets: Iterable<string> = []): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, renderHtmlReport(report, secrets));
  return path;
}

/** Groups rules per operation in first-seen order, `(run)` for rules of no single operation. */
export function groupByOperation<T>(
  items: readonly T[],
  operationOf: (item: T) => string | undefined,
  toRule: (item: T) => HtmlRule,
): HtmlReport['operations'] {
  const groups = new Map<string, HtmlRule[]>();
  for (const item of items) {
    const key = operationOf(item) ?? '(run)';
    let rules = groups.get(key);
    if (!rules) groups.set(key, (rules = []));
    rules.push(toRule(item));
  }
  return [...groups].map(([operationId, rules]) => ({ operationId, rules }));
}
