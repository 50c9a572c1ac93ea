import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_FILE_NAME, PACTS_DIR } from '../../../contracts/pact/pact-files.ts';
import { formatInteractionResult, verifyPacts } from '../../../contracts/pact/verify-pacts.ts';
import { startSimulator } from '../../../simulator/index.ts';

const BROKER_TOKEN = 'broker-token-do-not-print-0123456789';

interface BrokerCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/**
 * The few HAL resources of a Pact Broker that provider verification walks: the index, the pacts for
 * verification (serving the committed pact), the provider's branch versions and the results.
 */
function startFakeBroker(calls: BrokerCall[]): Promise<{ server: Server; url: string }> {
  const pact = JSON.parse(readFileSync(join(PACTS_DIR, PACT_FILE_NAME), 'utf8')) as Record<string, unknown>;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      calls.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const forVerification = `${base}/pacts/provider/gas-ordering-platform/for-verification`;
      const resources: Record<string, unknown> = {
        '/': {
          _links: {
            'pb:provider-pacts-for-verification': {
              href: `${base}/pacts/provider/{provider}/for-verification`,
              templated: true,
            },
          },
        },
        '/pacts/provider/gas-ordering-platform/for-verification': {
          _links: { self: { href: forVerification } },
          _embedded: {
            pacts: [
              {
                shortDescription: 'latest from main',
                verificationProperties: { pending: false, notices: [] },
                _links: { self: { href: `${base}/pacts/latest` } },
              },
            ],
          },
        },
        '/pacts/latest': {
          ...pact,
          _links: {
            'pb:publish-verification-results': { href: `${base}/results` },
            'pb:provider': { href: `${base}/provider` },
          },
        },
        '/provider': {
          _links: { 'pb:branch-version': { href: `${base}/branches/{branch}/versions/{version}`, templated: true } },
        },
      };
      res.writeHead(req.method === 'GET' || path.endsWith('/for-verification') ? 200 : 201, {
        'content-type': 'application/hal+json',
      });
      res.end(JSON.stringify(resources[path] ?? {}));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let simulator: { url: string; close(): Promise<void> };
beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await simulator.close();
});

describe('verification with a Pact Broker', () => {
  it('fetches the pacts from the broker with its token, and publishes the results for the provider version and branch', async () => {
    const calls: BrokerCall[] = [];
    const broker = await startFakeBroker(calls);
    try {
      const report = await verifyPacts({
        target: simulator.url,
        broker: { url: broker.url, token: BROKER_TOKEN, providerVersion: '1.2.3', branch: 'main', publish: true },
      });
      expect(report.results.filter((r) => !r.passed).map(formatInteractionResult)).toEqual([]);
      expect(report.passed).toBe(true);
      expect(report.results).toHaveLength(
        (JSON.parse(readFileSync(join(PACTS_DIR, PACT_FILE_NAME), 'utf8')) as { interactions: unknown[] }).interactions
          .length,
      );
      expect(calls.every((c) => c.authorization === `Bearer ${BROKER_TOKEN}`)).toBe(true);
      const selection = JSON.parse(
        calls.find((c) => c.method === 'POST' && c.path.endsWith('/for-verification'))?.body ?? '{}',
      ) as Record<string, unknown>;
      expect(selection).toMatchObject({
        providerVersionBranch: 'main',
        consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }, { matchingBranch: true }],
      });
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('PUT /branches/main/versions/1.2.3');
      const published = JSON.parse(calls.find((c) => c.path === '/results')?.body ?? '{}') as Record<string, unknown>;
      expect(published).toMatchObject({ providerApplicationVersion: '1.2.3', success: true });
      expect(JSON.stringify(report)).not.toContain(BROKER_TOKEN);
    } finally {
      await new Promise((resolve) => broker.server.close(resolve));
    }
  }, 60_000);

  it('does not publish without --publish', async () => {
    const calls: BrokerCall[] = [];
    const broker = await startFakeBroker(calls);
    try {
      const report = await verifyPacts({
        target: simulator.url,
        broker: { url: broker.url, token: BROKER_TOKEN, providerVersion: '1.2.3' },
      });
      expect(report.passed).toBe(true);
      expect(calls.some((c) => c.path === '/results')).toBe(false);
    } finally {
      await new Promise((resolve) => broker.server.close(resolve));
    }
  }, 60_000);
});
