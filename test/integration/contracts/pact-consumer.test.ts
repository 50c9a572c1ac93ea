import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HARNESS_STATES } from '../../../target/index.ts';
import { CONTRACT_FAMILIES, createConsumerPact } from '../../../contracts/pact/consumer-contracts.ts';
import { runContractCase, type ContractCase } from '../../../contracts/pact/contract-case.ts';
import {
  comparablePact,
  PACT_FILE_NAME,
  PACTS_DIR,
  readPactFiles,
  type PactFile,
} from '../../../contracts/pact/pact-files.ts';
import { loadContract } from '../../../contract/index.ts';

const allCases = Object.values(CONTRACT_FAMILIES).flat();
const regenerated = mkdtempSync(join(tmpdir(), 'gas-pacts-'));
const scratch = mkdtempSync(join(tmpdir(), 'gas-pacts-scratch-'));
afterAll(() => {
  rmSync(regenerated, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** The provider state names docs/simulator.md lists under "Provider states", which the simulator implements. */
function documentedStateNames(): Set<string> {
  const page = readFileSync(new URL('../../../docs/simulator.md', import.meta.url), 'utf8');
  const section = page.split('### Provider states')[1]?.split(/\n#/)[0] ?? '';
  const items = section.split('\n').filter((line) => line.startsWith('- '));
  return new Set(items.flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '')));
}

describe('the partner app consumer tests', () => {
  const pact = createConsumerPact(regenerated);
  for (const [family, cases] of Object.entries(CONTRACT_FAMILIES)) {
    describe(family, () => {
      for (const contractCase of cases) it(contractCase.description, () => runContractCase(pact, contractCase));
    });
  }

  it('write a pact equal to the committed one, apart from the library versions in metadata', () => {
    const committed = JSON.parse(readFileSync(join(PACTS_DIR, PACT_FILE_NAME), 'utf8')) as PactFile;
    const fresh = JSON.parse(readFileSync(join(regenerated, PACT_FILE_NAME), 'utf8')) as PactFile;
    expect(fresh.interactions).toHaveLength(allCases.length);
    expect(
      comparablePact(fresh),
      'the consumer tests changed: run `npx gas-harness contracts write` and commit contracts/pacts',
    ).toEqual(comparablePact(committed));
    expect(readPactFiles().map((p) => p.pact.metadata?.pactSpecification)).toEqual([{ version: '4.0' }]);
  });
});

describe('the consumer tests as a whole', () => {
  it('give every operation its success, its 401 and at least one other documented error', async () => {
    const contract = await loadContract();
    for (const op of contract.operations) {
      const statuses = allCases.filter((c) => c.operationId === op.id).map((c) => c.response.status);
      expect(statuses, op.id).toContain(op.successStatus);
      expect(statuses, op.id).toContain(401);
      const errors = statuses.filter((s) => s >= 400 && s !== 401);
      expect(errors.length, `${op.id} has no error interaction besides 401`).toBeGreaterThan(0);
      for (const status of statuses)
        expect(op.responses.has(status), `${op.id} does not document ${status}`).toBe(true);
    }
  });

  it('use only the provider states docs/simulator.md documents or the harness sets up itself, with every placeholder as a parameter', () => {
    const simulatorStates = documentedStateNames();
    expect(simulatorStates.size).toBeGreaterThanOrEqual(20);
    const documented = new Set([...simulatorStates, ...HARNESS_STATES]);
    for (const contractCase of allCases) {
      for (const state of contractCase.states ?? []) {
        expect(documented, contractCase.description).toContain(state.name);
        for (const [, placeholder] of state.name.matchAll(/\{(\w+)\}/g))
          expect(Object.keys(state.params), state.name).toContain(placeholder);
      }
    }
  });

  it('have unique descriptions', () => {
    expect(new Set(allCases.map((c) => c.description)).size).toBe(allCases.length);
  });

  it('fail when the partner client does not send the request the pact describes', async () => {
    const [sample] = CONTRACT_FAMILIES.catalog ?? [];
    if (!sample) throw new Error('no catalog case');
    const strayClient: ContractCase = {
      ...sample,
      description: 'a request the client gets wrong',
      call: (client, body) => client.updateCategory('another-category', body),
    };
    await expect(runContractCase(createConsumerPact(scratch), strayClient)).rejects.toThrow();
  });

  it('fail when the client reads another status than the pact promises', async () => {
    const [sample] = CONTRACT_FAMILIES.catalog ?? [];
    if (!sample) throw new Error('no catalog case');
    const wrongExpectation: ContractCase = {
      ...sample,
      description: 'a request whose answer the client misreads',
      response: { status: 204 },
      call: async (client, body) => ({
        ...(await client.updateCategory('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', body)),
        status: 200,
      }),
    };
    await expect(runContractCase(createConsumerPact(scratch), wrongExpectation)).rejects.toThrow(/status/);
  });

  it('describe the Authorization header with a matcher, not the example token', () => {
    const committed = JSON.parse(readFileSync(join(PACTS_DIR, PACT_FILE_NAME), 'utf8')) as {
      interactions: {
        request: { matchingRules?: { header?: Record<string, unknown> }; headers?: Record<string, string[]> };
      }[];
    };
    for (const interaction of committed.interactions) {
      if (interaction.request.headers?.Authorization)
        expect(interaction.request.matchingRules?.header?.Authorization).toBeDefined();
    }
  });
});
