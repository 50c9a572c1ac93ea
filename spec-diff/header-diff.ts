/**
 * The changes to the headers of one response between two versions of the contract: a header gone,
 * documented, required or no longer, and its schema (a client reads it, so it is a response schema).
 * Header names are compared without case, as HTTP does.
 */
import { diffSchemas } from './schema-diff.ts';
import type { LocatedChange } from './spec-change.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changes from `headers` to `revisionHeaders` of the response `status`, located at `at` (the response). */
export function diffHeaders(headers: unknown, revisionHeaders: unknown, status: number, at: string[]): LocatedChange[] {
  const [before, after] = [byName(headers), byName(revisionHeaders)];
  const found: LocatedChange[] = [];
  const place = (name: string) => ({ in: 'header' as const, status, header: name });
  for (const [key, { name, header }] of before) {
    const where = [...at, 'headers', name];
    const revised = after.get(key);
    const required = header.required === true;
    if (!revised) {
      found.push({
        change: {
          kind: 'response-header-removed',
          ...place(name),
          message: `status ${status}: header ${name} removed`,
        },
        path: where,
        adds: false,
        ...(required ? {} : { severity: 'potentially-breaking' as const }),
      });
      continue;
    }
    const is = revised.header.required === true;
    if (required !== is)
      found.push({
        change: {
          kind: is ? 'response-header-became-required' : 'response-header-became-optional',
          ...place(name),
          message: `status ${status}: header ${name} ${is ? 'is always sent' : 'may be absent'}`,
        },
        path: [...where, 'required'],
        adds: false,
      });
    if (header.description !== revised.header.description)
      found.push({
        change: {
          kind: 'description-changed',
          ...place(name),
          message: `status ${status}: description of header ${name} changed`,
        },
        path: [...where, 'description'],
        adds: false,
      });
    for (const change of diffSchemas(header.schema, revised.header.schema))
      found.push({
        change: {
          kind: change.kind,
          ...place(name),
          field: change.field,
          ...(change.before !== undefined ? { before: change.before } : {}),
          ...(change.after !== undefined ? { after: change.after } : {}),
          message: `status ${status}: header ${name}: ${change.message.replace('the body', 'its value')}`,
        },
        path: [...where, 'schema', ...change.schemaPath],
        adds: change.adds,
        direction: 'response',
      });
  }
  for (const [key, { name, header }] of after)
    if (!before.has(key))
      found.push({
        change: {
          kind: 'response-header-added',
          ...place(name),
          message: `status ${status}: ${header.required === true ? 'required ' : ''}header ${name} added`,
        },
        path: [...at, 'headers', name],
        adds: true,
      });
  return found;
}

function byName(headers: unknown): Map<string, { name: string; header: Obj }> {
  const entries = isObject(headers) ? Object.entries(headers) : [];
  return new Map(
    entries
      .filter(([, h]) => isObject(h))
      .map(([name, header]) => [name.toLowerCase(), { name, header: header as Obj }]),
  );
}
