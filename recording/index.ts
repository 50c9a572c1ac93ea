/** The entry point of recording/. */
export { buildRecordedSuite, renderRecordedSuite, type RecordSuiteOptions } from './recorded-suite.ts';
export {
  exchangeOfJournalEntry,
  MAX_RECORDED_BODY_BYTES,
  recordedBodyOf,
  type RecordedBody,
  type RecordedExchange,
} from './recorded-exchange.ts';
