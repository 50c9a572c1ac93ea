/** Report writers shared by the fuzzer, the scenario runner and `conform`. */
export { markdownCode, markdownText, terminalText, xmlText } from './neutralise.ts';
export {
  deadlineMessage,
  DEFAULT_DEADLINE_MS,
  runDeadline,
  type DeadlineStop,
  type RunDeadline,
} from './run-deadline.ts';
export { renderJunit, type JunitCase, type JunitSuite } from './junit.ts';
export {
  excerpt,
  holdsJwt,
  JWT_PATTERN,
  mayHoldJwt,
  mayHoldSecret,
  redactedSecret,
  redactDeep,
  redactJsonText,
  redactKnownSecrets,
  redactSecrets,
  redactValue,
  REDACTED,
  secretValuesOf,
} from './redact.ts';
export { secretForms } from './secret-encodings.ts';
export { displayUrl } from './display-url.ts';
export {
  groupByOperation,
  renderHtmlReport,
  reportHead,
  writeHtmlReport,
  type HtmlReport,
  type HtmlRule,
  type HtmlVerdict,
  type RunSummary,
} from './html-report.ts';
export { buildRecordedSuite, renderRecordedSuite, type RecordSuiteOptions } from './recorded-suite.ts';
export {
  exchangeOfJournalEntry,
  MAX_RECORDED_BODY_BYTES,
  recordedBodyOf,
  type RecordedBody,
  type RecordedExchange,
} from './recorded-exchange.ts';
export { harnessCommand, shellArgument } from './shell-command.ts';
