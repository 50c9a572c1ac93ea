/**
 * The suite in three tiers (vitest projects), each a folder of test/, run together by `npm test`:
 * - test/unit: no sockets, no child processes (the contract, rules, redaction, checks, handlers through `inject`);
 * - test/integration: checkers against in-process simulators on port 0;
 * - test/system: the built CLI as a process, several processes on one Redis, Chromium, memory budgets, `npm pack`.
 * Inside each tier, a test sits in the folder of the source folder it tests.
 * `npm run test:unit` and `npm run test:integration` run one tier each for the edit loop.
 */
import { defineConfig } from 'vitest/config';

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
      exclude: ['test/**', 'bench/**', 'scripts/**', 'contract/generated/**', 'dist/**', '*.config.ts'],
      reporter: ['json-summary'],
      reportOnFailure: true,
    },
    // The tiers run one after the other (groupOrder). Vitest's default is one worker per core but one,
    // a single worker on two cores; the integration and system tests mostly wait on sockets and child
    // processes, so more of their files run at once than there are cores.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 }, maxWorkers: 2 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: { name: 'system', include: ['test/system/**/*.test.ts'], sequence: { groupOrder: 2 }, maxWorkers: 2 },
      },
    ],
  },
});
