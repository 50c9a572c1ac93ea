/** Finds the spec operation that a concrete method and path call. */
import type { Contract, Operation } from '../../spec/index.ts';

export interface CalledOperation {
  op: Operation;
  /** The path parameters, decoded, by name. */
  params: Record<string, string>;
}

/** The operation `method path` calls, or undefined; a literal segment beats a parameter. */
export function operationFor(contract: Contract, method: string, path: string): CalledOperation | undefined {
  const pathOnly = path.split('?')[0] ?? path;
  const candidates = contract.operations.flatMap((op): CalledOperation[] => {
    if (op.method !== method.toUpperCase()) return [];
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const match = new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]+)')}$`).exec(pathOnly);
    if (!match) return [];
    return [{ op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')])) }];
  });
  return candidates.sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length)[0];
}
