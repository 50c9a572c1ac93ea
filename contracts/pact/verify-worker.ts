/**
 * The child process in which `verifyPacts` runs Pact's Verifier, one verification after another
 * (verifier-process.ts). Pact's native core prints to the
 * process's own standard output, which the parent discards; the parent shows only the results it
 * reads from the verifier's JSON, redacted. Here the request filter puts the credentials on every
 * replayed request and forwards provider state changes, with the run's tenant, to the states URL.
 */
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { loadContract, type Contract } from '../../contract/index.ts';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { DEFAULT_MAX_ANSWER_BYTES, send } from '../../client/index.ts';
import { excerpt } from '../../report/index.ts';
import { exposedSecret } from '../../report/secret-exposure.ts';
import { PROVIDER } from './contract-case.ts';
import type { SecretExposure, WorkerReply, WorkerRequest } from './verify-protocol.ts';

/** Where Pact's verification proxy receives state changes (fixed by @pact-foundation/pact). */
const STATE_SETUP_PATH = '/_pactSetup';

interface FilterRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

interface FilterResponse {
  status(code: number): FilterResponse;
  json(body: unknown): void;
}

type RequestFilter = (req: FilterRequest, res: FilterResponse, next: () => void) => void;

/** State changes that failed; Pact only says "a state change handler has failed". */
const stateFailures: string[] = [];
/** Answers cut at the answer limit; the verifier only sees a connection closed. */
const oversized: string[] = [];
/** Answers that carried a credential of the run ("The token must not be exposed in ... API responses."). */
const exposures: SecretExposure[] = [];

/**
 * Watches what the provider's answer passes on to the verifier (at most `limit` bytes of it) and,
 * when it is done, records it when it, or one of its headers, holds one of the run's credentials.
 */
function watchForSecrets(req: FilterRequest, res: ServerResponse, secrets: string[], limit: number): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  const keep = (chunk: unknown) => {
    if (kept >= limit || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    kept += bytes.byteLength;
  };
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders()))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    const where = exposedSecret({ text: Buffer.concat(chunks).toString('utf8'), headers }, secrets);
    if (where) exposures.push({ method: req.method, url: req.url, status: res.statusCode, where });
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/**
 * Passes at most `limit` bytes of the provider's answer on to the verifier. Pact's native core reads
 * a whole answer into memory, through the proxy that runs this filter (http-proxy pipes the answer
 * into `res`): past the limit both sides of the proxy are closed, so neither the core nor this
 * process reads further.
 */
function limitAnswer(req: FilterRequest, res: ServerResponse, limit: number): void {
  let total = 0;
  let source: Readable | undefined;
  res.on('pipe', (from: Readable) => (source = from));
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    total += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
    if (total <= limit) return write(chunk, ...rest);
    if (!res.destroyed) {
      oversized.push(
        `${req.method} ${req.path}: the answer exceeded ${limit} bytes, the most the harness reads of one answer (raise it with --max-answer-mb); the verifier's connection was closed`,
      );
      source?.destroy();
      res.destroy();
    }
    return false;
  }) as ServerResponse['write'];
}

function createRequestFilter(request: WorkerRequest, contract: Contract): RequestFilter {
  return (req, res, next) => {
    if (req.path === STATE_SETUP_PATH) {
      forwardStateChange(request, req.body).then(
        (values) => res.json(values),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          stateFailures.push(message);
          res.status(500).json({ error: message });
        },
      );
      return;
    }
    const limit = request.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    limitAnswer(req, res as unknown as ServerResponse, limit);
    watchForSecrets(req, res as unknown as ServerResponse, [request.bearer, request.apiKey], limit);
    Object.assign(req.headers, request.headers);
    // Only a request that carries credentials gets real ones: a 401 interaction sends none.
    if (req.headers.authorization !== undefined) {
      const scheme = contract.match(req.method, req.url)?.operation.security.scheme ?? 'bearer';
      req.headers.authorization = scheme === 'apiKey' ? request.apiKey : request.bearer;
    }
    next();
  };
}

/** Sends a state change to the states URL; its answer (the values used) feeds `fromProviderState`. */
async function forwardStateChange(request: WorkerRequest, change: unknown): Promise<unknown> {
  // Pact also calls with no state name for an interaction that has no provider state.
  const name = (change as { state?: unknown } | undefined)?.state;
  if (!request.statesUrl || typeof name !== 'string' || name === '') return {};
  const res = await send({ method: 'POST', url: request.statesUrl, headers: request.statesHeaders, body: change });
  if (res.status < 200 || res.status >= 300)
    throw new Error(
      `state "${name}": the states URL answered ${res.status}: ${excerpt(res.text, 300, [request.bearer.replace(/^Bearer\s+/, ''), request.apiKey])}`,
    );
  return res.body ?? {};
}

function verifierOptions(request: WorkerRequest, contract: Contract): VerifierOptions & { providerBaseUrl: string } {
  const { broker } = request;
  return {
    provider: PROVIDER,
    providerBaseUrl: request.target,
    logLevel: 'error',
    timeout: request.timeoutMs,
    requestFilter: createRequestFilter(request, contract),
    ...(broker
      ? {
          pactBrokerUrl: broker.url,
          // Pact's recommended selection: the consumers' main branch and what is deployed or released.
          consumerVersionSelectors: [
            { mainBranch: true },
            { deployedOrReleased: true },
            ...(broker.branch ? [{ matchingBranch: true }] : []),
          ],
          ...(broker.token ? { pactBrokerToken: broker.token } : {}),
          ...(broker.providerVersion ? { providerVersion: broker.providerVersion } : {}),
          ...(broker.branch ? { providerVersionBranch: broker.branch } : {}),
          publishVerificationResult: broker.publish === true,
        }
      : { pactUrls: request.pactFiles }),
  };
}

async function run(request: WorkerRequest): Promise<WorkerReply> {
  const contract = await loadContract();
  try {
    const json = await new Verifier(verifierOptions(request, contract)).verifyProvider();
    return { kind: 'results', json: String(json), stateFailures, oversized, exposures };
  } catch (error) {
    // A failed verification rejects with the results JSON as the message; anything else is an error.
    const message = error instanceof Error ? error.message : String(error);
    return message.trimStart().startsWith('{')
      ? { kind: 'results', json: message, stateFailures, oversized, exposures }
      : { kind: 'error', message };
  }
}

// One verification at a time (verifier-process.ts waits for each reply): what the last one
// noted is cleared before the next.
process.on('message', (request: WorkerRequest) => {
  for (const noted of [stateFailures, oversized, exposures]) noted.length = 0;
  void run(request)
    .catch((error: unknown): WorkerReply => ({
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
    }))
    .then((reply) => process.send?.(reply));
});
// The parent is gone (it exited while this one waited, idle, for another verification).
process.on('disconnect', () => process.exit(0));
