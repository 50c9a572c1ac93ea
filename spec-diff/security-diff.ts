/**
 * The changes to an operation's security requirements: alternatives, each a map of scheme names to
 * scopes. A client of the base holds credentials for one alternative; what it must hold more breaks it.
 */
import type { ChangeKind } from './diff-severity.ts';
import type { LocatedChange } from './spec-change.ts';

type Requirement = Record<string, string[]>;

/** The changes from `before` to `after` (the operation's `security`, else the document's), located at `path`. */
export function diffSecurity(before: unknown, after: unknown, path: string[]): LocatedChange[] {
  const [b, a] = [requirementsOf(before), requirementsOf(after)];
  const change = (kind: ChangeKind, message: string, adds: boolean, values: Record<string, unknown>) => ({
    change: { kind, in: 'security' as const, message, ...values },
    path,
    adds,
  });
  if (b.length === 0 && a.length === 0) return [];
  if (b.length === 0)
    return [change('security-added', `the operation now requires ${describe(a)}`, true, { after: a })];
  if (a.length === 0)
    return [change('security-removed', 'the operation no longer requires credentials', false, { before: b })];
  const found: LocatedChange[] = [];
  for (const requirement of b) {
    const schemes = Object.keys(requirement).sort().join(' + ');
    const match = a.find((r) => Object.keys(r).sort().join(' + ') === schemes);
    if (!match) {
      const message = `credentials changed from ${describe(b)} to ${describe(a)}`;
      found.push(change('security-scheme-changed', message, false, { before: b, after: a }));
      continue;
    }
    for (const [scheme, scopes] of Object.entries(requirement)) {
      const revised = match[scheme] ?? [];
      const values = { before: scopes, after: revised };
      for (const scope of revised.filter((s) => !scopes.includes(s)))
        found.push(change('security-scope-added', `${scheme} now needs scope ${scope}`, true, values));
      for (const scope of scopes.filter((s) => !revised.includes(s)))
        found.push(change('security-scope-removed', `${scheme} no longer needs scope ${scope}`, false, values));
    }
  }
  return found;
}

function requirementsOf(value: unknown): Requirement[] {
  return (Array.isArray(value) ? value : [])
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r))
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : []])));
}

const describe = (requirements: Requirement[]): string =>
  requirements
    .map((r) =>
      Object.entries(r)
        .map(([scheme, scopes]) => (scopes.length ? `${scheme} [${scopes.join(', ')}]` : scheme))
        .join(' + '),
    )
    .join(' or ');
