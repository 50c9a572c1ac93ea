/**
 * A deployment of the platform that honours every rule the description states and chose otherwise
 * wherever it is silent (`other-choices.ts`, one alternative per `x-assumed` mark): a simulator serving
 * the changed document, behind a proxy that rewrites its answers and hides `/__sim`.
 */
import { createAdminClient } from '../../client/index.ts';
import { startSimulator } from '../../simulator/index.ts';
import { loadContract } from '../../contract/index.ts';
import { contractOf } from '../../contract/load-contract.ts';
import type { Answer } from './other-choice-answers.ts';
import { otherChoices, type OtherChoice } from './other-choices.ts';
import { jsonAnswer, startProxy } from './proxy.ts';

export interface OtherChoicesDeployment {
  url: string;
  /** The simulator behind it, whose admin API mints the profile's tokens and seeds its fixtures. */
  simulatorUrl: string;
  choices: OtherChoice[];
  close(): Promise<void>;
}

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

  const proxy = await startProxy(simulatorUrl, async (request, forward) => {
    if (request.path.startsWith('/__sim')) return jsonAnswer(404, { message: 'No route.' });
    const upstream = await forward();
    const operation = contract.match(request.method, request.path)?.operation;
    if (!operation) return upstream;
    const text = upstream.body?.toString('utf8') ?? '';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(upstream.headers)) if (typeof value === 'string') headers[name] = value;
    const answer: Answer = {
      operationId: operation.id,
      method: request.method,
      path: request.path,
      query: request.url.slice(request.path.length + 1),
      requestBody: parseJson(request.body.toString('utf8')),
      authorization: request.headers.authorization,
      upstreamStatus: upstream.status,
      status: upstream.status,
      headers,
      body: text === '' ? undefined : (parseJson(text) ?? text),
    };
    for (const rewrite of rewrites) await rewrite(answer);
    if (answer.body === undefined) delete answer.headers['content-type'];
    return {
      status: answer.status,
      headers: answer.headers,
      ...(answer.body === undefined
        ? {}
        : { body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) }),
    };
  });
  return {
    url: proxy.url,
    simulatorUrl,
    choices,
    close: async () => {
      await proxy.close();
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
