/**
 * Turns a fuzz run into conformance rules: per operation, one rule per check, whatever the answers:
 * pass when it found nothing, else its worst shrunk counterexample (FAILURE, or DIVERGENCE when the
 * fuzzer says the broken rule is `x-assumed`), naming how many more it found; one rule per stateful
 * sequence; the case kinds that could not run, skipped.
 */
import { findingVerdict, STATEFUL_CHECK, type FuzzFailure, type FuzzReport } from '../fuzz/index.ts';
import type { ConformRule } from './conform-report.ts';

/** What each fuzz check expects of every answer, for the reports' "expected" column. */
const CHECK_EXPECTATIONS: Record<string, string> = {
  not_a_server_error: 'no 5xx answer',
  status_documented: 'a status the operation documents',
  content_type_conformance: 'the media type documented for the status',
  body_matches_documented_shape: 'a body of the shape documented for the status',
  negative_data_rejected: 'invalid input rejected with a documented 4xx',
  positive_data_accepted: 'valid input accepted with a 2xx',
  auth_enforced: '401 without valid credentials (with WWW-Authenticate), 403 without the needed scope',
  no_secret_echoed: 'no credential or secret of the request echoed in the response',
};

function failureRule(failure: FuzzFailure, rule: string, expected: string): ConformRule {
  const replay = [
    `seed ${failure.seed}, path ${failure.path}, run seed ${failure.runSeed}`,
    failure.curl,
    ...(failure.scenarioFile ? [`scenario ${failure.scenarioFile}`] : []),
  ];
  return {
    source: 'fuzz',
    operationId: failure.operationId,
    rule: `${rule} (${failure.source} case: ${failure.description})`,
    ...findingVerdict(failure),
    expected,
    got: failure.message,
    where: replay.join('\n'),
  };
}

/** The first FAILURE of a check's findings (else its first DIVERGENCE), saying how many more there were. */
function worst(found: ConformRule[]): ConformRule {
  const first = found.find((r) => r.verdict === 'FAILURE') ?? found[0];
  if (!first) throw new Error('a check with findings has at least one');
  return found.length > 1 ? { ...first, got: `${first.got ?? ''} (and ${found.length - 1} more finding(s))` } : first;
}

/** The fuzzer's note for an operation whose request has no part that can be made invalid. */
const NOTHING_TO_INVALIDATE = 'negative: no part of the request can be made invalid';

export function fuzzRules(report: FuzzReport): ConformRule[] {
  const rules: ConformRule[] = [];
  const used = new Set<FuzzFailure>();
  const broken = (failure: FuzzFailure, rule: string, expected: string): ConformRule => {
    used.add(failure);
    return failureRule(failure, rule, expected);
  };
  const checks = report.checks.filter((c) => c !== STATEFUL_CHECK);
  for (const op of report.operations) {
    for (const check of checks) {
      const expected = CHECK_EXPECTATIONS[check] ?? check;
      const found = report.failures.filter(
        (f) => f.operationId === op.operationId && f.check === check && !f.source.startsWith('sequence'),
      );
      if (found.length === 0)
        rules.push({
          source: 'fuzz',
          operationId: op.operationId,
          rule: `fuzz check ${check}`,
          verdict: 'pass',
          expected,
        });
      // One rule per operation and check, whatever the answers: its worst finding speaks for the others.
      else rules.push(worst(found.map((failure) => broken(failure, `fuzz check ${check}`, expected))));
    }
    // An operation with nothing to make invalid has no negative rule to check: it is not a rule at all.
    for (const reason of op.skipped.filter((r) => !r.startsWith(NOTHING_TO_INVALIDATE))) {
      rules.push({
        source: 'fuzz',
        operationId: op.operationId,
        rule: `fuzz ${reason.split(':')[0] ?? 'cases'} cases`,
        verdict: 'skipped',
        skipReason: reason,
      });
    }
  }
  for (const sequence of report.sequences) {
    const rule = `fuzz sequence ${sequence.name}`;
    if (sequence.skipped) {
      rules.push({ source: 'fuzz', rule, verdict: 'skipped', expected: sequence.rule, skipReason: sequence.skipped });
      continue;
    }
    const found = report.failures.filter((f) => f.source === `sequence ${sequence.name}`);
    if (found.length === 0) rules.push({ source: 'fuzz', rule, verdict: 'pass', expected: sequence.rule });
    else rules.push(worst(found.map((failure) => broken(failure, rule, sequence.rule))));
  }
  // A failure the fuzzer reports for an operation or sequence it does not summarize still counts.
  for (const failure of report.failures) {
    if (!used.has(failure))
      rules.push(
        failureRule(failure, `fuzz check ${failure.check}`, CHECK_EXPECTATIONS[failure.check] ?? failure.check),
      );
  }
  return rules;
}

export function fuzzSummary(report: FuzzReport): string {
  return `${report.operations.length} operations, ${report.sequences.length} sequences, ${report.executions} cases (${report.runs} per operation and kind), seed ${report.seed}`;
}
