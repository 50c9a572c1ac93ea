/**
 * The client's errors quote a target's answer cut short, with the run's secrets redacted before
 * the cut: deployment states (200 characters), a states URL (300), the admin client (300). The
 * target here echoes a secret so that the cut falls inside it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, createStateProvisioner, newFixtureLedger, type ResolvedTarget } from '../../../target/index.ts';
import { createAdminClient, DEFAULT_MAX_ANSWER_BYTES } from '../../../client/index.ts';

const TOKEN = 'deploy-tok-0123456789abcdefXYZ';
const ADMIN_KEY = 'admin-key-9876543210fedcba';

let server: Server;
let url: string;

beforeAll(async () => {
  // Every answer is a 500 whose text puts the secret 10 characters before the cut of the site that reads it.
  server = createServer((req, res) => {
    const cut = req.url?.startsWith('/states') || req.url?.startsWith('/__sim') ? 300 : 200;
    const secret = req.url?.startsWith('/__sim') ? ADMIN_KEY : TOKEN;
    const echoed = req.url?.includes('base64') ? Buffer.from(secret).toString('base64') : secret;
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`${'e'.repeat(cut - 10)}${echoed} and more`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function deployment(statesUrl?: string): ResolvedTarget {
  return {
    url,
    simulator: false,
    credentials: { token: TOKEN, bound: {} },
    fixtures: {},
    ...(statesUrl ? { statesUrl } : {}),
    timeoutMs: 5_000,
    maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
    profiled: true,
    secrets: [TOKEN],
  };
}

async function failure(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('an error quoting a target answer', () => {
  it('keeps nothing of the token when a deployment state is refused', async () => {
    const provisioner = createStateProvisioner(connectTarget(deployment()), newFixtureLedger());
    const message = await failure(provisioner.setUp('a user {userId} exists', {}));
    expect(message).toMatch(/answered 500: e{190}<redac/);
    expect(message).not.toContain(TOKEN.slice(0, 6));
  });

  it('keeps nothing of the token, even base64-encoded, when the states URL refuses a state', async () => {
    for (const path of ['/states', '/states/base64']) {
      const provisioner = createStateProvisioner(connectTarget(deployment(`${url}${path}`)), newFixtureLedger());
      const message = await failure(provisioner.setUp('a product {productId} exists', { productId: 'p1' }));
      expect(message).toMatch(/refused \(status 500\): e{290}<redac/);
      expect(message).not.toContain(TOKEN.slice(0, 6));
      expect(message).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 8));
    }
  });

  it('keeps nothing of the admin key when the admin API refuses', async () => {
    const admin = createAdminClient({ baseUrl: url, adminKey: ADMIN_KEY });
    const message = await failure(admin.getHealth());
    expect(message).toMatch(/answered 500: e{290}<redac/);
    expect(message).not.toContain(ADMIN_KEY.slice(0, 6));
  });
});
