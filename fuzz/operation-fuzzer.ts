/**
 * Fuzzes one operation: its positive, negative and auth properties, each hunted until every selected
 * check holds, on its own target session (a fresh simulator tenant). Returns the shrunk failures.
 */
import type { Contract, Operation } from '../contract/index.ts';
import { RequestTimeoutError } from '../client/index.ts';
import { type FixtureLedger, type TargetSession } from '../target/index.ts';
import { prepareCredentials } from './auth-credentials.ts';
import { executeCase, requestOf, type Exchange } from './case-executor.ts';
import { operationArbitraries } from './case-arbitraries.ts';
import { runChecks, type SelectableCheck } from './checks.ts';
import { curlCommand } from './curl-command.ts';
import type { CaseKind, FuzzCase, SentRequest } from './fuzz-case.ts';
import type { FuzzFailure, OperationSummary } from './fuzz-report.ts';
import { hunt, type Finding } from './property-hunt.ts';
import {
  fuzzKey,
  requiredStatuses,
  scenarioStep,
  statusExpectation,
  writeScenarioFile,
  type ScenarioDocument,
} from './scenario-file.ts';

export interface OperationRun {
  contract: Contract;
  op: Operation;
  session: TargetSession;
  /** What the run has used up of the profile's one-time fixtures. */
  ledger: FixtureLedger;
  runs: number;
  runSeed: number;
  seedFor(name: string): number;
  checks: ReadonlySet<SelectableCheck>;
  out?: string;
  /** Counts cases for progress (several at once for cases that will not run). */
  onCase(count?: number): void;
}

export interface OperationResult {
  summary: OperationSummary;
  failures: FuzzFailure[];
  executions: number;
}

const KINDS: CaseKind[] = ['positive', 'negative', 'auth'];

export async function fuzzOperation(run: OperationRun): Promise<OperationResult> {
  const { contract, op, session } = run;
  const credentials = await prepareCredentials(session, op);
  const arbitraries = operationArbitraries(contract, op, credentials);
  const summary: OperationSummary = { operationId: op.id, cases: { positive: 0, negative: 0, auth: 0 }, skipped: [] };
  for (const { variant, reason } of credentials.unavailable) summary.skipped.push(`auth ${variant}: ${reason}`);
  const failures: FuzzFailure[] = [];
  let executions = 0;
  const target = { session, op, credentials };
  for (const kind of KINDS) {
    const arbitrary = arbitraries[kind];
    if (!arbitrary) {
      run.onCase(run.runs);
      summary.skipped.push(
        kind === 'negative'
          ? 'negative: no part of the request can be made invalid (no body, no constrained path parameter)'
          : `${kind}: no variant can be made on this target`,
      );
      continue;
    }
    const seed = run.seedFor(`${op.id}:${kind}`);
    // A check that already failed for this operation is reported once, not once per kind of case.
    const checks = new Set(
      [...run.checks].filter((c) => !failures.some((f) => f.check === c && f.basis === 'documented')),
    );
    const result = await hunt<FuzzCase, Exchange>({
      arbitrary,
      seed,
      numRuns: run.runs,
      checks,
      onCase: () => {
        summary.cases[kind]++;
        run.onCase();
      },
      async execute(fuzzCase, judge) {
        const exchange = await executeCase(fuzzCase, target);
        const failures = runChecks(
          {
            contract,
            op,
            fuzzCase,
            response: exchange.response,
            secrets: exchange.secrets,
            simulator: session.simulator,
          },
          judge.active,
        );
        return { failures, record: exchange };
      },
    });
    executions += result.executions;
    // A property that failed early generated fewer cases than planned; progress moves on all the same.
    run.onCase(run.runs - summary.cases[kind]);
    for (const finding of result.findings) {
      const exchange = finding.record ?? (await replay(finding.value, target));
      const secrets = [...exchange.secrets, ...session.secrets()];
      const failure = fuzzFailure(
        finding,
        {
          operationId: op.id,
          source: kind,
          description: finding.value.description,
          runSeed: run.runSeed,
          ...(exchange.response ? { status: exchange.response.status } : {}),
        },
        exchange.request,
        curlCommand(session.url, exchange.request, secrets),
      );
      if (run.out) {
        const scenario: ScenarioDocument = {
          name: `fuzz: ${op.id} ${failure.check} (${finding.value.description})`,
          description: `${failure.message}. Found by gas-harness fuzz; the steps expect what the contract requires.`,
          auth: session.simulator ? { profile: 'simulator' } : { profile: 'static', token: '{{env.GAS_TOKEN}}' },
          ...(exchange.setup.length ? { setup: exchange.setup } : {}),
          steps: [
            scenarioStep(finding.value.description, exchange.request, op, finding.value.auth, {
              status: statusExpectation(requiredStatuses(finding.value, op)),
              schema: 'documented',
              ...(failure.basis === 'assumed' ? { assumed: failure.reason ?? '' } : {}),
            }),
          ],
          'x-fuzz': fuzzKey(failure),
        };
        failure.scenarioFile = writeScenarioFile(run.out, scenario, secrets);
      }
      failures.push(failure);
    }
  }
  return { summary, failures, executions };
}

/**
 * A finding's case sent again, for its report; when the target's transport fails again (no answer in
 * time, an answer past the size limit), the report keeps the request without an answer.
 */
async function replay(
  fuzzCase: FuzzCase,
  target: Parameters<typeof executeCase>[1],
): Promise<Omit<Exchange, 'response'> & { response?: Exchange['response'] }> {
  try {
    return await executeCase(fuzzCase, target);
  } catch (error) {
    if (typeof (error as { code?: unknown } | null)?.code !== 'string' && !(error instanceof RequestTimeoutError))
      throw error;
    return { request: requestOf(fuzzCase, target), setup: [], secrets: [] };
  }
}

/** A copy of a request without its credentials, for reports. */
/** A finding as the report lists it: the check it broke, where it was found, how to replay it; the request redacted. */
export function fuzzFailure(
  finding: Finding<unknown, unknown>,
  found: Pick<FuzzFailure, 'operationId' | 'source' | 'description' | 'runSeed' | 'status'>,
  request: SentRequest,
  curl: string,
): FuzzFailure {
  const { failure } = finding;
  return {
    ...found,
    check: failure.check,
    message: failure.message,
    passed: false,
    basis: failure.basis,
    ...(failure.reason ? { reason: failure.reason } : {}),
    ...(failure.stated ? { stated: failure.stated } : {}),
    seed: finding.seed,
    path: finding.path,
    shrinks: finding.shrinks,
    request: redactRequest(request),
    curl,
  };
}

export function redactRequest(request: SentRequest): SentRequest {
  const headers = { ...request.headers };
  if (headers.authorization)
    headers.authorization = headers.authorization.replace(
      /^(Bearer\s+)?.+$/,
      (_, bearer: string | undefined) => `${bearer ?? ''}<redacted>`,
    );
  return { ...request, headers };
}
