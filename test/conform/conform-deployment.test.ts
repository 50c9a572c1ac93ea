import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../../conform/index.ts';
import { readPactFiles } from '../../contracts/pact/pact-files.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import { send } from '../../target/index.ts';

const ALL_SCOPES = ['payments:write', 'customers:write', 'consumers:write', 'dealers:write', 'users:write', 'users:read', 'catalog:write', 'catalog:read', 'integration:write'];
let simulator: RunningSimulator;
let deployment: Server;
let url: string;

/** A stand-in for a real deployment: the simulator's API without its admin API. */
function startDeployment(upstream: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if ((req.url ?? '').startsWith('/__sim')) {
        res.writeHead(404).end();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
      send({ method: req.method ?? 'GET', url: `${upstream}${req.url ?? '/'}`, headers, ...(body !== undefined ? { body, raw: true } : {}) }).then((answer) => {
        const out: Record<string, string> = {};
        for (const name of ['content-type', 'www-authenticate']) if (answer.headers[name]) out[name] = answer.headers[name] ?? '';
        res.writeHead(answer.status, out).end(answer.text);
      }, (error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  deployment = await startDeployment(simulator.url);
  url = `http://127.0.0.1:${(deployment.address() as AddressInfo).port}`;
});
afterAll(async () => {
  deployment.closeAllConnections();
  await new Promise((resolve) => deployment.close(resolve));
  await simulator.close();
});

describe('conform against a target that is not a simulator', () => {
  it('verifies the interactions that need no provider state and skips the others, saying why', async () => {
    const minted = await send({ method: 'POST', url: `${simulator.url}/__sim/tokens`, body: { scopes: ALL_SCOPES, tenant: 'conform-deployment' } });
    const token = (minted.body as { accessToken: string }).accessToken;
    const report = await conform({ target: url, token, fuzzRuns: 2, seed: 3 });
    expect(report.simulator).toBe(false);
    const interactions = readPactFiles().flatMap(({ pact }) => pact.interactions);
    const stateless = interactions.filter((i) => !i.providerStates?.length).map((i) => i.description);
    const pact = report.rules.filter((r) => r.source === 'pact');
    expect(pact).toHaveLength(interactions.length);
    expect(pact.filter((r) => r.verdict !== 'skipped').map((r) => r.where).sort()).toEqual([...stateless].sort());
    for (const rule of pact.filter((r) => r.verdict === 'skipped')) expect(rule.skipReason).toMatch(/provider state .*--states-url/);
    expect(report.notices.some((n) => n.startsWith('pact: ') && n.includes('--states-url'))).toBe(true);
    // Scenario suites with provider states are skipped with the runner's reason, not failed.
    expect(report.rules.filter((r) => r.source === 'scenarios' && r.verdict === 'skipped').some((r) => /provider states/.test(r.skipReason ?? ''))).toBe(true);
    expect(report.rules.filter((r) => r.verdict === 'FAILURE')).toEqual([]);
  }, 60_000);
});
