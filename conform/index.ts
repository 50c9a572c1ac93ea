/** `gas-harness conform`: the scenario suites, the Pact verification and a fuzz budget against one target, in one report. */
export { conform, ConformUsageError, DEFAULT_FUZZ_RUNS, type ConformOptions } from './conform.ts';
export {
  countVerdicts,
  coverageLine,
  coverageOf,
  DEFAULT_MIN_COVERAGE,
  passes,
  RULE_SOURCES,
  skippedByReason,
  VERDICTS,
  type CheckerRun,
  type ConformReport,
  type ConformRule,
  type Coverage,
  type RuleSource,
  type Verdict,
  type VerdictCounts,
} from './conform-report.ts';
export { describeBrokenRule, formatConformReport, verdictLine } from './console-summary.ts';
export { conformJunitSuites } from './conform-junit.ts';
export { conformHtmlReport } from './conform-html.ts';
export { renderMarkdownSummary } from './markdown-summary.ts';
export { REPORT_FILES, writeConformReports } from './write-reports.ts';
export { PROFILE_KEYS, profileGaps, type ProfileGap } from './profile-gaps.ts';
export { fuzzRules } from './fuzz-rules.ts';
export {
  applyBaseline,
  BaselineFileError,
  readBaseline,
  ruleId,
  UNTRIAGED,
  writeBaseline,
  type BaselineEntry,
  type BaselineSummary,
} from './baseline.ts';
export { conformReplay, ruleReplay } from './replay-command.ts';
