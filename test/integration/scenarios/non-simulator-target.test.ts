import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios } from '../../../scenarios/index.ts';

// A deployment that is not a simulator: it refuses every request but the reads a run tries its token on
// before it starts (which find nothing), and remembers what it was sent.
const authorizations: string[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? '');
    req.resume();
    if (req.method === 'GET' && /^\/v1\/(products\/[^/]+|users\/[^/]+\/profile)$/.test(req.url ?? ''))
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    else res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('scenarios run against a target that is not a simulator', () => {
  it('skips, naming the profile key, suites whose fixtures and steps whose tokens the run lacks', async () => {
    const report = await runScenarios({ target: url, token: 'deployment-token-0123456789' });
    const bySuite = new Map(report.suites.map((s) => [s.file.split('/').pop(), s]));
    expect(bySuite.get('get-product.yaml')).toMatchObject({
      outcome: 'skipped',
      skipReason: expect.stringContaining('needs fixtures.productId in the target profile'),
    });
    const merchant = bySuite.get('upsert-merchant.yaml');
    expect(
      merchant?.steps.find((s) => s.name === 'answers 403 to a token without the payments:write scope'),
    ).toMatchObject({
      outcome: 'skipped',
      skipReason: 'needs credentials.tokenWithoutPermission in the target profile',
    });
    // A set-up through the platform's own operations that the target refuses fails the suite, saying so.
    expect(bySuite.get('event-intake.yaml')).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/answered 401/),
    });
    expect(merchant?.steps.find((s) => s.name === 'creates a merchant')).toMatchObject({
      outcome: 'failed',
      status: 401,
    });
    expect(report.passed).toBe(false);
    expect(authorizations).toContain('Bearer deployment-token-0123456789');
    expect(JSON.stringify(report)).not.toContain('deployment-token-0123456789');
  });

  it('does not pass when every suite was skipped: nothing was checked', async () => {
    const report = await runScenarios({ target: url, token: 'deployment-token-0123456789', filter: 'getProduct' });
    expect(report.suites.map((s) => s.outcome)).toEqual(['skipped']);
    expect(report.coverage).toMatchObject({
      ran: 0,
      skipped: [
        { reason: 'needs fixtures.productId in the target profile (provider state "a product {productId} exists")' },
      ],
    });
    expect(report.passed).toBe(false);
  });

  it('refuses to run without a token, saying how to give one', async () => {
    await expect(runScenarios({ target: url, filter: 'upsert-merchant' })).rejects.toThrow(
      /is not a gas-harness simulator: give a bearer token with --token, --token-command or credentials.token/,
    );
  });

  it('sends the token a token command prints', async () => {
    authorizations.length = 0;
    await runScenarios({ target: url, tokenCommand: 'echo command-token-0123456789', filter: 'upsert-customer' });
    expect(authorizations).toContain('Bearer command-token-0123456789');
  });
});
