/** Secrets are defined once: the spec's `x-secret` markers, which the redaction's list must follow. */
import { describe, expect, it } from 'vitest';
import { redactJsonText, redactSecrets, redactValue, REDACTED } from '../../../report/index.ts';
import {
  adminDocument,
  isSecretField,
  loadContract,
  SECRET_FIELDS,
  SECRET_HEADERS,
  secretMarkersOf,
} from '../../../contract/index.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXZhbHVl';

describe('secret fields', () => {
  it('are the properties and security schemes the two documents mark x-secret', async () => {
    const platform = secretMarkersOf((await loadContract()).raw);
    const admin = secretMarkersOf(adminDocument() as unknown as Record<string, unknown>);
    expect(platform.headers).toEqual(['authorization']);
    expect(admin.headers).toEqual(['x-sim-admin-key']);
    expect([...new Set([...platform.fields, ...admin.fields])].sort()).toEqual([...SECRET_FIELDS].sort());
    expect([...platform.headers, ...admin.headers].sort()).toEqual([...SECRET_HEADERS].sort());
  });

  it('cover the names a free-form message uses for secrets, and not ordinary fields', () => {
    for (const name of [
      'tokenPush',
      'credentials',
      'Authorization',
      'access_token',
      'pushToken',
      'dbPassword',
      'client-secret',
      'X-Api-Key',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['name', 'email', 'idMensagem', 'merchantId', 'priority', 'deviceId'])
      expect(isSecretField(name), name).toBe(false);
  });
});

describe('redaction', () => {
  it('redacts a secret field whatever its type, keeps flags and the keys of an object', () => {
    const value = {
      credentials: 'x',
      other: { credentials: 12345678 },
      list: [{ tokenPush: ['a'] }],
      auth: { clientSecret: { deep: 'y' } },
      passwordChangePending: true,
      card: { credentials: { type: 'cielo', sellerId: 's' } },
    };
    expect(redactValue(value)).toEqual({
      credentials: REDACTED,
      other: { credentials: REDACTED },
      list: [{ tokenPush: REDACTED }],
      auth: { clientSecret: { deep: REDACTED } },
      passwordChangePending: true,
      card: { credentials: { type: REDACTED, sellerId: REDACTED } },
    });
  });

  it('redacts JWT-shaped values and known secrets inside any string, at any depth', () => {
    expect(redactValue({ a: [{ b: `token ${JWT} here` }], c: 'key-0123456789 in text' }, ['key-0123456789'])).toEqual({
      a: [{ b: `token ${REDACTED} here` }],
      c: `${REDACTED} in text`,
    });
    expect(redactSecrets(`curl -H 'authorization: bearer abc.def' /v1/x/${JWT}`, [])).not.toMatch(/abc\.def|eyJ/);
  });

  it('keeps JSON text valid while removing secrets from it, escaped ones included', () => {
    const secret = 'se"cret\\value';
    const text = JSON.stringify({ a: secret, b: JWT, c: 'fine' });
    expect(JSON.parse(redactJsonText(text, [secret]))).toEqual({ a: REDACTED, b: REDACTED, c: 'fine' });
  });
});
