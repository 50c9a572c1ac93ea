import { describe, expect, it } from 'vitest';
import { fuzzRules } from '../../../conform/fuzz-rules.ts';
import { pactRules } from '../../../conform/pact-rules.ts';
import type { FuzzFailure, FuzzReport } from '../../../fuzz/index.ts';
import { interactionBasis, interactionOutcome, type PactMismatch } from '../../../contracts/pact/index.ts';
import { readPactFiles, type PactInteraction } from '../../../contracts/pact/pact-files.ts';
import { loadContract } from '../../../contract/index.ts';
import { SERVER_ERROR_NOTE } from '../../../verdict/index.ts';

const contract = await loadContract();
const interactions = readPactFiles().flatMap(({ pact }) => pact.interactions);
const interaction = (description: string): PactInteraction => {
  const found = interactions.find((i) => i.description === description);
  if (!found) throw new Error(`no interaction "${description}" in the committed pact`);
  return found;
};
const status = (expected: number, actual: number): PactMismatch => ({
  kind: 'status',
  expected,
  actual,
  text: `expected ${expected} but was ${actual}`,
});
const reasonOf = (operationId: string, status: number) =>
  contract.operationsById.get(operationId)?.responses.get(status)?.assumed;

describe('classifying a pact interaction from the spec', () => {
  it('calls a wrong status documented when the seed documents the status for the operation', () => {
    expect(
      interactionBasis(contract, interaction('a request to update a provider that does not exist'), [status(404, 400)]),
    ).toEqual({
      basis: 'documented',
      stated: 'unknownProvider404',
      reason:
        'documented: "The provider update answers 404 when no provider with the given identifier exists." (Endpoints, rule 5)',
    });
  });

  it("calls a wrong status assumed, with the spec's reason, when the spec assumes the status", () => {
    const basis = interactionBasis(contract, interaction('a request to create a brand'), [status(201, 200)]);
    expect(basis).toEqual({ basis: 'assumed', reason: reasonOf('createBrand', 201) });
    expect(basis.reason).toMatch(/success status is not shown/);
  });

  it('calls a 400 where a 422 is due assumed when the rule the request breaks is an x-assumed keyword', () => {
    const basis = interactionBasis(contract, interaction('a request to give a provider a negative priority'), [
      status(422, 400),
    ]);
    expect(basis.basis).toBe('assumed');
    expect(basis.reason).toMatch(/negative one is rejected/);
  });

  it('calls a 5xx answer documented whatever the interaction expected', () => {
    const basis = interactionBasis(contract, interaction('a request to create a brand'), [
      { kind: 'body', path: '$', text: '$ -> Actual map is missing the following keys: data' },
      status(201, 503),
    ]);
    expect(basis.basis).toBe('documented');
    expect(basis.reason).toMatch(/5xx/);
  });

  it('judges a header mismatch by the header: a 401 without WWW-Authenticate is assumed', () => {
    const basis = interactionBasis(contract, interaction('a request to read a product without credentials'), [
      { kind: 'header', name: 'WWW-Authenticate', text: "Expected a header 'WWW-Authenticate' but was missing" },
    ]);
    expect(basis.basis).toBe('assumed');
    expect(basis.reason).toMatch(/401 to name the scheme/);
  });

  it('judges a body mismatch by the body: the address echo is assumed, its 200 status documented', () => {
    const address = interaction('a request to upsert an address of a consumer');
    expect(
      interactionBasis(contract, address, [{ kind: 'body', path: '$.id', text: '$.id -> Expected an id' }]).basis,
    ).toBe('assumed');
    expect(interactionBasis(contract, address, [status(200, 204)]).basis).toBe('documented');
  });

  it('reports an interaction the verifier did not report as a FAILURE', () => {
    const rules = pactRules(contract, {
      target: 'http://127.0.0.1:1',
      passed: false,
      tenant: undefined,
      results: [],
      notices: ['the verifier process exited (1) without results'],
    });
    expect(rules).toHaveLength(interactions.length);
    expect(rules.every((r) => r.verdict === 'FAILURE' && r.got?.includes('exited (1)'))).toBe(true);
  });

  it("calls an interaction whose answer carried the run's token a FAILURE quoting the secrets sentence", () => {
    const read = interaction('a request to read a product');
    const message = "the 200 answer to GET /v1/products/x carries the run's token or key in body";
    // The verifier matched everything else: the exposure alone breaks the rule.
    const verified = { passed: false, details: [], exposedSecret: message };
    const rules = pactRules(contract, {
      target: 'http://127.0.0.1:1',
      passed: false,
      tenant: undefined,
      notices: [],
      results: [
        {
          description: read.description,
          operationId: 'getProduct',
          mismatches: [message],
          ...verified,
          ...interactionOutcome(contract, read, verified),
        },
      ],
    });
    expect(rules.find((r) => r.where === read.description)).toMatchObject({
      operationId: 'getProduct',
      verdict: 'FAILURE',
      basis: 'documented',
      got: message,
      why: 'documented: "The token must not be exposed in public code, logs or API responses." (Authentication, rule 5)',
    });
  });

  it('keeps a skipped interaction skipped, with the profile key the verifier named', () => {
    const [first] = interactions;
    const rules = pactRules(contract, {
      target: 'http://127.0.0.1:1',
      passed: true,
      tenant: undefined,
      notices: [],
      results: [
        {
          description: first?.description ?? '',
          operationId: undefined,
          passed: true,
          basis: 'documented',
          mismatches: [],
          details: [],
          skipped: 'needs fixtures.dealerId in the target profile',
        },
      ],
    });
    expect(rules.find((r) => r.where === first?.description)).toMatchObject({
      verdict: 'skipped',
      skipReason: 'needs fixtures.dealerId in the target profile',
    });
  });
});

describe('classifying fuzz findings', () => {
  const failure = (overrides: Partial<FuzzFailure>): FuzzFailure => ({
    operationId: 'getProduct',
    check: 'stateful_sequences',
    message: 'getProduct answered 500, the model expected 200',
    passed: false,
    basis: 'assumed',
    reason: 'The success status is not shown; a read with a body is 200.',
    source: 'sequence category-product',
    description: 'getProduct(the product)',
    seed: 1,
    path: '0',
    shrinks: 0,
    runSeed: 1,
    request: { method: 'GET', path: '/v1/products/x', headers: {} },
    curl: 'curl',
    status: 500,
    ...overrides,
  });
  const report = (failures: FuzzFailure[]): FuzzReport => ({
    target: 'http://127.0.0.1:1',
    simulator: true,
    seed: 1,
    runs: 1,
    strict: false,
    checks: ['not_a_server_error', 'stateful_sequences'],
    operations: [
      {
        operationId: 'getProduct',
        cases: { positive: 1, negative: 0, auth: 1 },
        skipped: ['negative: nothing to make invalid'],
      },
    ],
    sequences: [{ name: 'category-product', rule: 'a renamed category shows in product reads', runs: 1 }],
    failures,
    notes: [],
    executions: 3,
    durationMs: 1,
    casesPerSecond: 1,
    ok: true,
  });

  it('reports a finding the fuzzer judged on a 5xx answer (documented, with its note) as a FAILURE', () => {
    // The fuzzer judges where it finds (judgedBasis): a check broken by a 5xx answer is never a divergence.
    const judged = failure({ basis: 'documented', reason: SERVER_ERROR_NOTE });
    const rules = fuzzRules(report([judged]));
    expect(rules.find((r) => r.rule.startsWith('fuzz sequence category-product'))).toMatchObject({
      verdict: 'FAILURE',
      basis: 'documented',
      why: expect.stringMatching(/5xx/),
    });
  });

  it("keeps a divergence with a 4xx answer a DIVERGENCE with the spec's reason, and a clean check a pass", () => {
    const rules = fuzzRules(
      report([failure({ status: 404, message: 'getProduct answered 404, the model expected 200' })]),
    );
    expect(rules.find((r) => r.rule.startsWith('fuzz sequence'))).toMatchObject({
      verdict: 'DIVERGENCE',
      why: 'The success status is not shown; a read with a body is 200.',
    });
    expect(rules).toContainEqual(
      expect.objectContaining({ operationId: 'getProduct', rule: 'fuzz check not_a_server_error', verdict: 'pass' }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ verdict: 'skipped', skipReason: 'negative: nothing to make invalid' }),
    );
  });
});
