/** Report writers shared by the fuzzer, the scenario runner and `conform`. */
export {
  htmlText,
  jsonText,
  markdownCode,
  markdownText,
  OUTPUT_SANITIZERS,
  terminalLine,
  terminalText,
  xmlText,
  yamlText,
  type OutputFormat,
} from './neutralise.ts';
export { renderJunit, type JunitCase, type JunitSuite } from './junit.ts';
export {
  excerpt,
  holdsJwt,
  JWT_PATTERN,
  mayHoldJwt,
  mayHoldSecret,
  secretFormsTest,
  redactedSecret,
  redactDeep,
  redactJsonText,
  redactKnownSecrets,
  redactSecrets,
  redactStrings,
  redactValue,
  REDACTED,
  secretValuesOf,
} from './redact.ts';
export { secretForms } from './secret-encodings.ts';
export { displayUrl } from './display-url.ts';
export { temporaryNameFor, writeFileSafely, writeFileSafelyAsync } from './safe-file-writer.ts';
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
export { SHOWN_BODY_CHARS, shownAnswer, type AnswerToShow } from './shown-answer.ts';
export { harnessCommand, shellArgument } from './shell-command.ts';
