/**
 * `profile check --online`: each credential, binding and fixture of a profile tried against its
 * deployment with one request that changes nothing (a read, the counter with an empty body, a
 * provider update with an empty body), saying which entry is wrong and what the deployment answered.
 * Entries no request can check without changing the deployment are named as not checked.
 */
import { randomUUID } from 'node:crypto';
import { COUNTER_PATH, describeProbe, sendProbe, type CredentialProbe, type ProbeAnswer } from './credential-check.ts';
import { credentialSecrets, resolveCredentials } from './credentials.ts';
import { checkTarget } from './target-check.ts';
import type { TargetProfile } from './target-profile.ts';
import { DEFAULT_TIMEOUT_MS } from '../client/index.ts';

export interface EntryCheck {
  /** The profile key: `credentials.token`, `fixtures.productId`. */
  key: string;
  /** ok: the deployment agrees; wrong: it does not; unchecked: no harmless request can tell. */
  status: 'ok' | 'wrong' | 'unchecked';
  /** What was sent and answered, or why it was not checked. */
  detail: string;
}

const status = (answer: ProbeAnswer) => ('status' in answer ? answer.status : undefined);

/** Checks every entry of the profile against its target; throws TargetUsageError when a credential cannot be read or the target is down. */
export async function checkProfileOnline(profile: TargetProfile): Promise<EntryCheck[]> {
  const url = await checkTarget(profile.target);
  const timeoutMs = profile.timeoutSeconds !== undefined ? profile.timeoutSeconds * 1000 : DEFAULT_TIMEOUT_MS;
  const credentials = resolveCredentials({}, profile);
  const secrets = credentialSecrets(credentials);
  const fixtures = profile.fixtures ?? {};
  const checks: EntryCheck[] = [];
  const probe = async (
    key: string,
    request: CredentialProbe,
    judge: (code: number | undefined) => string | undefined,
  ): Promise<void> => {
    const answer = await sendProbe(url, request, timeoutMs);
    const wrong = judge(status(answer));
    checks.push({
      key,
      status: wrong ? 'wrong' : 'ok',
      detail: `${describeProbe(request, answer, secrets)}${wrong ? `: ${wrong}` : ''}`,
    });
  };
  const bearer = (token: string) => `Bearer ${token}`;
  const product = `/v1/products/${fixtures.productId ?? randomUUID()}`;
  const aProfile = `/v1/users/${randomUUID()}/profile`;
  const refused = (code: number | undefined) => (code === 401 ? 'the deployment refuses it' : undefined);

  if (credentials.token) {
    const token = credentials.token;
    await probe('credentials.token', { method: 'GET', path: product, authorization: bearer(token) }, (code) =>
      code === 401
        ? 'the deployment refuses it'
        : code === 403
          ? 'it lacks a permission (the main token must have every one)'
          : undefined,
    );
    if (fixtures.productId)
      await probe('fixtures.productId', { method: 'GET', path: product, authorization: bearer(token) }, (code) =>
        code !== undefined && code >= 200 && code < 300 ? undefined : 'no such product can be read',
      );
    for (const key of ['merchantProviderId', 'otherMerchantProviderId'] as const) {
      const id = fixtures[key];
      if (!id || !fixtures.merchantId) continue;
      // Every field of the update is optional: an empty body changes nothing.
      await probe(
        `fixtures.${key}`,
        {
          method: 'PUT',
          path: `/v1/merchants/${fixtures.merchantId}/providers/${id}`,
          authorization: bearer(token),
          body: {},
        },
        (code) =>
          code === 404
            ? `no such provider of fixtures.merchantId ${fixtures.merchantId}`
            : code !== undefined && code >= 400
              ? 'the update was refused'
              : undefined,
      );
    }
  }
  if (credentials.tokenWithoutPermission)
    await probe(
      'credentials.tokenWithoutPermission',
      { method: 'GET', path: aProfile, authorization: bearer(credentials.tokenWithoutPermission) },
      (code) => (code === 401 ? 'the deployment refuses it: it must be valid, only without permissions' : undefined),
    );
  if (credentials.expiredToken)
    await probe(
      'credentials.expiredToken',
      { method: 'GET', path: product, authorization: bearer(credentials.expiredToken) },
      (code) => (code === 401 ? undefined : 'the deployment accepts it: it must have expired'),
    );
  if (credentials.apiKey)
    await probe(
      'credentials.apiKey',
      { method: 'POST', path: COUNTER_PATH, authorization: credentials.apiKey, body: {} },
      refused,
    );
  for (const [param, bound] of Object.entries(credentials.bound)) {
    if (!bound) continue;
    // A user's token reads that user's profile; another's must not.
    const path = param === 'userId' ? `/v1/users/${bound.id}/profile` : aProfile;
    await probe(
      `credentials.bound.${param}.token`,
      { method: 'GET', path, authorization: bearer(bound.token) },
      (code) =>
        code === 401
          ? 'the deployment refuses it'
          : param === 'userId' && code === 403
            ? `it is not bound to credentials.bound.userId.id ${bound.id}`
            : undefined,
    );
    if (bound.otherToken)
      await probe(
        `credentials.bound.${param}.otherToken`,
        { method: 'GET', path, authorization: bearer(bound.otherToken) },
        (code) =>
          code === 401
            ? 'the deployment refuses it'
            : param === 'userId' && code !== undefined && code < 300
              ? `it reads the profile of ${bound.id}: it must be bound to another user`
              : undefined,
      );
  }
  const unreadable = ['dealerId', 'coverageAreaId', 'deletableCoverageAreaIds', 'categoryId'] as const;
  for (const key of unreadable)
    if ((fixtures as Record<string, unknown>)[key] !== undefined)
      checks.push({
        key: `fixtures.${key}`,
        status: 'unchecked',
        detail: 'not checked: the API has no read of it, and a write would change it (a run names it if it is wrong)',
      });
  return checks;
}
