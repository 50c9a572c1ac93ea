/** Finds the spec operation a request hits, by method and path template, with its path parameters. */
import type { Operation } from '../spec/index.ts';

export interface OperationMatch {
  operation: Operation;
  params: Record<string, string>;
}

export type OperationMatcher = (method: string, path: string) => OperationMatch | undefined;

export function createOperationMatcher(operations: Operation[]): OperationMatcher {
  const compiled = operations.map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+)';
      })
      .join('');
    return { operation, names, pattern: new RegExp(`^${source}/?$`) };
  });
  return (method, path) => {
    const bare = path.split('?')[0] ?? path;
    for (const { operation, names, pattern } of compiled) {
      if (operation.method !== method.toUpperCase()) continue;
      const match = pattern.exec(bare);
      if (!match) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        const raw = match[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { operation, params };
    }
    return undefined;
  };
}
