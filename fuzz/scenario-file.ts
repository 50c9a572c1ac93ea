/**
 * Turns a shrunk failure into a scenario suite (the format of contract/scenario-schema.json) that
 * replays it: the provider states it needed, then each request with the statuses the contract
 * requires, so replaying it against the faulty target fails again and against a sound one passes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ExpectSpec, Operation, StepAuth, StepSpec, SuiteSpec } from '../contract/index.ts';
import { redactKnownSecrets } from '../report/index.ts';
import type { AuthVariant, FuzzCase, SentRequest } from './fuzz-case.ts';
import type { FuzzFailure } from './fuzz-report.ts';

/** A suite of the scenario format with the fuzzer's x- key: what failed, and how to find it again. */
export type ScenarioDocument = SuiteSpec & {
  'x-fuzz': {
    operationId: string;
    check: string;
    message: string;
    seed: number;
    path: string;
    runSeed: number;
    divergence: boolean;
  };
};

/** The `x-fuzz` key of a failure's scenario. */
export function fuzzKey({
  operationId,
  check,
  message,
  seed,
  path,
  runSeed,
  basis,
}: FuzzFailure): ScenarioDocument['x-fuzz'] {
  return { operationId, check, message, seed, path, runSeed, divergence: basis === 'assumed' };
}

/** Headers the runner sets itself (tenant, content type from mediaType, credentials from `auth`). */
const RUNNER_HEADERS = new Set(['x-sim-tenant', 'content-type', 'authorization']);

/** The `auth` of a step for an auth variant; undefined when the literal header must be written. */
function stepAuth(variant: AuthVariant, op: Operation): StepAuth | undefined {
  switch (variant) {
    case 'valid':
      return 'default';
    case 'no_token':
      return 'none';
    case 'expired':
      return { scopes: op.security.scopes, claims: { expiresInSeconds: -120 } };
    case 'missing_scope':
      return { scopes: [] };
    case 'api_key_for_bearer':
      return 'apiKey';
    case 'bearer_for_api_key':
      return { scopes: ['payments:write'] };
    default:
      return undefined;
  }
}

/** The scenario step of a request; `variant` says how it authenticated. */
export function scenarioStep(
  name: string,
  request: SentRequest,
  op: Operation,
  variant: AuthVariant,
  expect: ExpectSpec,
): StepSpec {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([k]) => !RUNNER_HEADERS.has(k.toLowerCase())),
  );
  const auth = stepAuth(variant, op);
  // Invalid credentials (malformed, badly signed, alg none, a wrong key) are no secret: they are written as sent.
  if (auth === undefined && request.headers.authorization) headers.authorization = request.headers.authorization;
  return {
    name,
    request: {
      method: request.method,
      path: request.path,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(request.rawBody !== undefined
        ? { rawBody: request.rawBody }
        : 'body' in request && request.body !== undefined
          ? { body: request.body }
          : {}),
      ...(request.mediaType ? { mediaType: request.mediaType } : {}),
      ...(auth && auth !== 'default' ? { auth } : auth === undefined ? { auth: 'none' as const } : {}),
    },
    expect,
  };
}

/** The statuses the contract requires for a case: success, a documented rejection, or the auth status. */
export function requiredStatuses(fuzzCase: FuzzCase, op: Operation): number[] {
  const documented = [...op.responses.keys()];
  if (fuzzCase.kind === 'positive') return documented.filter((s) => s >= 200 && s < 300);
  if (fuzzCase.kind === 'auth') return fuzzCase.expected;
  return documented.filter((s) => s >= 400 && s < 500 && s !== 401 && s !== 403);
}

/** A status expectation as a scenario writes it: one status, or the list. */
export function statusExpectation(statuses: number[]): number | number[] {
  return statuses.length === 1 ? (statuses[0] ?? 0) : statuses;
}

/** Writes the scenario under `dir` (created when needed); returns the file's path. */
export function writeScenarioFile(dir: string, scenario: ScenarioDocument, secrets: string[]): string {
  mkdirSync(dir, { recursive: true });
  const { operationId, check, divergence, seed } = scenario['x-fuzz'];
  const slug = `${operationId}-${check}${divergence ? '-divergence' : ''}-${seed}`.replace(/[^A-Za-z0-9_.-]+/g, '-');
  const file = join(dir, `${slug}.yaml`);
  const text = `# Written by gas-harness fuzz: replays a shrunk failure (gas-harness scenarios run ${file}).\n${stringify(scenario, { lineWidth: 0 })}`;
  // Only the run's real secrets are replaced: the invalid tokens of auth cases must stay as sent to replay them.
  writeFileSync(file, redactKnownSecrets(text, secrets));
  return file;
}
