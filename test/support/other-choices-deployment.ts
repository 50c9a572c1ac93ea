/**
 * A deployment of the platform that honours every rule the description states and chose otherwise
 * wherever it is silent (`other-choices.ts`, one alternative per `x-assumed` mark): a simulator serving
 * the changed document, behind a proxy that rewrites its answers and hides `/__sim`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { createAdminClient } from '../../client/index.ts';
import { startSimulator } from '../../simulator/index.ts';
import { loadContract } from '../../spec/index.ts';
import { contractOf } from '../../spec/load-contract.ts';
import type { Answer } from './other-choice-answers.ts';
import { otherChoices, type OtherChoice } from './other-choices.ts';

export interface OtherChoicesDeployment {
  url: string;
  /** The simulator behind it, whose admin API mints the profile's tokens and seeds its fixtures. */
  simulatorUrl: string;
  choices: OtherChoice[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startOtherChoicesDeployment(): Promise<OtherChoicesDeployment> {
  const contract = await loadContract();
  let simulatorUrl = '';
  const { document, rewrites, choices } = otherChoices(contract.raw, contract.assumptions, async (merchantId) => {
    const { collections } = await createAdminClient({ baseUrl: simulatorUrl }).getState();
    return ((collections.providers ?? []) as { id: string; merchantId: string; priority?: number | null }[]).filter(
      (p) => p.merchantId === merchantId,
    );
  });
  const simulator = await startSimulator({ port: 0, contract: await contractOf(document) });
  simulatorUrl = simulator.url;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [path = '/', query = ''] = (req.url ?? '/').split(/\?(.*)/s);
      if (path.startsWith('/__sim')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"No route."}');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
      const sent = Buffer.concat(chunks);
      void (async () => {
        const upstream = await request(`${simulatorUrl}${req.url ?? '/'}`, {
          method: (req.method ?? 'GET') as 'GET',
          headers,
          body: sent.length > 0 ? sent : undefined,
        });
        const text = await upstream.body.text();
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(upstream.headers))
          if (typeof value === 'string' && !HOP_BY_HOP.has(name)) out[name] = value;
        const operation = contract.match(req.method ?? 'GET', path)?.operation;
        if (!operation) {
          res.writeHead(upstream.statusCode, out).end(text);
          return;
        }
        const answer: Answer = {
          operationId: operation.id,
          method: req.method ?? 'GET',
          path,
          query,
          requestBody: parseJson(sent.toString('utf8')),
          authorization: req.headers.authorization,
          upstreamStatus: upstream.statusCode,
          status: upstream.statusCode,
          headers: out,
          body: text === '' ? undefined : (parseJson(text) ?? text),
        };
        for (const rewrite of rewrites) await rewrite(answer);
        if (answer.body === undefined) delete answer.headers['content-type'];
        res
          .writeHead(answer.status, answer.headers)
          .end(
            answer.body === undefined
              ? undefined
              : typeof answer.body === 'string'
                ? answer.body
                : JSON.stringify(answer.body),
          );
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    simulatorUrl,
    choices,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await simulator.close();
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
