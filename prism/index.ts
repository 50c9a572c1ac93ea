/** Prism's CLI run as a child process on our OpenAPI document (the stateless mock, the validation proxy), and reading its log. */
export {
  findFreePort,
  startPrism,
  type PrismExit,
  type PrismLogLevel,
  type PrismOptions,
  type PrismProcess,
} from './prism-process.ts';
export { runUntilStopped } from './run-until-stopped.ts';
export {
  createViolationReporter,
  formatViolation,
  type ReportedViolation,
  type ViolationReporter,
  type ViolationSummary,
} from './violation-reporter.ts';
export { parsePrismLine, type PrismLogEvent } from './prism-log.ts';
