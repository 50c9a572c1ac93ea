/**
 * Deep equality of parsed JSON values, fast on the repeated comparisons of a spec diff: each object
 * is given a number once (its keys and its children's numbers), so comparing two subtrees again,
 * at every level of a schema and at every operation a shared schema reaches, costs a lookup rather
 * than a JSON.stringify of the whole subtree. The numbers are shared by every document compared.
 */

const ids = new WeakMap<object, number>();
const interned = new Map<string, number>();
/** Objects being numbered: a cycle (a schema that contains itself) gets a number of its own. */
const inProgress = new WeakSet<object>();
let unique = 0;

/** A key of a JSON value: two values are equal when their keys are (`sameValue`). */
export function valueKey(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
  let id = ids.get(value);
  if (id !== undefined) return `#${id}`;
  if (inProgress.has(value)) return `~${++unique}`;
  inProgress.add(value);
  const text = Array.isArray(value)
    ? `[${value.map(valueKey).join(',')}]`
    : `{${Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${JSON.stringify(k)}:${valueKey(v)}`)
        .join(',')}}`;
  inProgress.delete(value);
  id = interned.get(text);
  if (id === undefined) interned.set(text, (id = interned.size));
  ids.set(value, id);
  return `#${id}`;
}

/** Whether two JSON values are equal, key order included (as `JSON.stringify` compares them). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || valueKey(a) === valueKey(b);
}
