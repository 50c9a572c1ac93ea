/**
 * `gas-harness spec diff BASE REVISION`: the changes between two versions of the contract, each with
 * its severity, its documented/assumed basis and the committed pact interactions and scenario steps
 * it breaks; rendered as text, Markdown or JSON, and the exit code of `--fail-on`.
 */
import { relative } from 'node:path';
import { PACTS_DIR, readPactFiles } from '../contracts/pact/index.ts';
import { DEFAULT_SUITES_DIR } from '../scenarios/index.ts';
import { diffSpecs, type SpecChange } from './spec-diff.ts';
import { meetsThreshold, SEVERITIES, type Severity } from './diff-severity.ts';
import { readSeverityOverrides } from './severity-overrides.ts';
import { readSpecVersion } from '../contract/spec-version.ts';
import { pactCalls, stepCalls } from './contract-calls.ts';
import { impactOf, type BrokenCall } from './contract-impact.ts';

export interface SpecDiffOptions {
  base: string;
  revision: string;
  /** A pact file or a directory of them (default: the committed `contracts/pacts/`). */
  pacts?: string;
  /** Scenario files or directories (default: the committed `scenarios/suites/`). */
  suites?: string[];
  /** List every change, the document's words too (`--changelog`). */
  changelog?: boolean;
  /** A YAML or JSON file mapping kinds of change to a severity or `ignore` (`--severity-overrides`). */
  severityOverrides?: string;
  /** Only these operations (`--operations`, by operationId). */
  operations?: string[];
  /** Only the operations whose path matches one of these globs (`--paths`). */
  paths?: string[];
  /** The day sunset dates are compared with (default: now). */
  now?: Date;
}

export interface SpecDiffReport {
  base: string;
  revision: string;
  counts: Record<Severity, number>;
  changes: (SpecChange & { breaks: BrokenCall[] })[];
  /** How many interactions and steps were checked. */
  checked: { pactInteractions: number; scenarioSteps: number };
}

/** Compares two spec files and checks every change against the pacts and suites; throws SpecFileError on a bad file. */
export async function specDiff(options: SpecDiffOptions): Promise<SpecDiffReport> {
  const overrides = options.severityOverrides ? await readSeverityOverrides(options.severityOverrides) : undefined;
  const [base, revision] = await Promise.all([readSpecVersion(options.base), readSpecVersion(options.revision)]);
  const changes = diffSpecs(base, revision, {
    ...(options.changelog ? { changelog: true } : {}),
    ...(overrides ? { overrides } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.paths ? { paths: options.paths } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const pacts = pactCalls(readPactFiles(options.pacts ?? PACTS_DIR));
  const steps = stepCalls(options.suites ?? [DEFAULT_SUITES_DIR]);
  const impact = impactOf(changes, [...pacts, ...steps], base, revision);
  const counts = Object.fromEntries(
    SEVERITIES.map((s) => [s, changes.filter((c) => c.severity === s).length]),
  ) as Record<Severity, number>;
  return {
    base: options.base,
    revision: options.revision,
    counts,
    changes: changes.map((change, i) => ({ ...change, breaks: (impact[i] ?? []).map(shownRelative) })),
    checked: { pactInteractions: pacts.length, scenarioSteps: steps.length },
  };
}

/** The exit code for `--fail-on`: 1 when a change at or above the threshold (`any`: any change) is found, else 0. */
export function specDiffExitCode(report: SpecDiffReport, failOn: Severity | 'any' | undefined): 0 | 1 {
  if (failOn === undefined) return 0;
  const threshold = failOn === 'any' ? 'compatible' : failOn;
  return report.changes.some((c) => meetsThreshold(c.severity, threshold)) ? 1 : 0;
}

const LABEL: Record<Severity, string> = {
  breaking: 'BREAKING',
  'potentially-breaking': 'POTENTIALLY BREAKING',
  compatible: 'compatible',
};

function summary(report: SpecDiffReport): string {
  const total = report.changes.length;
  if (total === 0) return 'no change';
  const parts = SEVERITIES.map((s) => `${report.counts[s]} ${s.replace('-', ' ')}`);
  return `${total} change${total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

const where = (c: SpecChange): string =>
  c.operation
    ? `${c.operation.method} ${c.operation.path} (${c.operation.id})`
    : c.component
      ? `components.${c.component.name} (used by ${c.component.usedBy.length} operation${c.component.usedBy.length === 1 ? '' : 's'})`
      : '(document)';

/** Documented, quoting the stated sentence that pins the change; assumed, with the spec's reason. */
const basisText = (c: SpecChange): string =>
  c.basis.basis === 'assumed'
    ? `assumed: ${c.basis.reason ?? ''}`
    : (c.basis.reason ?? 'documented by the description');

const brokenText = (b: BrokenCall): string =>
  b.source === 'pact'
    ? `pact "${b.name}" (${b.file} ${b.at}): ${b.reason}`
    : `step "${b.name}" (${b.file}:${b.at.replace('line ', '')}): ${b.reason}`;

/** Plain text, one block per change, breaking ones first. */
export function formatSpecDiffText(report: SpecDiffReport): string {
  const lines = [
    `spec diff ${report.base} -> ${report.revision}: ${summary(report)}`,
    `checked against ${report.checked.pactInteractions} pact interactions and ${report.checked.scenarioSteps} scenario steps`,
  ];
  for (const c of report.changes) {
    lines.push('', `${LABEL[c.severity]}  ${where(c)}: ${c.message}  [${c.kind}]`, `  ${basisText(c)}`);
    if (c.severity !== 'compatible' || c.breaks.length)
      lines.push(
        c.breaks.length ? `  breaks ${c.breaks.length}:` : '  breaks no committed pact interaction or scenario step',
        ...c.breaks.map((b) => `    ${brokenText(b)}`),
      );
  }
  return `${lines.join('\n')}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Markdown: a summary table, then each change that breaks something with the calls it breaks. */
export function formatSpecDiffMarkdown(report: SpecDiffReport): string {
  const lines = [
    `# Spec diff: \`${report.base}\` → \`${report.revision}\``,
    '',
    `${summary(report)}; checked against ${report.checked.pactInteractions} pact interactions and ${report.checked.scenarioSteps} scenario steps.`,
  ];
  if (report.changes.length) {
    lines.push(
      '',
      '| severity | operation | change | kind | basis | breaks |',
      '|---|---|---|---|---|---:|',
      ...report.changes.map(
        (c) =>
          `| ${LABEL[c.severity]} | ${cell(where(c))} | ${cell(c.message)} | \`${c.kind}\` | ${cell(basisText(c))} | ${c.breaks.length} |`,
      ),
    );
  }
  for (const c of report.changes.filter((change) => change.breaks.length)) {
    lines.push('', `## ${where(c)}: ${c.message}`, '', ...c.breaks.map((b) => `- ${cell(brokenText(b))}`));
  }
  return `${lines.join('\n')}\n`;
}

/** JSON: the report as it is, for CI tools. */
export function formatSpecDiffJson(report: SpecDiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function shownRelative(b: BrokenCall): BrokenCall {
  return { ...b, file: relative(process.cwd(), b.file) || b.file };
}
