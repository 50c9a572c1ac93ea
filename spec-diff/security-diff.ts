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

/** The keys of a security scheme that say what a client sends, and where (a flow's URLs are compared in `flows`). */
const SCHEME_KEYS = ['type', 'scheme', 'bearerFormat', 'in', 'name', 'openIdConnectUrl'] as const;
const FLOW_URLS = ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const;

/** One change to the definitions of `components.securitySchemes`, with the scheme it is about. */
export interface SchemeChange {
  scheme: string;
  located: LocatedChange;
}

/**
 * The changes to the security schemes' definitions: another type, HTTP scheme or bearer format, an
 * API key read from another place or name, an OAuth flow gone or its URLs moved (a client of the base
 * sends credentials the revision does not read); a flow's scope gone; a scheme added or removed.
 */
export function diffSecuritySchemes(schemes: unknown, revisionSchemes: unknown): SchemeChange[] {
  const [before, after] = [objectOf(schemes), objectOf(revisionSchemes)];
  const found: SchemeChange[] = [];
  const push = (scheme: string, kind: ChangeKind, message: string, path: string[], values: Record<string, unknown>) =>
    found.push({
      scheme,
      located: {
        change: { kind, in: 'security', message, ...values },
        path: ['components', 'securitySchemes', scheme, ...path],
        adds: kind === 'security-definition-added',
      },
    });
  for (const [name, value] of Object.entries(before)) {
    const [was, is] = [objectOf(value), after[name]];
    if (is === undefined) {
      push(name, 'security-definition-removed', `security scheme ${name} removed`, [], {});
      continue;
    }
    const revised = objectOf(is);
    for (const key of SCHEME_KEYS)
      if (comparable(key, was[key]) !== comparable(key, revised[key]))
        push(
          name,
          'security-definition-changed',
          `security scheme ${name}: ${key} changed from ${shown(was[key])} to ${shown(revised[key])}`,
          [key],
          {
            before: was[key],
            after: revised[key],
          },
        );
    const [flows, revisedFlows] = [objectOf(was.flows), objectOf(revised.flows)];
    for (const [flowName, flowValue] of Object.entries(flows)) {
      const [flow, revisedFlow] = [objectOf(flowValue), revisedFlows[flowName]];
      if (revisedFlow === undefined) {
        push(
          name,
          'security-definition-changed',
          `security scheme ${name}: the ${flowName} flow removed`,
          ['flows', flowName],
          {},
        );
        continue;
      }
      const revisedOf = objectOf(revisedFlow);
      for (const key of FLOW_URLS)
        if (flow[key] !== revisedOf[key])
          push(
            name,
            'security-definition-changed',
            `security scheme ${name}: ${flowName} ${key} changed from ${shown(flow[key])} to ${shown(revisedOf[key])}`,
            ['flows', flowName, key],
            {
              before: flow[key],
              after: revisedOf[key],
            },
          );
      const revisedScopes = objectOf(revisedOf.scopes);
      for (const scope of Object.keys(objectOf(flow.scopes)).filter((s) => !(s in revisedScopes)))
        push(
          name,
          'security-definition-scope-removed',
          `security scheme ${name}: ${flowName} scope ${scope} removed`,
          ['flows', flowName, 'scopes', scope],
          {},
        );
    }
  }
  for (const name of Object.keys(after).filter((n) => !(n in before)))
    push(name, 'security-definition-added', `security scheme ${name} added`, [], {});
  return found;
}

/** The schemes one alternative of a requirement (`[{ bearerAuth: [...] }]`) names. */
export function schemesOf(security: unknown): string[] {
  return requirementsOf(security).flatMap((r) => Object.keys(r));
}

/** A scheme's value as compared: the type and HTTP scheme without case (`Bearer` is `bearer`). */
const comparable = (key: string, v: unknown) =>
  (key === 'type' || key === 'scheme') && typeof v === 'string' ? v.toLowerCase() : v;
const objectOf = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const shown = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
