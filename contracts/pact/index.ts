/**
 * Pact contracts of the partner app: provider verification, the committed pact files, their agreement
 * with the spec, and the consumer tests that write them. Nothing here loads Pact's consumer DSL (slow
 * to load) until `writePacts` runs; the verifier runs in a process of its own.
 */
export {
  CONSUMER,
  PROVIDER,
  PACTS_DIR,
  PACT_FILE_NAME,
  readPactFiles,
  type LoadedPact,
  type PactFile,
  type PactInteraction,
} from './pact-files.ts';
export { interactionBasis, interactionOutcome } from './interaction-basis.ts';
export type { PactMismatch } from './pact-mismatch.ts';
export { checkPactsAgainstSpec, formatDisagreement, type SpecDisagreement } from './spec-agreement.ts';
export {
  formatInteractionResult,
  interactionOperationIn,
  verifyPacts,
  type BrokerOptions,
  type InteractionResult,
  type VerifyPactsOptions,
  type VerifyPactsReport,
} from './verify-pacts.ts';
// Nothing here names a type of Pact's: the package's declarations reach this file, and Pact's own
// declarations need @types/express, which a partner's project that checks its libraries lacks.

/** Runs the consumer tests and writes the pact file into `dir` (default: the committed `contracts/pacts/`); its path. */
export async function writePacts(dir?: string): Promise<string> {
  return (await import('./consumer-contracts.ts')).writePacts(dir);
}
