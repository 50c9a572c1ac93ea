/**
 * A deliberately broken deployment for tests of the checkers: a proxy in front of a healthy target
 * that breaks one operation in one way and forwards everything else untouched.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { loadContract } from '../../spec/index.ts';

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

export interface BrokenTarget {
  url: string;
  close(): Promise<void>;
}

export async function startBrokenTarget(options: {
  upstream: string;
  operationId: string;
  defect: Defect;
}): Promise<BrokenTarget> {
  const contract = await loadContract();
  const op = contract.operationsById.get(options.operationId);
  if (!op) throw new Error(`unknown operation ${options.operationId}`);
  const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const isTarget = (req: IncomingMessage) =>
    req.method === op.method && pattern.test((req.url ?? '').split('?')[0] ?? '');

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const broken = isTarget(req);
        if (broken && options.defect === 'serverError') {
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ errors: [{ code: 'Boom', target: 'server', message: 'broken on purpose' }] }));
          return;
        }
        if (broken && options.defect === 'hostileText') {
          // As raw text: JSON would escape the control characters, and a hostile server need not.
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(HOSTILE_TEXT);
          return;
        }
        if (broken && options.defect === 'undocumentedStatus') {
          res.writeHead(418, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        if (
          broken &&
          (options.defect === 'ignoreAuth' ||
            (options.defect === 'ignoreBinding' && boundElsewhere(req.headers.authorization, req.url ?? '')))
        ) {
          res.writeHead(
            op.successStatus,
            op.responses.get(op.successStatus)?.schema ? { 'content-type': 'application/json' } : {},
          );
          res.end(
            op.responses.get(op.successStatus)?.schema
              ? JSON.stringify(((op.responses.get(op.successStatus)?.schema?.examples as unknown[]) ?? [{}])[0])
              : undefined,
          );
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
        const upstream = await request(`${options.upstream}${req.url ?? '/'}`, {
          method: (req.method ?? 'GET') as 'GET',
          headers,
          body: body.length > 0 ? body : undefined,
        });
        let text = await upstream.body.text();
        if (broken && options.defect === 'echoToken') {
          const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          text = JSON.stringify({ ...parsed, echoedAuthorization: req.headers.authorization ?? '' });
        }
        if (broken && options.defect === 'wrongFieldType' && text) {
          text = JSON.stringify(
            JSON.parse(text, (key, value: unknown) =>
              (key === 'id' || key === 'name') && typeof value === 'string' ? 12345 : value,
            ),
          );
        }
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(upstream.headers))
          if (typeof v === 'string' && !['content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
        if (broken && options.defect === 'echoToken' && !out['content-type']) out['content-type'] = 'application/json';
        const errorList = (message: string) =>
          JSON.stringify({ errors: [{ code: 'Refused', target: 'request', message }] });
        const json = { ...out, 'content-type': 'application/json' };
        if (
          broken &&
          options.defect === 'refuseMediaType' &&
          body.length > 0 &&
          req.headers['content-type']?.split(';')[0]?.trim() !== 'application/json'
        ) {
          res.writeHead(415, json).end(errorList('Only application/json is accepted.'));
          return;
        }
        if (broken && options.defect === 'acceptExtraProperties' && upstream.statusCode === 400) {
          const sent = parseObject(body.toString('utf8'));
          const known = Object.keys((op.requestBody?.schema.properties as object | undefined) ?? {});
          if (sent && Object.keys(sent).some((key) => !known.includes(key))) {
            res.writeHead(204).end();
            return;
          }
        }
        if (broken && options.defect === 'errorListOnRefusal' && [401, 403].includes(upstream.statusCode)) {
          res.writeHead(upstream.statusCode, json).end(errorList('Refused.'));
          return;
        }
        if (
          broken &&
          options.defect === 'errorListOnErrors' &&
          upstream.statusCode >= 400 &&
          upstream.statusCode < 500
        ) {
          res.writeHead(upstream.statusCode, json).end(errorList('Refused.'));
          return;
        }
        if (
          broken &&
          options.defect === 'problemDetailsOnErrors' &&
          upstream.statusCode >= 400 &&
          upstream.statusCode < 500
        ) {
          res
            .writeHead(upstream.statusCode, { 'content-type': 'application/problem+json' })
            .end(JSON.stringify({ type: 'about:blank', title: 'Refused', status: upstream.statusCode }));
          return;
        }
        if (broken && options.defect === 'unwrapData' && upstream.statusCode < 300 && text) {
          res.writeHead(upstream.statusCode, out).end(JSON.stringify(parseObject(text)?.data ?? {}));
          return;
        }
        if (broken && options.defect === 'notFoundInstead' && upstream.statusCode < 300) {
          res.writeHead(404, json).end(errorList('No such record.'));
          return;
        }
        const otherSuccess =
          broken && options.defect === 'otherSuccessStatus' && upstream.statusCode === op.successStatus;
        if (broken && options.defect === 'acceptUnknown' && upstream.statusCode === 404) {
          res.writeHead(204).end();
          return;
        }
        if (broken && options.defect === 'ruleBreakAs400' && upstream.statusCode === 422) {
          res.writeHead(400, out).end(text);
          return;
        }
        res
          .writeHead(
            otherSuccess
              ? op.successStatus === 200
                ? 201
                : 200
              : broken && options.defect === 'echoToken' && upstream.statusCode === 204
                ? 200
                : upstream.statusCode,
            out,
          )
          .end(text);
      })().catch((error: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
