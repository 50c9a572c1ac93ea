/**
 * The programmatic entry point of gas-harness: the simulator, the contract, and the checkers
 * (Pact verification, fuzzing, scenario suites, and `conform`, which runs all three against one
 * target), exported by name.
 */

/** Creates a simulator (Fastify, not listening), or creates and starts one (127.0.0.1, port 0 by default). */
export {
  createSimulator,
  startSimulator,
  type RunningSimulator,
  type Simulator,
  type SimulatorOptions,
} from './simulator/index.ts';
/** Loads the OpenAPI contract once: operations table, validators, assumptions. */
export { loadContract, type Contract } from './contract/index.ts';
/** Replays the committed pacts (or a broker's) against a target, one result per interaction. */
export { verifyPacts, type VerifyPactsOptions, type VerifyPactsReport } from './contracts/pact/index.ts';
/** Property-based fuzzing of every operation from the spec's schemas. */
export { fuzz, type FuzzOptions, type FuzzReport } from './fuzz/index.ts';
/** The simulator's admin API (`/__sim`: tokens, state, journal, faults), typed from its OpenAPI document. */
export { AdminApiError, createAdminClient, type AdminClient, type AdminClientOptions } from './client/index.ts';
/** Runs YAML scenario suites against a simulator or a deployment. */
export { runScenarios, type RunScenariosOptions, type ScenarioReport } from './scenarios/index.ts';
/** The three checkers against one target, every rule classified pass, FAILURE, DIVERGENCE or skipped. */
export { conform, type ConformOptions, type ConformReport, type ConformRule } from './conform/index.ts';
