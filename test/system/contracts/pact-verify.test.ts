import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPactFiles } from '../../../contracts/pact/pact-files.ts';
import { formatInteractionResult, verifyPacts } from '../../../contracts/pact/verify-pacts.ts';
import { startSimulator } from '../../../simulator/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';
import { createAdminClient } from '../../../client/index.ts';
import { DEV_API_KEY } from '../../../contract/index.ts';
import { startBrokenTarget } from '../../support/broken-target.ts';
import { startProxy, type RunningProxy } from '../../support/proxy.ts';
import { runCli } from '../../support/cli.ts';

/** A verification replays every interaction (a few seconds); under a loaded CI runner it takes longer. */
const VERIFY_TIMEOUT_MS = 60_000;
const interactionCount = readPactFiles().reduce((n, { pact }) => n + pact.interactions.length, 0);

let simulator: { url: string; close(): Promise<void> };
beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await simulator.close();
});

/**
 * A target that leaks the caller's credentials into a field the pacts check: the product read's
 * `data.enabled` (a boolean) carries the Authorization header, so Pact's mismatch quotes it.
 */
function startLeakingTarget(upstream: string): Promise<RunningProxy> {
  return startProxy(upstream, async (request, forward) => {
    const answer = await forward();
    if (!request.path.startsWith('/v1/products/') || answer.status !== 200) return answer;
    const product = JSON.parse(answer.body?.toString('utf8') ?? '{}') as { data?: Record<string, unknown> };
    if (!product.data) return answer;
    return {
      ...answer,
      body: JSON.stringify({ data: { ...product.data, enabled: request.headers.authorization ?? '' } }),
    };
  });
}

/** Runs `gas-harness contracts verify` and returns its exit code and console output. */
async function verifyCommand(args: string[]): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runCli(['contracts', 'verify', ...args]);
  return { code, output: stdout + stderr };
}

describe('verification of the committed pacts', () => {
  it(
    'passes every interaction against the simulator, in a tenant of its own',
    async () => {
      // Poison the default tenant: a run that reached it instead of its own tenant would get 500s.
      const admin = createAdminClient({ baseUrl: simulator.url });
      await admin.putFaults({ rules: [{ operationId: '*', status: 500 }] });
      try {
        const report = await verifyPacts({ target: simulator.url });
        expect(report.results.filter((r) => !r.passed).map(formatInteractionResult)).toEqual([]);
        expect(report.results).toHaveLength(interactionCount);
        expect(report.passed).toBe(true);
        expect(report.tenant).toMatch(/^run-/);
        const contract = await loadContract();
        expect(new Set(report.results.map((r) => r.operationId))).toEqual(
          new Set(contract.operations.map((op) => op.id)),
        );
      } finally {
        await admin.clearFaults();
      }
    },
    VERIFY_TIMEOUT_MS,
  );

  it(
    'fails against a target that answers one operation wrongly, and names that operation',
    async () => {
      const broken = await startBrokenTarget({
        upstream: simulator.url,
        operationId: 'getProduct',
        defect: 'serverError',
      });
      try {
        const report = await verifyPacts({ target: broken.url });
        expect(report.passed).toBe(false);
        const failed = report.results.filter((r) => !r.passed);
        expect(failed.length).toBeGreaterThan(0);
        expect(new Set(failed.map((r) => r.operationId))).toEqual(new Set(['getProduct']));
        for (const result of failed) expect(formatInteractionResult(result)).toMatch(/^FAIL {2}getProduct {2}.*500/);
        expect(report.results.filter((r) => r.passed)).toHaveLength(interactionCount - failed.length);
      } finally {
        await broken.close();
      }
    },
    VERIFY_TIMEOUT_MS,
  );

  it(
    "fails, quoting the secrets sentence, an interaction whose answer carries the caller's token where the pact does not look",
    async () => {
      // echoToken adds the Authorization header beside the product's data: Pact's matching ignores the extra key.
      const broken = await startBrokenTarget({
        upstream: simulator.url,
        operationId: 'getProduct',
        defect: 'echoToken',
      });
      try {
        const report = await verifyPacts({ target: broken.url });
        expect(report.passed).toBe(false);
        const failed = report.results.filter((r) => !r.passed);
        expect(new Set(failed.map((r) => r.operationId))).toEqual(new Set(['getProduct']));
        const read = failed.find((r) => r.description === 'a request to read a product');
        expect(read?.exposedSecret).toMatch(
          /^the 200 answer to GET \/v1\/products\/\S+ carries the run's token or key in body/,
        );
        expect(formatInteractionResult(read ?? failed[0]!)).toContain(
          'documented: "The token must not be exposed in public code, logs or API responses." (Authentication, rule 5)',
        );
        // The interaction sent without credentials has nothing to expose.
        expect(
          report.results.find((r) => r.description === 'a request to read a product without credentials'),
        ).toMatchObject({ passed: true });
        expect(JSON.stringify(report)).not.toMatch(/eyJ[\w-]+\.eyJ/);
      } finally {
        await broken.close();
      }
    },
    VERIFY_TIMEOUT_MS,
  );

  it(
    'exits 1 on a failure and never shows the token or the API key, even when the target leaks them',
    async () => {
      const { accessToken: token } = await createAdminClient({ baseUrl: simulator.url }).mintToken({
        scopes: ALL_SCOPES,
      });
      const broken = await startLeakingTarget(simulator.url);
      try {
        const { code, output } = await verifyCommand(['--target', broken.url, '--token', token]);
        expect(code).toBe(1);
        expect(output).toMatch(/^FAIL {2}getProduct {2}a request to read a product: .*enabled.*Bearer <redacted>/m);
        expect(output).not.toContain(token);
        expect(output).not.toContain(token.split('.')[2]);
        expect(output).not.toContain(DEV_API_KEY);
        expect(output).toMatch(/\d+ passed, [1-9]\d* failed/);
      } finally {
        await broken.close();
      }
    },
    VERIFY_TIMEOUT_MS,
  );

  it(
    'starts a simulator in-process when no target is given, and prints one line per interaction',
    async () => {
      const { code, output } = await verifyCommand([]);
      expect(code, output).toBe(0);
      const lines = output.split('\n').filter((line) => /^(PASS|FAIL) {2}/.test(line));
      expect(lines).toHaveLength(interactionCount);
      expect(lines.every((line) => line.startsWith('PASS'))).toBe(true);
      expect(output).toContain(`${interactionCount} interactions verified against the in-process simulator`);
    },
    VERIFY_TIMEOUT_MS,
  );
});
