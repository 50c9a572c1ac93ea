/** The entry point of recording/. */
export { credentialRoles, PLACEHOLDER_PREFIX, type CredentialRole, type CredentialRoles } from './credential-roles.ts';
export {
  buildRecordedSuite,
  renderRecordedSuite,
  renderRecordedSuiteInSlices,
  type RecordSuiteOptions,
} from './recorded-suite.ts';
export {
  exchangeOfJournalEntry,
  MAX_RECORDED_BODY_BYTES,
  recordedBodyOf,
  type RecordedBody,
  type RecordedExchange,
} from './recorded-exchange.ts';
