/**
 * `profile check --online` against a deployment that hides `/__sim`: a complete profile's entries
 * all agree with it; a refused token, a token that has not expired, a product and a provider that do
 * not exist and a user token bound to someone else are each named as wrong, with the answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProfileOnline, type TargetProfile } from '../../../target/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { deploymentProfile } from '../../support/deployment-profile.ts';
import { startHiddenAdminDeployment, type Deployment } from '../../support/hidden-admin-deployment.ts';

let simulator: RunningSimulator;
let deployment: Deployment;
let profile: TargetProfile;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startHiddenAdminDeployment(simulator.url);
  profile = await deploymentProfile(simulator.url, deployment.url, { deletableAreas: 1 });
});

afterAll(async () => {
  await deployment?.close();
  await simulator?.close();
});

describe('profile check --online', () => {
  it('finds every credential, binding and readable fixture of a complete profile right, naming what it cannot check', async () => {
    const checks = await checkProfileOnline(profile);
    expect(checks.filter((c) => c.status === 'wrong')).toEqual([]);
    const keys = checks.map((c) => c.key);
    for (const key of [
      'credentials.token',
      'credentials.tokenWithoutPermission',
      'credentials.expiredToken',
      'credentials.bound.userId.token',
      'credentials.bound.userId.otherToken',
      'fixtures.productId',
      'fixtures.merchantProviderId',
    ])
      expect(keys).toContain(key);
    expect(checks.find((c) => c.key === 'fixtures.coverageAreaId')).toMatchObject({ status: 'unchecked' });
  });

  it('names each wrong entry with what the deployment answered, never a token', async () => {
    const credentials = profile.credentials ?? {};
    const bound = credentials.bound ?? {};
    const wrong: TargetProfile = {
      ...profile,
      credentials: {
        ...credentials,
        token: { value: 'not-a-token' },
        expiredToken: credentials.token,
        bound: {
          ...bound,
          ...(bound.userId ? { userId: { ...bound.userId, token: bound.userId.otherToken ?? { value: '' } } } : {}),
        },
      },
      fixtures: { ...profile.fixtures, productId: randomUUID() },
    };
    const checks = await checkProfileOnline(wrong);
    const byKey = new Map(checks.map((c) => [c.key, c]));
    expect(byKey.get('credentials.token')).toMatchObject({ status: 'wrong' });
    expect(byKey.get('credentials.token')?.detail).toMatch(/answered 401.*the deployment refuses it/);
    expect(byKey.get('credentials.expiredToken')?.detail).toContain('the deployment accepts it: it must have expired');
    expect(byKey.get('credentials.bound.userId.token')?.detail).toMatch(
      /answered 403.*not bound to credentials\.bound\.userId\.id/,
    );
    expect(JSON.stringify(checks)).not.toContain('not-a-token');
    const withGoodToken = await checkProfileOnline({
      ...wrong,
      credentials: { ...wrong.credentials, token: credentials.token },
    });
    expect(withGoodToken.find((c) => c.key === 'fixtures.productId')).toMatchObject({ status: 'wrong' });
    expect(withGoodToken.find((c) => c.key === 'fixtures.productId')?.detail).toMatch(/answered 404.*no such product/);
  });
});
