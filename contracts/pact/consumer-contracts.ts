/**
 * Every consumer test of the partner app, by resource family, and the run that writes the pact
 * file (`gas-partner-app` → `gas-ordering-platform`, Pact specification V4).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { catalogCases } from './catalog-contract.ts';
import { CONSUMER, PROVIDER, runContractCase, type ContractCase } from './contract-case.ts';
import { consumersCases } from './consumers-contract.ts';
import { customersCases } from './customers-contract.ts';
import { dealersCases } from './dealers-contract.ts';
import { integrationCases } from './integration-contract.ts';
import { PACT_FILE_NAME, PACTS_DIR } from './pact-files.ts';
import { paymentsCases } from './payments-contract.ts';
import { usersCases } from './users-contract.ts';

export const CONTRACT_FAMILIES: Readonly<Record<string, ContractCase[]>> = {
  payments: paymentsCases,
  customers: customersCases,
  consumers: consumersCases,
  dealers: dealersCases,
  users: usersCases,
  catalog: catalogCases,
  integration: integrationCases,
};

/** A V4 pact of the partner app that writes (merging interaction by interaction) into `dir`. */
export function createConsumerPact(dir: string): PactV4 {
  return new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'error',
  });
}

/** Runs every consumer test and writes the pact file afresh into `dir`; returns its path. */
export async function writePacts(dir = PACTS_DIR): Promise<string> {
  const file = join(dir, PACT_FILE_NAME);
  // Pact merges into an existing file, so an interaction removed from the tests would linger.
  rmSync(file, { force: true });
  const pact = createConsumerPact(dir);
  for (const cases of Object.values(CONTRACT_FAMILIES))
    for (const contractCase of cases) await runContractCase(pact, contractCase);
  return file;
}
