/**
 * Sends one case to the target. On a simulator a positive case first gets an empty tenant and the
 * resources its path names (provider state), so valid data meets existing resources and no conflict.
 */
import type { Operation } from '../contract/index.ts';
import { send, type HttpResponse } from '../client/index.ts';
import { type TargetSession } from '../target/index.ts';
import type { OperationCredentials } from './auth-credentials.ts';
import { fillPath, type FuzzCase, type SentRequest } from './fuzz-case.ts';
import { secretValues } from './secret-values.ts';

export const PATH_STATE = 'the resources named in {path} exist';

export interface Exchange {
  request: SentRequest;
  /** Provider-state set-up sent before the request (simulator only). */
  setup: { state: string; params: Record<string, string> }[];
  response: HttpResponse;
  /** Values the response must not carry. */
  secrets: string[];
}

export interface CaseTarget {
  session: TargetSession;
  op: Operation;
  credentials: OperationCredentials;
}

/** Builds the request a case stands for (headers include the tenant and the auth variant's header). */
export function requestOf(fuzzCase: FuzzCase, target: CaseTarget): SentRequest {
  const headers: Record<string, string> = { ...target.session.headers() };
  const authorization = target.credentials.header(fuzzCase.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  if (fuzzCase.mediaType) headers['content-type'] = fuzzCase.mediaType;
  return {
    method: target.op.method,
    path: fillPath(target.op.path, fuzzCase.pathParams),
    headers,
    ...('body' in fuzzCase ? { body: fuzzCase.body } : {}),
    ...(fuzzCase.rawBody !== undefined ? { rawBody: fuzzCase.rawBody } : {}),
    ...(fuzzCase.mediaType ? { mediaType: fuzzCase.mediaType } : {}),
  };
}

export async function executeCase(fuzzCase: FuzzCase, target: CaseTarget): Promise<Exchange> {
  const { session, op } = target;
  const request = requestOf(fuzzCase, target);
  const setup: Exchange['setup'] = [];
  if (session.admin && fuzzCase.kind === 'positive') {
    await session.admin.resetTenant({ empty: true });
    if (op.pathParams.length > 0) {
      const state = { state: PATH_STATE, params: { path: request.path } };
      await session.admin.setProviderState({ ...state, action: 'setup' });
      setup.push(state);
    }
  }
  const response = await sendRequest(session.url, request, session);
  const sentAuthorization = request.headers.authorization;
  const secrets = [
    ...session.secrets(),
    ...(sentAuthorization && fuzzCase.auth === 'valid'
      ? [sentAuthorization, sentAuthorization.replace(/^Bearer\s+/, '')]
      : []),
    ...(op.requestBody && fuzzCase.body !== undefined ? secretValues(op.requestBody.schema, fuzzCase.body) : []),
  ];
  return { request, setup, response, secrets };
}

/** Sends a request as a case or scenario step describes it, within the session's time and answer limits. */
export function sendRequest(
  baseUrl: string,
  request: SentRequest,
  { timeoutMs, maxAnswerBytes }: { timeoutMs?: number; maxAnswerBytes?: number } = {},
): Promise<HttpResponse> {
  const body = request.rawBody !== undefined ? request.rawBody : 'body' in request ? request.body : undefined;
  return send({
    method: request.method,
    url: `${baseUrl}${request.path}`,
    headers: request.headers,
    ...(body !== undefined ? { body, raw: request.rawBody !== undefined } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxAnswerBytes !== undefined ? { maxAnswerBytes } : {}),
  });
}
