/**
 * The suite in three tiers (vitest projects), run together by `npm test`:
 * - unit: no sockets, no child processes (the spec, rules, redaction, checks, handlers through `inject`);
 * - integration: checkers against in-process simulators on port 0, the default for a new file;
 * - system: the built CLI as a process, several processes on one Redis, Chromium, memory budgets, `npm pack`.
 * `npm run test:unit` and `npm run test:integration` run one tier each for the edit loop.
 */
import { defineConfig } from 'vitest/config';

const UNIT = [
  'test/client/concurrency-pool.test.ts',
  'test/conform/rule-classification.test.ts',
  'test/conform/other-choices.test.ts',
  'test/conform/stated-rule-checks.test.ts',
  'test/spec/provider-states.test.ts',
  'test/contracts/pact-spec-agreement.test.ts',
  'test/docs/links.test.ts',
  'test/fuzz/fuzz-checks.test.ts',
  'test/fuzz/fuzz-schema-arbitrary.test.ts',
  'test/fuzz/property-hunt.test.ts',
  'test/prism/prism-log.test.ts',
  'test/scenarios/template.test.ts',
  'test/simulator/error-catalogue.test.ts',
  'test/simulator/handler-table.test.ts',
  'test/simulator/head-requests.test.ts',
  'test/simulator/journal.test.ts',
  'test/simulator/logs.test.ts',
  'test/simulator/media-types.test.ts',
  'test/simulator/provider-states.test.ts',
  'test/simulator/read-only-records.test.ts',
  'test/simulator/secrets.test.ts',
  'test/simulator/state-file-restore.test.ts',
  'test/simulator/store.test.ts',
  'test/spec/*.test.ts',
  'test/ux/admin-api-document.test.ts',
  'test/ux/admin-journal.test.ts',
  'test/ux/neutralise.test.ts',
  'test/ux/terminal.test.ts',
];

const SYSTEM = [
  'test/cli/build.test.ts',
  'test/cli/layers.test.ts',
  'test/cli/pack.test.ts',
  'test/cli/spec-diff-command.test.ts',
  'test/client/url-credentials.test.ts',
  'test/conform/commands-exit.test.ts',
  'test/conform/conform-cli.test.ts',
  'test/conform/profile-command.test.ts',
  'test/conform/replay-lines.test.ts',
  'test/conform/unreachable-target.test.ts',
  'test/contracts/pact-verify.test.ts',
  'test/docs/ci-example.test.ts',
  'test/docs/simulator-curls.test.ts',
  'test/fuzz/fuzz-cli.test.ts',
  'test/prism/proxy-command.test.ts',
  'test/record/console-save-suite.test.ts',
  'test/record/record-cli.test.ts',
  'test/scenarios/broken-target.test.ts',
  'test/scenarios/scenario-files.test.ts',
  'test/simulator/memory-budget.test.ts',
  'test/simulator/redis-store.test.ts',
  'test/simulator/shared-simulator.test.ts',
  'test/simulator/simulate-command.test.ts',
  'test/simulator/state-file.test.ts',
  'test/simulator/tenants.test.ts',
  'test/simulator/time-limits.test.ts',
  'test/ux/cli-polish.test.ts',
  'test/ux/console-browser.test.ts',
  'test/ux/hostile-deployment-text.test.ts',
  'test/ux/html-report.test.ts',
  'test/ux/run-deadline.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps its modules from one test file to the next instead of importing the project
    // again for each (no test mocks a module; the one stubbed variable is restored where it is set).
    isolate: false,
    // `npm run test:coverage`: the project's own TypeScript run in the test processes (the built
    // command that system tests start in child processes is not counted), summed by folder.
    coverage: {
      provider: 'v8',
      include: ['**/*.ts'],
      exclude: ['test/**', 'bench/**', 'scripts/**', 'spec/generated/**', 'dist/**', '*.config.ts'],
      reporter: ['json-summary'],
      reportOnFailure: true,
    },
    // The tiers run one after the other (groupOrder). Vitest's default is one worker per core but one,
    // a single worker on two cores; the integration and system tests mostly wait on sockets and child
    // processes, so more of their files run at once than there are cores.
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, sequence: { groupOrder: 0 }, maxWorkers: 2 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...UNIT, ...SYSTEM],
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
      { extends: true, test: { name: 'system', include: SYSTEM, sequence: { groupOrder: 2 }, maxWorkers: 2 } },
    ],
  },
});
