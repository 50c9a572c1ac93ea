/**
 * The real system of a stateful sequence: sends each command's request to the target with valid
 * credentials, records it as a step (for the report and the scenario file), runs the per-response
 * checks, and fails the sequence when the target's answer contradicts the model.
 */
import { assumptionOf, brokenOn, statusBasis } from '../verdict/index.ts';
import { type Contract } from '../contract/index.ts';
import { SetUpRefused, type StateProvisioner, type TargetSession } from '../target/index.ts';
import { type HttpResponse } from '../client/index.ts';
import { sendRequest } from './case-executor.ts';
import { judgedFailure, runChecks, STATEFUL_CHECK, type CheckFailure, type CheckName } from './checks.ts';
import { fillPath, type SentRequest } from './fuzz-case.ts';
import { CheckFailureError, type Judge } from './property-hunt.ts';
import { secretValues } from './secret-values.ts';

/** The checks that judge any single response, whatever the case. */
const RESPONSE_CHECKS: CheckName[] = [
  'not_a_server_error',
  'status_documented',
  'content_type_conformance',
  'body_matches_documented_shape',
  'no_secret_echoed',
];

export interface SequenceStep {
  name: string;
  operationId: string;
  request: SentRequest;
  /** The statuses the model expected. */
  expected: number[];
  /** Values the model expects in the response body, by JSON path (written into the scenario file). */
  json?: { path: string; equals: unknown }[];
  status: number;
}

export interface ProviderStateUse {
  state: string;
  params: Record<string, string>;
}

export interface CallOptions {
  name: string;
  pathParams?: Record<string, string>;
  body?: unknown;
  /** The statuses the model expects; the first is the one whose assumptions apply. */
  expected: number[];
  /** Values the model expects in the body (the command still checks them itself). */
  json?: { path: string; equals: unknown }[];
  /**
   * How an answer outside `expected` is judged, when the command knows better than the operation's
   * documented status: the message, and the spec's reason when only an assumption is broken.
   */
  judgeOther?: (status: number) => { message: string; assumed?: string };
}

/** A sequence the run cannot set up: the profile key that would let it. */
export class SequenceUnavailable extends Error {
  override name = 'SequenceUnavailable';
  /** `key`: the profile key it needs, or (`isKey` false) why it cannot run. */
  constructor(
    readonly key: string,
    isKey = true,
  ) {
    super(isKey ? `needs ${key} in the target profile` : key);
  }
}

export class SequenceSession {
  readonly steps: SequenceStep[] = [];
  readonly setup: ProviderStateUse[] = [];

  constructor(
    readonly contract: Contract,
    readonly target: TargetSession,
    private readonly judge: Judge,
    private readonly provisioner: StateProvisioner,
    /** Kept from one run of the sequence to the next (a deployment's fixture in use). */
    readonly memo: Map<string, unknown> = new Map(),
  ) {}

  /** Calls an operation as the model's command describes it; returns the response. */
  async call(operationId: string, options: CallOptions): Promise<HttpResponse> {
    const op = this.contract.operationsById.get(operationId);
    if (!op) throw new Error(`unknown operation ${operationId}`);
    const headers: Record<string, string> = {
      ...this.target.headers(),
      authorization: await this.target.authorization(op.security.scheme, op.security.scopes),
    };
    const request: SentRequest = {
      method: op.method,
      path: fillPath(op.path, options.pathParams ?? {}),
      headers,
      ...(options.body !== undefined
        ? { body: options.body, mediaType: op.requestBody?.mediaTypes[0] ?? 'application/json' }
        : {}),
    };
    if (request.mediaType) headers['content-type'] = request.mediaType;
    const response = await sendRequest(this.target.url, request, this.target);
    this.steps.push({
      name: options.name,
      operationId,
      request,
      expected: options.expected,
      ...(options.json ? { json: options.json } : {}),
      status: response.status,
    });
    const secrets = [
      ...this.target.secrets(),
      ...(op.requestBody && options.body !== undefined ? secretValues(op.requestBody.schema, options.body) : []),
    ];
    const active = new Set(RESPONSE_CHECKS.filter((c) => this.judge.active.has(c)));
    const [failure] = runChecks(
      { contract: this.contract, op, response, secrets, simulator: this.target.simulator },
      active,
    ).filter(this.judge.wants);
    if (failure) throw new CheckFailureError({ ...failure, message: `${options.name}: ${failure.message}` });
    if (!options.expected.includes(response.status) && options.judgeOther) {
      const { message, assumed } = options.judgeOther(response.status);
      this.fail(`${options.name}: ${message}`, assumed, response.status);
    } else if (!options.expected.includes(response.status)) {
      // Judged as a scenario's status rule: a refusal for a reason the description leaves open only diverges.
      const issues =
        op.requestBody && options.body !== undefined ? this.contract.validators.body(op.id, options.body) : [];
      const basis = statusBasis(op, options.expected[0] ?? 0, response.status, issues);
      this.fail(
        `${options.name}: ${operationId} answered ${response.status}, the model expected ${options.expected.join(' or ')}${basis.stated ? `; ${basis.reason ?? ''}` : ''}`,
        assumptionOf(basis),
        response.status,
      );
    }
    return response;
  }

  /** Fails the sequence unless `holds`; `assumed` when the rule is an `x-assumed` one. */
  expect(holds: boolean, message: string, assumed?: string): void {
    if (!holds) this.fail(message, assumed);
  }

  /** Empties the tenant on a simulator; nothing elsewhere. */
  async resetTenant(): Promise<void> {
    await this.target.admin?.resetTenant({ empty: true });
  }

  /**
   * Sets a provider state up on any target (the simulator's states, a states URL, or the platform's
   * own operations and the profile's fixtures) and records it for the scenario file; returns the
   * values the target used. Throws SequenceUnavailable when the profile lacks what it needs.
   */
  async providerState(state: string, params: Record<string, string>): Promise<Record<string, string>> {
    let outcome: Awaited<ReturnType<StateProvisioner['setUp']>>;
    try {
      outcome = await this.provisioner.setUp(state, params);
    } catch (error) {
      // A set-up refused for a reason the description may leave open skips the sequence, as a missing key does.
      if (error instanceof SetUpRefused)
        throw new SequenceUnavailable(`the deployment refused the set-up: ${error.message}`, false);
      throw error;
    }
    if ('unavailable' in outcome) throw new SequenceUnavailable(outcome.unavailable);
    this.setup.push({ state, params: outcome.values });
    return outcome.values;
  }

  private fail(message: string, assumed?: string, status?: number): void {
    const stated: CheckFailure = {
      check: STATEFUL_CHECK,
      message,
      ...brokenOn(assumed !== undefined ? { basis: 'assumed', reason: assumed } : { basis: 'documented' }),
    };
    const failure = status === undefined ? stated : judgedFailure(stated, status);
    // A failure already reported (or a check not run) does not stop the sequence: later commands may still fail.
    if (this.judge.wants(failure)) throw new CheckFailureError(failure);
  }
}
