/**
 * A deliberately broken deployment for tests of the checkers: a proxy in front of a healthy target
 * that breaks one operation in one way and forwards everything else untouched.
 */
import { loadContract } from '../../contract/index.ts';
import { jsonAnswer, startProxy, type RunningProxy } from './proxy.ts';

export type Defect =
  /** answers 500 with an error list instead of doing the operation */
  | 'serverError'
  /** answers a status the operation does not document (418) */
  | 'undocumentedStatus'
  /** copies the request's Authorization header into the response body */
  | 'echoToken'
  /** turns every string `id` and `name` of the response body into numbers */
  | 'wrongFieldType'
  /** answers the success status without checking the token */
  | 'ignoreAuth'
  /**
   * answers the success status (doing nothing) to a token bound to another dealer, merchant or
   * consumer than the path names (its dealer_id, merchant_id or consumer_id claim is not in the path)
   */
  | 'ignoreBinding'
  /** answers 204 (no body) where the upstream answers 404: an update of a record that does not exist is accepted */
  | 'acceptUnknown'
  /** answers another 2xx where the upstream answers the operation's success status: 200, or 201 where that is 200 (body forwarded) */
  | 'otherSuccessStatus'
  /** answers 400 where the upstream answers 422 (body forwarded as it is): only the 400/422 split breaks */
  | 'ruleBreakAs400'
  /** answers 500 with HOSTILE_TEXT as its body: terminal escapes, XML-forbidden characters, Markdown */
  | 'hostileText'
  /** answers 204 where the upstream refuses a body with properties outside the operation's schema */
  | 'acceptExtraProperties'
  /** answers a 401 or 403 with an error list instead of the upstream's body */
  | 'errorListOnRefusal'
  /** answers every 4xx with an error list (not problem details, not a failure object) */
  | 'errorListOnErrors'
  /** answers every 4xx with problem details (not an error list, not a failure object) */
  | 'problemDetailsOnErrors'
  /** answers the success body's contents without its `data` wrapper */
  | 'unwrapData'
  /** answers 404 with an error list where the upstream answers a 2xx: an upsert that never creates */
  | 'notFoundInstead'
  /** answers 415 to a body sent as anything but application/json */
  | 'refuseMediaType';

/**
 * Text a hostile deployment sends to be quoted in reports: terminal escapes (clear screen, window title,
 * clipboard write, a link, an 8-bit CSI), characters XML 1.0 cannot carry (U+FFFF, U+FFFE, a lone
 * surrogate, a C0 control), and Markdown/HTML (a remote image, a link, a tag, a bare URL).
 */
export const HOSTILE_TEXT =
  'hostile \x1b[2J\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\ \x9b31m' +
  ' \uffff\ufffe\ud800\x01 ![pixel](https://evil.example/pixel.png) [re-run with your token](https://evil.example/rerun)' +
  ' <img src="https://evil.example/tag.png"> https://evil.example/bare `code` | pipe';

/** True when a bearer token's binding claim names a dealer, merchant or consumer the path does not. */
function boundElsewhere(authorization: string | undefined, url: string): boolean {
  const payload = /^Bearer\s+[^.]+\.([^.]+)\./i.exec(authorization ?? '')?.[1];
  if (!payload) return false;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  const path = url.split('?')[0] ?? '';
  return ['dealer_id', 'merchant_id', 'consumer_id', 'sub'].some(
    (claim) => typeof claims[claim] === 'string' && !path.includes(claims[claim]),
  );
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export type BrokenTarget = RunningProxy;

/** A proxy in front of `upstream` that breaks one operation (its method and path) with `defect`. */
export async function startBrokenTarget(options: {
  upstream: string;
  operationId: string;
  defect: Defect;
}): Promise<BrokenTarget> {
  const contract = await loadContract();
  const op = contract.operationsById.get(options.operationId);
  if (!op) throw new Error(`unknown operation ${options.operationId}`);
  const { defect } = options;
  const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const success = op.responses.get(op.successStatus);
  const errorList = (status: number, message: string) =>
    jsonAnswer(status, { errors: [{ code: 'Refused', target: 'request', message }] });

  return startProxy(options.upstream, async (request, forward) => {
    if (request.method !== op.method || !pattern.test(request.path)) return forward();
    // Answered without asking upstream.
    if (defect === 'serverError')
      return jsonAnswer(500, { errors: [{ code: 'Boom', target: 'server', message: 'broken on purpose' }] });
    // As raw text: JSON would escape the control characters, and a hostile server need not.
    if (defect === 'hostileText')
      return { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: HOSTILE_TEXT };
    if (defect === 'undocumentedStatus') return jsonAnswer(418, {});
    if (
      defect === 'ignoreAuth' ||
      (defect === 'ignoreBinding' && boundElsewhere(request.headers.authorization, request.url))
    )
      return success?.schema
        ? jsonAnswer(op.successStatus, ((success.schema.examples as unknown[] | undefined) ?? [{}])[0])
        : { status: op.successStatus, headers: {} };
    if (
      defect === 'refuseMediaType' &&
      request.body.length > 0 &&
      request.headers['content-type']?.split(';')[0]?.trim() !== 'application/json'
    )
      return errorList(415, 'Only application/json is accepted.');

    // Upstream's answer, broken.
    const upstream = await forward();
    const status = upstream.status;
    let text = upstream.body?.toString('utf8') ?? '';
    if (defect === 'echoToken') {
      const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const echoed = JSON.stringify({ ...parsed, echoedAuthorization: request.headers.authorization ?? '' });
      return {
        status: status === 204 ? 200 : status,
        headers: { 'content-type': 'application/json', ...upstream.headers },
        body: echoed,
      };
    }
    if (defect === 'wrongFieldType' && text)
      text = JSON.stringify(
        JSON.parse(text, (key, value: unknown) =>
          (key === 'id' || key === 'name') && typeof value === 'string' ? 12345 : value,
        ),
      );
    if (defect === 'acceptExtraProperties' && status === 400) {
      const sent = parseObject(request.body.toString('utf8'));
      const known = Object.keys((op.requestBody?.schema.properties as object | undefined) ?? {});
      if (sent && Object.keys(sent).some((key) => !known.includes(key))) return { status: 204, headers: {} };
    }
    if (defect === 'errorListOnRefusal' && (status === 401 || status === 403)) return errorList(status, 'Refused.');
    const refused = status >= 400 && status < 500;
    if (defect === 'errorListOnErrors' && refused) return errorList(status, 'Refused.');
    if (defect === 'problemDetailsOnErrors' && refused)
      return {
        status,
        headers: { 'content-type': 'application/problem+json' },
        body: JSON.stringify({ type: 'about:blank', title: 'Refused', status }),
      };
    if (defect === 'unwrapData' && status < 300 && text) return jsonAnswer(status, parseObject(text)?.data ?? {});
    if (defect === 'notFoundInstead' && status < 300) return errorList(404, 'No such record.');
    if (defect === 'acceptUnknown' && status === 404) return { status: 204, headers: {} };
    if (defect === 'ruleBreakAs400' && status === 422) return { ...upstream, status: 400, body: text };
    if (defect === 'otherSuccessStatus' && status === op.successStatus)
      return { ...upstream, status: op.successStatus === 200 ? 201 : 200, body: text };
    return { ...upstream, body: text };
  });
}
