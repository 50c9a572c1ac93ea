import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  buildRecordedSuite,
  credentialRoles,
  renderRecordedSuite,
  type RecordedExchange,
} from '../../../recording/index.ts';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
const PRODUCT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const DEALER = '5b1f2c3d-0000-4000-8000-000000000003';
const AREA = '5b1f2c3d-0000-4000-8000-000000000004';

/** A deployment's token: a JWT whose claims are its own (no `scope`), signed with a key the recorder never has. */
const deploymentJwt = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode('the-deployment-signing-key'));

const read = (authorization: string, status = 200): RecordedExchange => ({
  method: 'GET',
  path: `/v1/products/${PRODUCT}`,
  headers: { authorization },
  status,
});

describe("a recorded credential's role", () => {
  it("comes from the profile by value, whatever the token's claims say", async () => {
    // A simulator-like scope claim that would read as "no permission": the profile says it is the main token.
    const main = await deploymentJwt({ scope: '' });
    const bound = await deploymentJwt({ scope: 'dealers:write' });
    const roles = credentialRoles({
      token: main,
      apiKey: 'counter-key-0123456789',
      tokenWithoutPermission: 'readonly-0123456789',
      bound: { dealerId: { id: DEALER, token: bound } },
    });
    const suite = buildRecordedSuite(
      [
        read(`Bearer ${main}`),
        read('Bearer readonly-0123456789', 403),
        {
          method: 'DELETE',
          path: `/v1/dealers/${DEALER}/coverage-areas/${AREA}`,
          headers: { authorization: `Bearer ${bound}` },
          status: 204,
        },
        read('counter-key-0123456789', 401),
      ],
      contract,
      { source: 'a test', credentials: roles },
    );
    expect(suite.steps.map((s) => s.request.auth)).toEqual([
      undefined,
      { scopes: [] },
      { claims: { dealerId: DEALER } },
      'apiKey',
    ]);
  });

  it("is a placeholder, never the value nor `scopes: []`, for a deployment's token without a profile", async () => {
    const token = await deploymentJwt({ sub: 'qa-engineer', roles: ['admin'] });
    const heard: string[] = [];
    const roles = credentialRoles(undefined, (variable, where) => heard.push(`${variable} at ${where}`));
    const text = renderRecordedSuite([read(`Bearer ${token}`), read(`Bearer ${token}`)], contract, {
      source: 'a test',
      credentials: roles,
    });
    expect(text).not.toContain(token);
    expect(text).not.toContain('scopes');
    expect(text.match(/Authorization: Bearer \{\{env\.GAS_RECORDED_CREDENTIAL_1\}\}/g)).toHaveLength(2);
    expect(heard).toEqual([`GAS_RECORDED_CREDENTIAL_1 at GET /v1/products/${PRODUCT}`]);
  });

  it("still reads a simulator's token from its scope claim without a profile", async () => {
    const token = await deploymentJwt({ scope: 'catalog:read', tid: 't' });
    const suite = buildRecordedSuite([read(`Bearer ${token}`)], contract, {
      source: 'a test',
      credentials: credentialRoles(undefined),
    });
    expect(suite.steps[0]?.request.auth).toBeUndefined();
    expect(suite.steps[0]?.request.headers).toBeUndefined();
  });
});
