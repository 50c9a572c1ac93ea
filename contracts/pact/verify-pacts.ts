/**
 * Provider verification: replays the committed pacts (or a broker's) against a target with Pact's
 * Verifier, and reports one result per interaction. Credentials come from the target session (a
 * token minted by the simulator with every scope, a given token, or a token command); provider
 * states go to the simulator's `/__sim/provider-states` or to a given states URL. On a simulator the
 * run uses a fresh tenant: the token carries it (`tid`) and so does every request and state change
 * (`X-Sim-Tenant`). Every line of the report is redacted: no token or key ever shows.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { projectFile } from '../../project-files.ts';
import { redactSecrets } from '../../report/index.ts';
import { loadContract, type Contract } from '../../spec/index.ts';
import { adminHeaders, connectTarget } from '../../target/index.ts';
import { PACTS_DIR, readPactFiles } from './pact-files.ts';
import type { BrokerOptions, WorkerReply, WorkerRequest } from './verify-protocol.ts';

export type { BrokerOptions } from './verify-protocol.ts';

export interface VerifyPactsOptions {
  /** The provider's base URL: a gas-harness simulator or any deployment. */
  target: string;
  /** A bearer token to send as it is (required unless the target is a simulator). */
  token?: string;
  /** A shell command whose standard output is the bearer token. */
  tokenCommand?: string;
  /** The order counter's API key (default: GAS_API_KEY, else the development key). */
  apiKey?: string;
  /** Where provider state changes go (default on a simulator: its `/__sim/provider-states`). */
  statesUrl?: string;
  /** The pact files or directories to verify (default: the committed `contracts/pacts/`). */
  pactFiles?: string[];
  /** Fetch the pacts from a Pact Broker instead, and optionally publish the results there. */
  broker?: BrokerOptions;
}

export interface InteractionResult {
  description: string;
  /** The spec operation the interaction calls, when the pact is local. */
  operationId: string | undefined;
  passed: boolean;
  /** What did not match, redacted. */
  mismatches: string[];
}

export interface VerifyPactsReport {
  passed: boolean;
  /** The simulator tenant the run used; undefined on another target. */
  tenant: string | undefined;
  results: InteractionResult[];
  /** Run-level messages (no states URL, a verifier error), redacted. */
  notices: string[];
}

interface VerifierJson {
  result?: boolean;
  interactionResults?: { description: string; result: string }[];
  errors?: { interaction: string; mismatch?: { type?: string; message?: string; mismatches?: { mismatch?: string; path?: string }[] } }[];
}

// The worker runs from its sources with tsx, also when this module runs bundled in dist/.
const WORKER = projectFile('contracts', 'pact', 'verify-worker.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Verifies the pacts against `options.target`; never throws for a failed verification. */
export async function verifyPacts(options: VerifyPactsOptions): Promise<VerifyPactsReport> {
  const contract = await loadContract();
  const session = await connectTarget({
    url: options.target,
    ...(options.token ? { token: options.token } : {}),
    ...(options.tokenCommand ? { tokenCommand: options.tokenCommand } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  const allScopes = [...new Set(contract.operations.flatMap((op) => op.security.scopes))].sort();
  const bearer = await session.authorization('bearer', allScopes);
  const apiKey = await session.authorization('apiKey', []);
  const secrets = () => [...session.secrets(), ...(options.broker?.token ? [options.broker.token] : [])];
  const redact = (text: string) => redactSecrets(text, secrets());

  const notices: string[] = [];
  const statesUrl = options.statesUrl ?? (session.simulator ? `${session.url}/__sim/provider-states` : undefined);
  if (!statesUrl) notices.push('no states URL: provider states are not set up (give --states-url)');
  const pactFiles = options.pactFiles ?? [PACTS_DIR];
  const request: WorkerRequest = {
    target: session.url,
    bearer,
    apiKey,
    headers: session.headers(),
    ...(statesUrl ? { statesUrl } : {}),
    statesHeaders: { ...session.headers(), ...adminHeaders() },
    pactFiles,
    ...(options.broker ? { broker: options.broker } : {}),
  };

  const reply = await runWorker(request);
  if (reply.kind === 'error') return { passed: false, tenant: session.tenant, results: [], notices: [...notices, redact(reply.message)] };
  notices.push(...[...new Set(reply.stateFailures)].map((failure) => redact(`provider state change failed: ${failure}`)));
  let parsed: VerifierJson;
  try {
    parsed = JSON.parse(reply.json) as VerifierJson;
  } catch {
    return { passed: false, tenant: session.tenant, results: [], notices: [...notices, redact(`unreadable verifier results: ${reply.json.slice(0, 500)}`)] };
  }

  const operationOf = options.broker ? new Map<string, string>() : operationsOfInteractions(pactFiles, contract);
  const results = interactionResultsOf(parsed, operationOf, redact);
  // Errors of no interaction: the pact source failed (an unreachable broker, an unreadable file).
  const described = (interaction: string) => results.some((r) => interaction === r.description || interaction.endsWith(` - ${r.description}`));
  for (const e of parsed.errors ?? []) if (!described(e.interaction)) notices.push(redact(`${e.interaction}: ${e.mismatch?.message ?? 'failed'}`));
  if (results.length === 0) notices.push('the verifier reported no interaction');
  return { passed: parsed.result === true && results.length > 0 && results.every((r) => r.passed), tenant: session.tenant, results, notices };
}

/** The operation each local interaction calls, by description. */
function operationsOfInteractions(pactFiles: string[], contract: Contract): Map<string, string> {
  const operationOf = new Map<string, string>();
  for (const location of pactFiles) {
    for (const { pact } of readPactFiles(location)) {
      for (const i of pact.interactions) {
        const called = contract.match(i.request.method, i.request.path);
        if (called) operationOf.set(i.description, called.operation.id);
      }
    }
  }
  return operationOf;
}

/** One result per interaction the verifier ran, with its mismatches (matched by description). */
function interactionResultsOf(parsed: VerifierJson, operationOf: Map<string, string>, redact: (text: string) => string): InteractionResult[] {
  return (parsed.interactionResults ?? []).map((r): InteractionResult => {
    // The verifier names a failure "Verifying a pact between C and P [Given S] - <description>".
    const errors = (parsed.errors ?? []).filter((e) => e.interaction === r.description || e.interaction.endsWith(` - ${r.description}`));
    const mismatches = errors.flatMap((e) => e.mismatch?.mismatches?.map((m) => (m.path ? `${m.path} -> ${m.mismatch ?? ''}` : m.mismatch ?? '')) ?? [e.mismatch?.message ?? 'failed']);
    return {
      description: r.description,
      operationId: operationOf.get(r.description),
      passed: r.result.toUpperCase() === 'OK' && errors.length === 0,
      mismatches: mismatches.map(redact),
    };
  });
}

/** One line: PASS or FAIL, the operation, the interaction, and for a failure what did not match. */
export function formatInteractionResult(result: InteractionResult): string {
  const head = `${result.passed ? 'PASS' : 'FAIL'}  ${result.operationId ?? '-'}  ${result.description}`;
  if (result.passed) return head;
  const why = result.mismatches.join('; ').replace(/\s+/g, ' ');
  return `${head}: ${why.length > 400 ? `${why.slice(0, 397)}...` : why}`;
}

/** Runs the verifier in a child process; its own output is kept from the console. */
function runWorker(request: WorkerRequest): Promise<WorkerReply> {
  return new Promise((resolve) => {
    // PACT_DO_NOT_TRACK: Pact's core would otherwise report usage metrics over the network.
    const env = { ...process.env, PACT_DO_NOT_TRACK: 'true' };
    const child = fork(WORKER, [], { execArgv: ['--import', TSX_LOADER], env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let stderr = '';
    let reply: WorkerReply | undefined;
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    child.on('message', (message: WorkerReply) => {
      reply = message;
    });
    child.on('error', (error) => resolve({ kind: 'error', message: `the verifier process failed: ${error.message}` }));
    child.on('exit', (code) => resolve(reply ?? { kind: 'error', message: `the verifier process exited (${code ?? 'signal'}) without results: ${stderr.trim()}` }));
    child.send(request);
  });
}
