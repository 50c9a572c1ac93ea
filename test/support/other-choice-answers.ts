/**
 * The answers of the deployment that chose otherwise (other-choices.ts), as its proxy rewrites them:
 * what an answer is, and the rewrites of response schemas the spec only assumes.
 */
type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One answer of the deployment as the proxy rewrites it. */
export interface Answer {
  operationId: string;
  method: string;
  path: string;
  /** The request's query string, without `?` ('' when none). */
  query: string;
  requestBody: unknown;
  authorization: string | undefined;
  /** The status the simulator gave, before any rewrite. */
  upstreamStatus: number;
  status: number;
  headers: Record<string, string>;
  /** The body, parsed when it was JSON; undefined when empty. */
  body: unknown;
}

export type AnswerRewrite = (answer: Answer) => void | Promise<void>;

/** A response schema's assumed part (`[schema, ...element path]`), changed in the answers that carry it. */
export function responseSchemaChoice(
  at: string[],
  onAnswer: (when: (a: Answer) => boolean, change: (a: Answer) => void) => void,
): string | undefined {
  const [schema, ...rest] = at;
  const where = rest.join('/');
  if (schema === 'UserProfile') {
    const profile = (a: Answer) => a.operationId === 'getUserProfile' && a.status < 300 && isObject(a.body);
    if (where === 'required' || /^properties\/\w+\/type$/.test(where)) {
      onAnswer(profile, (a) => {
        for (const [name, value] of Object.entries(a.body as Obj)) if (value === null) delete (a.body as Obj)[name];
      });
      return 'a field the user has no value for is left out, not null';
    }
    if (where === 'properties') {
      onAnswer(profile, (a) => void ((a.body as Obj).userName = (a.body as Obj).id));
      return "userName is the user's id, not the e-mail";
    }
  }
  if (schema === 'Product' && where === 'required') {
    onAnswer(
      (a) => a.operationId === 'getProduct' && a.status < 300 && isObject(a.body) && isObject(a.body.data),
      (a) => void delete ((a.body as Obj).data as Obj).enabled,
    );
    return 'a product leaves out enabled';
  }
  if (schema === 'ErrorList' && where === 'required') {
    onAnswer(
      (a) => a.status === 404 && isObject(a.body) && Array.isArray(a.body.errors),
      (a) => void delete (a.body as Obj).errors,
    );
    return 'a 404 in the error list is {} (nothing in the request is at fault)';
  }
  const field = rest[1];
  if (schema === 'ProblemDetails' && rest[0] === 'properties' && field && rest.length === 2) {
    onAnswer(
      (a) => isObject(a.body) && 'title' in a.body && 'status' in a.body,
      (a) => void delete (a.body as Obj)[field],
    );
    return `no ${field} member in problem details`;
  }
  if (schema === 'Failure' && where === 'properties/metadata/description') {
    onAnswer(
      (a) => isObject(a.body) && 'numericType' in a.body,
      (a) => void ((a.body as Obj).metadata = {}),
    );
    return 'an empty metadata object';
  }
  if (schema === 'OrderCounter' && where === '') {
    onAnswer(
      (a) => a.operationId === 'incrementOrderCounter' && a.status < 300 && isObject(a.body),
      (a) => setJson(a, a.status, { total: (a.body as Obj).orderCount }),
    );
    return 'the counter answers { total } only';
  }
  return undefined;
}

export function setJson(answer: Answer, status: number, body: unknown): void {
  answer.status = status;
  answer.body = body;
  answer.headers['content-type'] = 'application/json';
}

export function ownErrorBody(answer: Answer): Obj {
  const body = answer.body;
  const first = isObject(body) && Array.isArray(body.errors) && isObject(body.errors[0]) ? body.errors[0] : undefined;
  return {
    message: String(first?.message ?? (isObject(body) ? (body.detail ?? body.description ?? '') : '')),
    status: answer.status,
  };
}
