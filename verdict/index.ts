/** The entry point of verdict/. */
export {
  headerBasis,
  ERROR_STATUSES_NOT_SHOWN,
  jsonPathBasis,
  judgedBasis,
  listedStatusBasis,
  schemaBasis,
  SERVER_ERROR_NOTE,
  statedBasis,
  statusBasis,
  TIME_LIMIT_BASIS,
  type RuleBasis,
  type TokenBinding,
} from './rule-basis.ts';
export {
  assumptionOf,
  brokenOn,
  failsRun,
  RUN_BROKEN,
  verdictFails,
  verdictOf,
  VERDICTS,
  type RuleOutcome,
  type Verdict,
} from './rule-outcome.ts';
export { quoteStatedRule, speaksOf, statedMediaType, STATED_RULES, type StatedRule } from './stated-rules.ts';
