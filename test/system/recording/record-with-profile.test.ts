/**
 * A QA session recorded against a deployment that is not the simulator, through `record --target URL
 * --profile FILE`, replays green against the same deployment with `scenarios run --profile FILE`. The
 * deployment's tokens are opaque (no claims a recorder could read): each credential is written as the
 * role the profile gives its value, and one the profile does not hold as a placeholder with a warning.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { createAdminClient } from '../../../client/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { DEV_API_KEY, type SuiteSpec } from '../../../contract/index.ts';
import { ALL_SCOPES } from '../../support/sim-harness.ts';
import { runCli, startCli, type CliProcess } from '../../support/cli.ts';
import { jsonAnswer, startProxy, type RunningProxy } from '../../support/proxy.ts';

const dir = mkdtempSync(join(tmpdir(), 'record-profile-'));
const children: CliProcess[] = [];
let simulator: RunningSimulator;
let deployment: RunningProxy;
const consumerId = randomUUID();
/** The deployment's own credentials: opaque values its gateway maps to the simulator's tokens. */
const opaque = {
  token: `staging-full-${randomUUID()}`,
  tokenWithoutPermission: `staging-readonly-${randomUUID()}`,
  expiredToken: `staging-expired-${randomUUID()}`,
  apiKey: `staging-counter-key-${randomUUID()}`,
  consumer: `staging-consumer-${randomUUID()}`,
  otherConsumer: `staging-other-consumer-${randomUUID()}`,
  colleague: `staging-colleague-${randomUUID()}`,
};
let productId = '';
let categoryId = '';

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  const admin = createAdminClient({ baseUrl: simulator.url });
  const mint = async (claims: Record<string, unknown>) =>
    (await admin.mintToken({ scopes: ALL_SCOPES, ...claims })).accessToken;
  const gateway = new Map<string, string>([
    [`Bearer ${opaque.token}`, `Bearer ${await mint({})}`],
    [`Bearer ${opaque.tokenWithoutPermission}`, `Bearer ${await mint({ scopes: [] })}`],
    [`Bearer ${opaque.expiredToken}`, `Bearer ${await mint({ expiresInSeconds: -120 })}`],
    [opaque.apiKey, DEV_API_KEY],
    [`Bearer ${opaque.consumer}`, `Bearer ${await mint({ consumerId })}`],
    [`Bearer ${opaque.otherConsumer}`, `Bearer ${await mint({ consumerId: randomUUID() })}`],
    [`Bearer ${opaque.colleague}`, `Bearer ${await mint({})}`],
  ]);
  const { collections } = await admin.getState();
  productId = (collections.products as { id: string }[])[0]?.id ?? '';
  categoryId = (collections.categories as { id: string }[])[0]?.id ?? '';
  // A gateway in front of the platform: opaque credentials in, the platform's own tokens behind, no /__sim.
  deployment = await startProxy(simulator.url, async (sent, forward) => {
    if (sent.path.startsWith('/__sim')) return jsonAnswer(404, { message: 'No route.' });
    const mapped = gateway.get(sent.headers.authorization ?? '');
    if (mapped) sent.headers.authorization = mapped;
    return forward();
  });
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await deployment.close();
  await simulator.close();
});

function writeProfile(file: string): void {
  const value = (v: string) => ({ value: v });
  writeFileSync(
    file,
    stringify({
      target: deployment.url,
      credentials: {
        token: value(opaque.token),
        tokenWithoutPermission: value(opaque.tokenWithoutPermission),
        expiredToken: value(opaque.expiredToken),
        apiKey: value(opaque.apiKey),
        bound: {
          consumerId: { id: consumerId, token: value(opaque.consumer), otherToken: value(opaque.otherConsumer) },
        },
      },
      fixtures: { productId, categoryId },
    }),
  );
}

/** The QA engineer's session, sent through the recorder: every role once, and a colleague's token. */
async function runSession(recorder: string): Promise<number[]> {
  const send = async (method: 'GET' | 'PUT' | 'POST', path: string, authorization: string, body?: unknown) => {
    const answer = await request(`${recorder}${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await answer.body.dump();
    return answer.statusCode;
  };
  const bearer = (token: string) => `Bearer ${token}`;
  const address = { zip: '01001-000', number: '12', street: 'Rua A', city: 'São Paulo', state: 'SP', country: 'BR' };
  return [
    await send('GET', `/v1/products/${productId}`, bearer(opaque.token)),
    await send('PUT', `/v1/consumers/${randomUUID()}/addresses`, bearer(opaque.token), address),
    await send('PUT', `/v1/categories/${categoryId}`, bearer(opaque.tokenWithoutPermission), { name: 'Cylinders' }),
    await send('GET', `/v1/products/${productId}`, bearer(opaque.expiredToken)),
    await send('POST', '/v1/consumers/orders/counter', opaque.apiKey, { consumerId, orderId: randomUUID() }),
    await send('PUT', `/v1/consumers/${consumerId}/addresses`, bearer(opaque.consumer), address),
    await send('PUT', `/v1/consumers/${consumerId}/addresses`, bearer(opaque.otherConsumer), address),
    await send('GET', `/v1/products/${productId}`, bearer(opaque.colleague)),
  ];
}

describe('record --target URL --profile FILE against a deployment', () => {
  it('writes each credential as its profile role and replays green against the deployment', async () => {
    const profile = join(dir, 'staging.yaml');
    writeProfile(profile);
    const out = join(dir, 'session.yaml');
    const recorder = startCli(['record', '--profile', profile, '--port', '0', '--out', out]);
    children.push(recorder);
    const url = await recorder.waitFor(() => /^(\S+)\n/.exec(recorder.stdout())?.[1], 'the recorder to print its URL');
    const statuses = await runSession(url);
    expect(statuses).toEqual([200, 200, 403, 401, expect.any(Number), 200, 403, 200]);
    recorder.child.kill('SIGTERM');
    expect(await recorder.exited).toBe(0);

    const stderr = recorder.stderr();
    expect(stderr).toContain(
      `warning: GET /v1/products/${productId} carries a credential the profile does not hold; the suite names it {{env.GAS_RECORDED_CREDENTIAL_1}}`,
    );
    expect(stderr.match(/warning:/g)).toHaveLength(1);
    const text = readFileSync(out, 'utf8');
    for (const secret of Object.values(opaque)) {
      expect(text).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
    const steps = (parse(text) as SuiteSpec).steps;
    expect(steps.map((s) => s.request.auth ?? s.request.headers?.Authorization ?? 'default')).toEqual([
      'default',
      'default',
      { scopes: [] },
      { claims: { expiresInSeconds: -60 } },
      'default',
      { claims: { consumerId } },
      { claims: { consumerId: '{{uuid}}' } },
      'Bearer {{env.GAS_RECORDED_CREDENTIAL_1}}',
    ]);

    const replay = await runCli(['scenarios', 'run', out, '--profile', profile], {
      GAS_RECORDED_CREDENTIAL_1: opaque.colleague,
    });
    expect(replay.stdout).toContain('broken rules: 0 documented (FAILURE), 0 assumed (DIVERGENCE)');
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('steps: 8 passed, 0 failed, 0 skipped');
  });

  it('fails the replayed step that needs a placeholder left unset, naming the variable', async () => {
    const profile = join(dir, 'unset.yaml');
    writeProfile(profile);
    const out = join(dir, 'colleague.yaml');
    const recorder = startCli(['record', '--profile', profile, '--port', '0', '--out', out]);
    children.push(recorder);
    const url = await recorder.waitFor(() => /^(\S+)\n/.exec(recorder.stdout())?.[1], 'the recorder to print its URL');
    const answer = await request(`${url}/v1/products/${productId}`, {
      headers: { authorization: `Bearer ${opaque.colleague}` },
    });
    await answer.body.dump();
    recorder.child.kill('SIGTERM');
    expect(await recorder.exited).toBe(0);
    const replay = await runCli(['scenarios', 'run', out, '--profile', profile]);
    expect(replay.code).toBe(1);
    expect(replay.stdout + replay.stderr).toContain('GAS_RECORDED_CREDENTIAL_1');
  });
});
