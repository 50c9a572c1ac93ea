/**
 * Provider verification: replays the committed pacts (or a broker's) against a target with Pact's
 * Verifier, and reports one result per interaction. Credentials come from the target session (a
 * token minted by the simulator with every scope, a given token, or a token command); provider
 * states go to the simulator's `/__sim/provider-states` or to a given states URL. On a simulator the
 * run uses a fresh tenant: the token carries it (`tid`) and so does every request and state change
 * (`X-Sim-Tenant`). Every line of the report is redacted: no token or key ever shows.
 */
import { toPactMismatch, type PactMismatch, type RawMismatch } from './pact-mismatch.ts';
import { deadlineMessage, type DeadlineStop } from '../../client/index.ts';
import { excerpt, redactSecrets, writeFileSafely } from '../../report/index.ts';
import { loadContract, type Contract } from '../../contract/index.ts';
import { type RuleOutcome } from '../../verdict/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectTarget,
  createStateProvisioner,
  newFixtureLedger,
  resolveTarget,
  type FixtureLedger,
  type ResolvedTarget,
  type StateProvisioner,
  type TargetRunOptions,
} from '../../target/index.ts';
import { interactionBasis, interactionOutcome } from './interaction-basis.ts';
import { PACTS_DIR, readPactFiles, type PactInteraction } from './pact-files.ts';
import { startStatesEndpoint } from './states-endpoint.ts';
import { exposureMessage, exposuresByInteraction } from './secret-exposures.ts';
import type { BrokerOptions, WorkerRequest } from './verify-protocol.ts';
import { runVerifier } from './verifier-process.ts';

export type { BrokerOptions } from './verify-protocol.ts';

export interface VerifyPactsOptions extends TargetRunOptions {
  /** The target already resolved (conform resolves it once for every checker); wins over the rest. */
  resolved?: ResolvedTarget;
  /** What the run has used up of the profile's one-time fixtures, when shared with other checkers. */
  ledger?: FixtureLedger;
  /** The pact files or directories to verify (default: the committed `contracts/pacts/`). */
  pactFiles?: string[];
  /** Fetch the pacts from a Pact Broker instead, and optionally publish the results there. */
  broker?: BrokerOptions;
  /** Only the interactions that call one of these operations (`conform --operations`); local pacts only. */
  operations?: readonly string[];
  /**
   * When the run stops (a `Date.now()` time): a verification not finished by then is stopped, its
   * interactions not run, and the report says so and fails.
   */
  deadlineAt?: number;
}

/** An interaction's result: its outcome (interaction-basis.ts), what did not match, or why it did not run. */
export interface InteractionResult extends RuleOutcome {
  description: string;
  /** The spec operation the interaction calls, when the pact is local. */
  operationId: string | undefined;
  /** What did not match, redacted. */
  mismatches: string[];
  /** The same, as the verifier reported each (status, header, body), for judging it. */
  details: PactMismatch[];
  /** Why the interaction was not verified on this target (the profile key it lacks); absent when it ran. */
  skipped?: string;
  /**
   * The answer it got carried the run's token or key: a broken stated rule whatever else matched;
   * the message says so.
   */
  exposedSecret?: string;
}

export interface VerifyPactsReport {
  /** The provider's base URL. */
  target: string;
  passed: boolean;
  /** The simulator tenant the run used; undefined on another target. */
  tenant: string | undefined;
  results: InteractionResult[];
  /** Run-level messages (no states URL, a verifier error), redacted. */
  notices: string[];
  /** Present when the verification was stopped at the run's deadline (`--deadline`). */
  stoppedAtDeadline?: DeadlineStop;
}

interface VerifierJson {
  result?: boolean;
  interactionResults?: { description: string; result: string }[];
  errors?: {
    interaction: string;
    mismatch?: { type?: string; message?: string; mismatches?: RawMismatch[] };
  }[];
}

/**
 * Verifies the pacts against the target; never throws for a failed verification. An interaction
 * whose provider state this target cannot set up (a fixture the profile lacks) is not replayed: its
 * result says why it was skipped.
 */
export async function verifyPacts(options: VerifyPactsOptions): Promise<VerifyPactsReport> {
  const started = performance.now();
  const contract = await loadContract();
  const target = options.resolved ?? (await resolveTarget(options));
  const session = connectTarget(target);
  const allScopes = [...new Set(contract.operations.flatMap((op) => op.security.scopes))].sort();
  const bearer = await session.authorization('bearer', allScopes);
  const apiKey = await session.authorization('apiKey', []);
  const secrets = () => [...session.secrets(), ...(options.broker?.token ? [options.broker.token] : [])];
  const redact = (text: string) => redactSecrets(text, secrets());

  const notices: string[] = [];
  const provisioner = createStateProvisioner(session, options.ledger ?? newFixtureLedger());
  if (provisioner.via === 'api')
    notices.push("provider states set up through the platform's own operations and the profile's fixtures");
  const plan = options.broker
    ? { pactFiles: options.pactFiles ?? [], skipped: [], cleanup: () => undefined }
    : planInteractions(options.pactFiles ?? [PACTS_DIR], provisioner, contract, options.operations);
  const states = await startStatesEndpoint(provisioner);
  try {
    if (plan.pactFiles.length === 0 && !options.broker) {
      return {
        target: target.url,
        passed: plan.skipped.length === 0,
        tenant: session.tenant,
        results: plan.skipped,
        notices: [...notices, 'no interaction can run on this target'],
      };
    }
    const request: WorkerRequest = {
      target: session.url,
      bearer,
      apiKey,
      headers: session.headers(),
      statesUrl: states.url,
      statesHeaders: {},
      pactFiles: plan.pactFiles,
      timeoutMs: session.timeoutMs,
      maxAnswerBytes: session.maxAnswerBytes,
      ...(options.broker ? { broker: options.broker } : {}),
    };

    const reply = await runVerifier(request, options.deadlineAt);
    if (reply.kind === 'deadline') {
      const stoppedAtDeadline: DeadlineStop = {
        afterMs: Math.round(performance.now() - started),
        notRun: countInteractions(plan.pactFiles),
        unit: 'pact interactions',
      };
      return {
        target: target.url,
        passed: false,
        tenant: session.tenant,
        results: plan.skipped,
        notices: [...notices, deadlineMessage(stoppedAtDeadline)],
        stoppedAtDeadline,
      };
    }
    if (reply.kind === 'error')
      return {
        target: target.url,
        passed: false,
        tenant: session.tenant,
        results: plan.skipped,
        notices: [...notices, redact(reply.message)],
      };
    notices.push(
      ...[...new Set(reply.stateFailures)].map((failure) => redact(`provider state change failed: ${failure}`)),
      ...(reply.oversized ?? []).map(redact),
    );
    let parsed: VerifierJson;
    try {
      parsed = JSON.parse(reply.json) as VerifierJson;
    } catch {
      return {
        target: target.url,
        passed: false,
        tenant: session.tenant,
        results: plan.skipped,
        notices: [...notices, `unreadable verifier results: ${excerpt(reply.json, 500, secrets())}`],
      };
    }

    // The pact files are read once: a broker's interactions are known only by what the verifier says.
    const interactions = plan.pactFiles.flatMap((file) => readPactFiles(file)).flatMap(({ pact }) => pact.interactions);
    const { placed, unplaced } = exposuresByInteraction(reply.exposures ?? [], interactions, contract);
    const byDescription = new Map(interactions.map((i) => [i.description, i]));
    const local = (description: string) => (options.broker ? undefined : byDescription.get(description));
    const operationOf = (description: string) => {
      const interaction = local(description);
      return interaction && contract.match(interaction.request.method, interaction.request.path)?.operation.id;
    };
    const results = interactionResultsOf(parsed, operationOf, redact).map((verified): InteractionResult => {
      const exposure = placed.get(verified.description);
      // A state that turned out unavailable while set up (a deletable area used up, a refused set-up) skips its interaction.
      const lacking = (local(verified.description)?.providerStates ?? [])
        .map((s) => states.unavailable.get(s.name))
        .find((k) => k !== undefined);
      const result = exposure
        ? {
            ...verified,
            passed: false,
            mismatches: [exposureMessage(exposure), ...verified.mismatches],
            exposedSecret: exposureMessage(exposure),
          }
        : !verified.passed && lacking
          ? { ...verified, passed: true, mismatches: [], details: [], skipped: lacking }
          : verified;
      return { ...result, ...interactionOutcome(contract, byDescription.get(result.description), result) };
    });
    notices.push(...unplaced.map((exposure) => redact(exposureMessage(exposure))));
    // Errors of no interaction: the pact source failed (an unreachable broker, an unreadable file).
    const described = (interaction: string) =>
      results.some((r) => interaction === r.description || interaction.endsWith(` - ${r.description}`));
    for (const e of parsed.errors ?? [])
      if (!described(e.interaction)) notices.push(redact(`${e.interaction}: ${e.mismatch?.message ?? 'failed'}`));
    if (results.length === 0) notices.push('the verifier reported no interaction');
    const all = [...plan.skipped, ...results];
    return {
      target: target.url,
      passed: results.length > 0 && results.every((r) => r.passed) && unplaced.length === 0,
      tenant: session.tenant,
      results: all,
      notices,
    };
  } finally {
    await states.close();
    plan.cleanup();
  }
}

interface InteractionPlan {
  /** Pact files to verify: the given ones, or copies holding only the interactions this target can set up. */
  pactFiles: string[];
  /** One result per interaction that cannot run here, saying why. */
  skipped: InteractionResult[];
  cleanup(): void;
}

/** Keeps the interactions whose provider states this target can set up; skips the others, naming the profile key. */
function planInteractions(
  locations: string[],
  provisioner: StateProvisioner,
  contract: Contract,
  operations?: readonly string[],
): InteractionPlan {
  const pacts = locations.flatMap((location) => readPactFiles(location));
  const lacking = (interaction: PactInteraction) =>
    (interaction.providerStates ?? [])
      .map((s) => provisioner.missing(s.name, s.params ?? {}))
      .find((k) => k !== undefined);
  const wanted = (interaction: PactInteraction) =>
    !operations || interactionOperationIn(contract, interaction, operations);
  if (!pacts.some(({ pact }) => pact.interactions.some((i) => lacking(i) !== undefined || !wanted(i))))
    return { pactFiles: locations, skipped: [], cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'gas-pacts-'));
  const skipped: InteractionResult[] = [];
  const pactFiles: string[] = [];
  for (const [index, { pact }] of pacts.entries()) {
    const kept = pact.interactions.filter(wanted).filter((interaction) => {
      const key = lacking(interaction);
      if (key !== undefined)
        skipped.push({
          description: interaction.description,
          operationId: contract.match(interaction.request.method, interaction.request.path)?.operation.id,
          ...interactionBasis(contract, interaction, []),
          passed: true,
          mismatches: [],
          details: [],
          skipped: `needs ${key} in the target profile`,
        });
      return key === undefined;
    });
    if (kept.length === 0) continue;
    const file = join(dir, `pact-${index}.json`);
    writeFileSafely(file, JSON.stringify({ ...pact, interactions: kept }));
    pactFiles.push(file);
  }
  return { pactFiles, skipped, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Whether an interaction calls one of the operations (its method and path, matched by the contract). */
export function interactionOperationIn(
  contract: Contract,
  interaction: PactInteraction,
  operations: readonly string[],
): boolean {
  const id = contract.match(interaction.request.method, interaction.request.path)?.operation.id;
  return id !== undefined && operations.includes(id);
}

/** What the verifier said of an interaction, before it is judged. */
type Verified = Omit<InteractionResult, keyof RuleOutcome> & { passed: boolean };

/** One result per interaction the verifier ran, with its mismatches (matched by description). */
function interactionResultsOf(
  parsed: VerifierJson,
  operationOf: (description: string) => string | undefined,
  redact: (text: string) => string,
): Verified[] {
  return (parsed.interactionResults ?? []).map((r): Verified => {
    // The verifier names a failure "Verifying a pact between C and P [Given S] - <description>".
    const errors = (parsed.errors ?? []).filter(
      (e) => e.interaction === r.description || e.interaction.endsWith(` - ${r.description}`),
    );
    const details = errors.flatMap(
      (e) =>
        e.mismatch?.mismatches?.map((m) => toPactMismatch(m, redact)) ?? [
          toPactMismatch({ mismatch: e.mismatch?.message ?? 'failed' }, redact),
        ],
    );
    return {
      description: r.description,
      operationId: operationOf(r.description),
      passed: r.result.toUpperCase() === 'OK' && errors.length === 0,
      mismatches: details.map((d) => d.text),
      details,
    };
  });
}

/** One line: PASS or FAIL, the operation, the interaction, and for a failure what did not match. */
export function formatInteractionResult(result: InteractionResult): string {
  if (result.skipped) return `SKIP  ${result.operationId ?? '-'}  ${result.description}: ${result.skipped}`;
  const head = `${result.passed ? 'PASS' : 'FAIL'}  ${result.operationId ?? '-'}  ${result.description}`;
  if (result.passed) return head;
  const why = result.mismatches.join('; ').replace(/\s+/g, ' ');
  return `${head}: ${why.length > 400 ? `${why.slice(0, 397)}...` : why}`;
}

/** The interactions of the pact files (none known for a broker's, which are fetched by the verifier). */
function countInteractions(pactFiles: string[]): number {
  return pactFiles.flatMap((file) => readPactFiles(file)).reduce((n, { pact }) => n + pact.interactions.length, 0);
}
