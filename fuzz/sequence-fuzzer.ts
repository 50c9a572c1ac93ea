/**
 * Runs the stateful sequences (fc.commands + fc.asyncModelRun) against the target, hunting each
 * until its model and the per-response checks hold, and turns each shrunk failure into a report
 * entry and a scenario file with every step of the shrunk sequence.
 */
import fc from 'fast-check';
import { curlCommand } from './curl-command.ts';
import type { FuzzFailure, SequenceSummary } from './fuzz-report.ts';
import { fuzzFailure, type OperationRun } from './operation-fuzzer.ts';
import { CheckFailureError, hunt } from './property-hunt.ts';
import { fuzzKey, scenarioStep, statusExpectation, writeScenarioFile, type ScenarioDocument } from './scenario-file.ts';
import { categoryProductSequence } from './sequence-category-product.ts';
import { coverageAreaSequence } from './sequence-coverage-area.ts';
import type { SequenceCommand, SequenceDefinition } from './sequence-definition.ts';
import { orderCounterSequence } from './sequence-order-counter.ts';
import { SequenceSession, SequenceUnavailable } from './sequence-session.ts';
import { createStateProvisioner } from '../target/index.ts';
import { userProfileSequence } from './sequence-user-profile.ts';
import { unknownProviderSequence } from './sequence-unknown-provider.ts';

/** Every stateful sequence the fuzzers know. */
export const SEQUENCES = [
  userProfileSequence,
  categoryProductSequence,
  coverageAreaSequence,
  orderCounterSequence,
  unknownProviderSequence,
] as SequenceDefinition<object>[];

/** A sequence runs with what an operation's fuzzing gets, less the operation. */
export type SequenceRun = Omit<OperationRun, 'op'>;

const MAX_COMMANDS = 10;

export async function fuzzSequence(
  definition: SequenceDefinition<object>,
  run: SequenceRun,
): Promise<{ summary: SequenceSummary; failures: FuzzFailure[]; executions: number }> {
  const summary: SequenceSummary = { name: definition.name, rule: definition.rule, runs: 0 };
  const { contract, session } = run;
  const provisioner = createStateProvisioner(session, run.ledger);
  const memo = new Map<string, unknown>();
  let unavailable: SequenceUnavailable | undefined;
  const arbitrary = fc.commands(definition.commands(contract), { maxCommands: MAX_COMMANDS });
  const seed = run.seedFor(`sequence:${definition.name}`);
  const result = await hunt<Iterable<SequenceCommand<object>>, SequenceSession>({
    arbitrary,
    seed,
    numRuns: run.runs,
    checks: run.checks,
    onCase: () => {
      summary.runs++;
      run.onCase();
    },
    async execute(commands, judge) {
      const real = new SequenceSession(contract, session, judge, provisioner, memo);
      if (unavailable) return { failures: [], record: real };
      try {
        await fc.asyncModelRun(async () => ({ model: await definition.setup(real), real }), commands);
        return { failures: [], record: real };
      } catch (error) {
        if (error instanceof CheckFailureError) return { failures: [error.failure], record: real };
        if (error instanceof SequenceUnavailable) {
          unavailable = error;
          return { failures: [], record: real };
        }
        throw error;
      }
    },
  });
  run.onCase(run.runs - summary.runs);
  if (unavailable)
    return { summary: { ...summary, skipped: `not run: ${unavailable.message}` }, failures: [], executions: 0 };
  const failures: FuzzFailure[] = [];
  for (const finding of result.findings) {
    const real = finding.record;
    const last = real?.steps.at(-1);
    if (!real || !last) continue;
    const secrets = session.secrets();
    const failure = fuzzFailure(
      finding,
      {
        operationId: last.operationId,
        source: `sequence ${definition.name}`,
        description: real.steps.map((s) => s.name).join(' → '),
        runSeed: run.runSeed,
        status: last.status,
      },
      last.request,
      curlCommand(session.url, last.request, secrets),
    );
    if (run.out) {
      const failing = real.steps.length - 1;
      const scenario: ScenarioDocument = {
        name: `fuzz: sequence ${definition.name} ${failure.check}`,
        description: `${definition.rule}. ${failure.message}. Found by gas-harness fuzz; the steps expect what the model requires.`,
        auth: session.simulator ? { profile: 'simulator' } : { profile: 'static', token: '{{env.GAS_TOKEN}}' },
        ...(real.setup.length ? { setup: real.setup } : {}),
        steps: real.steps.map((step, i) => {
          const op = contract.operationsById.get(step.operationId);
          if (!op) throw new Error(`unknown operation ${step.operationId}`);
          return scenarioStep(step.name, step.request, op, 'valid', {
            status: statusExpectation(step.expected),
            ...(step.json ? { json: step.json } : {}),
            schema: 'documented',
            ...(i === failing && failure.basis === 'assumed' ? { assumed: failure.reason ?? '' } : {}),
          });
        }),
        'x-fuzz': fuzzKey(failure),
      };
      failure.scenarioFile = writeScenarioFile(run.out, scenario, secrets);
    }
    failures.push(failure);
  }
  return { summary, failures, executions: result.executions };
}
