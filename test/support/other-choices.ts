/**
 * What a platform team that read the same description could have chosen instead, mark by mark:
 * every `x-assumed` mark of the spec gets an alternative, taken either in the document a simulator
 * serves (request rules loosened or tightened, other success statuses, no scopes) or by rewriting
 * answers (other error statuses and bodies, headers, media types). A mark of a kind this module has no
 * alternative for throws, so a new mark cannot go untried by the verdict tests.
 */
import type { Assumption } from '../../contract/index.ts';
import {
  ownErrorBody,
  responseSchemaChoice,
  setJson,
  type Answer,
  type AnswerRewrite,
} from './other-choice-answers.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface OtherChoice {
  pointer: string;
  operation: string;
  /** What the spec chose. */
  chose: string;
  /** What this deployment does instead. */
  takes: string;
}

export interface OtherChoices {
  /** The document the deployment's simulator serves. */
  document: Obj;
  /** Rewrites of the simulator's answers, applied in order. */
  rewrites: AnswerRewrite[];
  /** One per mark of the spec. */
  choices: OtherChoice[];
}

/** Reads the providers of a merchant, for the 409 on a plausible conflict. */
export type ProviderLookup = (merchantId: string) => Promise<{ id: string; priority?: number | null }[]>;

const SUCCESS_INSTEAD: Record<string, number> = { '200': 203, '201': 200, '202': 200, '204': 200 };

export function otherChoices(raw: Obj, assumptions: readonly Assumption[], providers: ProviderLookup): OtherChoices {
  const document = structuredClone(raw);
  const rewrites: AnswerRewrite[] = [];
  const choices: OtherChoice[] = [];
  const uses = responseUses(raw);
  const requestSchemas = requestSchemaNames(raw);
  const remapped = new Map<string, number>();
  const onAnswer = (when: (a: Answer) => boolean, change: (a: Answer) => void | Promise<void>) =>
    rewrites.push(async (a) => (when(a) ? change(a) : undefined));
  const remap = (operationId: string, from: number, to: number) => remapped.set(`${operationId} ${from}`, to);

  for (const mark of assumptions) {
    // The pointer names the element a mark is on: an object marked whole, or `x-assumed-<key>`'s key.
    const path = segments(mark.pointer);
    const element = path.at(-1) ?? '';
    const parent = path.slice(0, -1);
    const take = (takes: string) =>
      choices.push({ pointer: mark.pointer, operation: mark.operation, chose: mark.choice, takes });
    const unknown = () => new Error(`no other choice for the mark ${mark.pointer} (${mark.why})`);

    if (mark.pointer === '#/info/description') {
      // The 400/422 split: a deployment answers 422 where the spec says 400 and the reverse, on every operation.
      for (const op of operationsOf(raw)) {
        remap(op.id, 400, 422);
        remap(op.id, 422, 400);
      }
      take('422 where the spec answers 400, and 400 where it answers 422, on every operation');
    } else if (mark.pointer === '#/servers') {
      take('served from a base URL of its own (the deployment is not at the spec server)');
    } else if (path[0] === 'paths') {
      const op = operationAt(raw, path);
      if (!op) throw unknown();
      const rest = path.slice(3);
      if (rest.join('/') === 'security') {
        const [requirement] = (op.node.security as Record<string, string[]>[] | undefined) ?? [];
        if (requirement && 'apiKeyAuth' in requirement) {
          onAnswer(
            (a) => a.operationId === op.id && a.upstreamStatus === 401 && /^Bearer\s/i.test(a.authorization ?? ''),
            (a) => setJson(a, 403, { message: 'This operation takes the API key, not a bearer token.' }),
          );
          take('a bearer token on the key-authorised counter is 403, not 401');
        } else {
          (valueAt(document, path.slice(0, 3)) as Obj).security = [{ bearerAuth: [] }];
          take('no per-operation permission: any valid token may call it (bindings kept)');
        }
      } else if (rest.join('/') === 'parameters') {
        onAnswer(
          (a) => a.operationId === op.id && a.query !== '' && a.upstreamStatus < 300,
          (a) =>
            setJson(a, 400, {
              errors: [{ code: 'UnknownParameter', target: 'query', message: 'No query parameters here.' }],
            }),
        );
        take('any query parameter is refused with 400');
      } else if (rest.join('/') === 'conditions/409') {
        onAnswer(
          (a) => a.operationId === op.id && a.upstreamStatus === 204,
          async (a) => {
            const priority = isObject(a.requestBody) ? a.requestBody.priority : undefined;
            const [, , merchantId, , providerId] = a.path.split('/').filter(Boolean);
            if (typeof priority !== 'number' || !merchantId) return;
            const others = (await providers(merchantId)).filter((p) => p.id !== providerId);
            if (others.some((p) => p.priority === priority))
              setJson(a, 409, {
                errors: [{ code: 'PriorityTaken', target: 'priority', message: 'Another provider has this priority.' }],
              });
          },
        );
        take('409 when another provider of the merchant has the same priority');
      } else if (rest[0] === 'responses' && rest.length === 2) {
        take(answerStatusChoice(document, path, op, Number(rest[1]), remap, onAnswer));
      } else if (rest[0] === 'responses' && rest[2] === 'content') {
        onAnswer(
          (a) => a.operationId === op.id && a.upstreamStatus === Number(rest[1]),
          (a) => setJson(a, a.status, isObject(a.body) && 'id' in a.body ? { id: a.body.id } : {}),
        );
        take('answers only the id of the stored address');
      } else throw unknown();
    } else if (path[0] === 'components' && path[1] === 'responses') {
      const where = uses.get(path[2] ?? '') ?? [];
      const used = (a: Answer) => where.some((u) => u.operationId === a.operationId && u.status === a.status);
      const rest = path.slice(3).join('/');
      if (rest === 'content') {
        onAnswer(used, (a) => setJson(a, a.status, ownErrorBody(a)));
        take('an error body of its own: { message, status }');
      } else if (rest === 'headers/WWW-Authenticate') {
        onAnswer(used, (a) => void delete a.headers['www-authenticate']);
        take('no WWW-Authenticate on a 401');
      } else if (rest === 'media-type') {
        onAnswer(used, (a) => void (a.headers['content-type'] = 'application/json'));
        take('problem details sent as application/json');
      } else throw unknown();
    } else if (path[0] === 'components' && path[1] === 'parameters' && element === 'schema') {
      (valueAt(document, path) as Obj).format = 'uuid';
      take('only a UUID is taken (400 otherwise)');
    } else if (path[0] === 'components' && path[1] === 'schemas' && requestSchemas.has(path[2] ?? '')) {
      const node = valueAt(document, parent);
      if (!isObject(node) || !(element in node)) throw unknown();
      if (element === 'required') {
        node.required = Object.keys((node.properties as Obj | undefined) ?? {});
        take('every field it lists is required');
      } else if (element === 'description') {
        take('null erases a field (no operation reads a provider back, so no check can see it)');
      } else {
        delete node[element];
        take(`no ${element} rule: any value of the type is taken`);
      }
    } else if (path[0] === 'components' && path[1] === 'schemas') {
      const change = responseSchemaChoice(path.slice(2), onAnswer);
      if (!change) throw unknown();
      take(change);
    } else throw unknown();
  }

  // Status remaps go first, from the simulator's status, so that each answer is remapped once.
  rewrites.unshift((a) => {
    const to = remapped.get(`${a.operationId} ${a.upstreamStatus}`);
    if (to === undefined) return;
    if (to === 204) {
      a.status = 204;
      a.body = undefined;
      delete a.headers['content-type'];
    } else a.status = to;
  });
  return { document, rewrites, choices };
}

/** An assumed status of an operation: a success status moved in the document, an error status remapped. */
function answerStatusChoice(
  document: Obj,
  path: string[],
  op: { id: string; method: string },
  status: number,
  remap: (operationId: string, from: number, to: number) => void,
  onAnswer: (when: (a: Answer) => boolean, change: (a: Answer) => void) => void,
): string {
  if (status < 300) {
    const to = SUCCESS_INSTEAD[String(status)] ?? 200;
    const responses = valueAt(document, [...path.slice(0, -2), 'responses']) as Obj;
    responses[String(to)] = responses[String(status)];
    delete responses[String(status)];
    onAnswer(
      (a) => a.operationId === op.id && a.status === to && a.body === undefined,
      (a) => setJson(a, to, { accepted: true }),
    );
    return `${to} with a JSON body instead of ${status}`;
  }
  if (status >= 500) {
    onAnswer(
      (a) => a.operationId === op.id && a.upstreamStatus === status,
      (a) => {
        a.body = `error ${status}`;
        a.headers['content-type'] = 'text/plain';
      },
    );
    return `a ${status} in plain text`;
  }
  const to =
    status === 404
      ? op.method === 'DELETE'
        ? 204
        : op.method === 'GET'
          ? 400
          : 422
      : status === 422
        ? 400
        : status === 400
          ? 422
          : status === 409
            ? 422
            : 400;
  remap(op.id, status, to);
  return `${to} instead of ${status}`;
}

function segments(pointer: string): string[] {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

function operationsOf(raw: Obj): { id: string; method: string; path: string; node: Obj }[] {
  return Object.entries(raw.paths as Record<string, Obj>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, node]) => isObject(node) && typeof node.operationId === 'string')
      .map(([method, node]) => ({
        id: String((node as Obj).operationId),
        method: method.toUpperCase(),
        path,
        node: node as Obj,
      })),
  );
}

function operationAt(raw: Obj, path: string[]) {
  return operationsOf(raw).find((op) => op.path === path[1] && op.method === path[2]?.toUpperCase());
}

/** Which operation and status answer with each shared response component. */
function responseUses(raw: Obj): Map<string, { operationId: string; status: number }[]> {
  const uses = new Map<string, { operationId: string; status: number }[]>();
  for (const op of operationsOf(raw)) {
    for (const [status, response] of Object.entries((op.node.responses as Obj | undefined) ?? {})) {
      const ref = isObject(response) && typeof response.$ref === 'string' ? response.$ref.split('/').pop() : undefined;
      if (ref) uses.set(ref, [...(uses.get(ref) ?? []), { operationId: op.id, status: Number(status) }]);
    }
  }
  return uses;
}

/** The schemas a request body may hold, directly or nested. */
function requestSchemaNames(raw: Obj): Set<string> {
  const schemas = (raw.components as Obj).schemas as Record<string, Obj>;
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = node.$ref.split('/').pop() ?? '';
      if (!found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const op of operationsOf(raw)) visit(op.node.requestBody);
  return found;
}
