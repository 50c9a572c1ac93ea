/** Pact contracts of the partner app: consumer tests, provider verification, agreement with the spec. */
export { CONTRACT_FAMILIES, createConsumerPact, writePacts } from './consumer-contracts.ts';
export { CONSUMER, PROVIDER, runContractCase, type ContractCase, type ProviderState } from './contract-case.ts';
export { PACTS_DIR, PACT_FILE_NAME, readPactFiles, type LoadedPact, type PactFile, type PactInteraction } from './pact-files.ts';
export { PartnerClient, type PartnerCredentials } from './partner-client.ts';
export { checkPactsAgainstSpec, formatDisagreement, type SpecDisagreement } from './spec-agreement.ts';
export {
  formatInteractionResult, verifyPacts, type BrokerOptions, type InteractionResult, type VerifyPactsOptions, type VerifyPactsReport,
} from './verify-pacts.ts';
