/**
 * A conformance baseline: the FAILUREs and DIVERGENCEs a team has triaged, by stable rule id, each
 * with an editable reason. `conform --update-baseline FILE` writes one from a run; `conform
 * --baseline FILE` marks the rules it lists as accepted (counted apart, listed in every report),
 * shows what is new and which accepted entries the run no longer saw; only what is new fails the run.
 *
 * A rule's id does not depend on the answers: its checker, operation, rule and expectation, with
 * the values a run makes up (UUIDs, long numbers) and a fuzz counterexample's description left out,
 * so it is the same across runs of one seed and across deployments.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseDocument, stringify } from 'yaml';
import { verdictFails } from '../verdict/index.ts';
import { writeFileSafely } from '../report/index.ts';
import type { BaselineEntry, BaselineSummary, BrokenVerdict, ConformReport, ConformRule } from './conform-report.ts';

export type { BaselineEntry, BaselineSummary } from './conform-report.ts';

const isBroken = (verdict: string): verdict is BrokenVerdict => verdict === 'FAILURE' || verdict === 'DIVERGENCE';

/** The reason a new entry gets until someone writes one. */
export const UNTRIAGED = 'not triaged yet: say why this is accepted';

/** A baseline file that cannot be used: the CLI exits 2 with its message. */
export class BaselineFileError extends Error {
  override name = 'BaselineFileError';
}

/** Values a run makes up, which must not change a rule's id. */
const MADE_UP = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\d{6,}/g, '<n>'],
] as const;

/** A fuzz finding names its counterexample after the rule: "fuzz check X (negative case: …)". */
const FUZZ_CASE = / \((?:positive|negative|auth|sequence[^:]*) case: .*\)$/s;

const normalise = (text: string) => MADE_UP.reduce((t, [pattern, by]) => t.replace(pattern, by), text);

/** The stable id of a rule: `<checker>:<operation>:<12 hex digits>`. */
export function ruleId(rule: ConformRule): string {
  const name = rule.source === 'fuzz' ? rule.rule.replace(FUZZ_CASE, '') : rule.rule;
  const digest = createHash('sha256')
    .update(JSON.stringify([rule.source, rule.operationId ?? '', normalise(name), normalise(rule.expected ?? '')]))
    .digest('hex')
    .slice(0, 12);
  return `${rule.source}:${rule.operationId ?? '-'}:${digest}`;
}

const broken = (rule: ConformRule): rule is ConformRule & { verdict: BrokenVerdict } => isBroken(rule.verdict);

/** Reads a baseline file; throws BaselineFileError naming the file and what is wrong. */
export function readBaseline(file: string): BaselineEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new BaselineFileError(
      `cannot read the baseline ${file}: ${code === 'ENOENT' ? 'no such file (write one with --update-baseline)' : message}`,
    );
  }
  const doc = parseDocument(text, { prettyErrors: false });
  const problem = doc.errors[0];
  if (problem) throw new BaselineFileError(`the baseline ${file} is not YAML: ${problem.message}`);
  const data: unknown = doc.toJS();
  const accepted = (data as { accepted?: unknown } | null)?.accepted;
  if (!Array.isArray(accepted))
    throw new BaselineFileError(
      `the baseline ${file} has no \`accepted:\` list (write one with conform --update-baseline ${file})`,
    );
  return accepted.map((entry: unknown, i) => {
    const e = entry as Partial<BaselineEntry> | null;
    const at = `the baseline ${file}, accepted[${i}]`;
    if (typeof e?.id !== 'string' || !/^(scenarios|pact|fuzz):[^:]+:[0-9a-f]{12}$/.test(e.id))
      throw new BaselineFileError(`${at}: \`id\` must be a rule id such as scenarios:getProduct:0123456789ab`);
    if (typeof e.verdict !== 'string' || !isBroken(e.verdict))
      throw new BaselineFileError(`${at}: \`verdict\` must be FAILURE or DIVERGENCE`);
    if (typeof e.reason !== 'string' || e.reason.trim() === '')
      throw new BaselineFileError(`${at}: \`reason\` must say why the rule is accepted`);
    return {
      id: e.id,
      verdict: e.verdict,
      ...(typeof e.operationId === 'string' ? { operationId: e.operationId } : {}),
      rule: typeof e.rule === 'string' ? e.rule : '',
      ...(typeof e.expected === 'string' ? { expected: e.expected } : {}),
      reason: e.reason,
    };
  });
}

/**
 * Marks each broken rule the baseline lists as accepted (its reason) and says what it did; the
 * report passes when nothing new fails it under the one exit policy.
 */
export function applyBaseline(report: ConformReport, file: string, entries: BaselineEntry[]): ConformReport {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const seen = new Set<string>();
  const fresh = { FAILURE: 0, DIVERGENCE: 0 };
  let accepted = 0;
  const rules = report.rules.map((rule) => {
    if (!broken(rule)) return rule;
    const id = ruleId(rule);
    const entry = byId.get(id);
    if (!entry) {
      fresh[rule.verdict]++;
      return { ...rule, id };
    }
    seen.add(id);
    accepted++;
    return { ...rule, id, accepted: entry.reason };
  });
  const newFails = rules.some((r) => r.accepted === undefined && verdictFails(r.verdict, report.strict));
  const baseline: BaselineSummary = {
    file,
    accepted,
    new: fresh,
    gone: entries.filter((e) => !seen.has(e.id)),
  };
  const coverageHolds = report.coverage.percent >= report.coverage.minimum;
  return { ...report, rules, baseline, passed: !newFails && coverageHolds && !report.stoppedAtDeadline };
}

/**
 * Writes the run's FAILUREs and DIVERGENCEs as a baseline file, one entry per rule id; an entry the
 * file already had keeps its reason. Returns how many entries it wrote.
 */
export function writeBaseline(report: ConformReport, file: string): number {
  let previous: BaselineEntry[] = [];
  try {
    previous = readBaseline(file);
  } catch {
    // No usable baseline there yet: every entry starts untriaged.
  }
  const reasons = new Map(previous.map((e) => [e.id, e.reason]));
  const entries = new Map<string, BaselineEntry>();
  for (const rule of report.rules.filter(broken)) {
    const id = ruleId(rule);
    if (entries.has(id)) continue;
    entries.set(id, {
      id,
      verdict: rule.verdict,
      ...(rule.operationId ? { operationId: rule.operationId } : {}),
      rule: rule.rule.replace(FUZZ_CASE, ''),
      ...(rule.expected ? { expected: rule.expected } : {}),
      reason: reasons.get(id) ?? UNTRIAGED,
    });
  }
  const header = [
    '# gas-harness conform baseline: the FAILUREs and DIVERGENCEs this team has triaged.',
    `# Written from a run against ${report.target} (seed ${report.seed}) at ${report.startedAt}.`,
    '# Edit each `reason`; `conform --baseline THIS-FILE` reports these as accepted and fails only on',
    '# what is new (with --strict, a new DIVERGENCE too).',
    '',
  ].join('\n');
  writeFileSafely(file, `${header}${stringify({ version: 1, accepted: [...entries.values()] }, { lineWidth: 0 })}`);
  return entries.size;
}
