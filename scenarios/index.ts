/** The scenario runner: YAML suites run against a simulator or a deployment. */
export { runScenarios, DEFAULT_SUITES_DIR, type RunScenariosOptions } from './run-scenarios.ts';
export { loadSuites, readSuiteFile, findSuiteFiles, type LoadedSuite } from './load-suites.ts';
export { ScenarioFileError, formatProblem, type ScenarioFileProblem } from './scenario-file-error.ts';
export { formatSuite, formatSummary, toJunitSuites, describeFailure } from './scenario-output.ts';
export { scenarioHtmlReport } from './scenario-html.ts';
export type {
  CheckResult,
  Outcome,
  ScenarioReport,
  ScenarioSummary,
  StepResult,
  SuiteResult,
} from './scenario-report.ts';
export { startRecordingProxy, type RecordingProxy, type RecordingProxyOptions } from './record-proxy.ts';
