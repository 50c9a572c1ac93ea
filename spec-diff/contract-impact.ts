/**
 * Which committed pact interactions and scenario steps a change between two versions of the
 * contract breaks, checked offline: a call of a removed operation, status or media type; a request
 * that the revision's validators refuse where the base's accepted it (or accept where a 400/422 case
 * needed a refusal), at the field that changed; a pact response body the revision no longer agrees
 * with, or that carries a property no longer documented or guaranteed; a step that reads such a
 * property; credentials that no longer reach the operation.
 */
import type { Contract, ValidationIssue } from '../contract/index.ts';
import type { SpecChange } from './spec-diff.ts';
import type { ContractCall } from './contract-calls.ts';

export interface BrokenCall {
  source: ContractCall['source'];
  file: string;
  name: string;
  at: string;
  /** Why this call breaks. */
  reason: string;
}

/** Statuses answered before the body is read, or about the body as a whole: a field's rules do not decide them. */
const NOT_ABOUT_FIELDS = new Set([401, 403, 413, 415]);

/** For each change, the calls it breaks (in the order of `changes`). */
export function impactOf(
  changes: SpecChange[],
  calls: ContractCall[],
  base: Contract,
  revision: Contract,
): BrokenCall[][] {
  const checked = calls.map((call) => new CheckedCall(call, base, revision));
  return changes.map((change) =>
    checked.flatMap((c) => {
      const reason = c.operationId === change.operation?.id ? breakReason(change, c) : undefined;
      const { source, file, name, at } = c.call;
      return reason ? [{ source, file, name, at, reason }] : [];
    }),
  );
}

/** A call with the operation it reaches in the base, and its issues under each version, worked out once. */
class CheckedCall {
  readonly operationId: string | undefined;
  private cache = new Map<string, ValidationIssue[]>();
  constructor(
    readonly call: ContractCall,
    private readonly base: Contract,
    private readonly revision: Contract,
  ) {
    this.operationId = base.match(call.method, call.path)?.operation.id;
  }

  get expectsValid(): boolean {
    return this.call.statuses.every((s) => s < 400 || (s !== 400 && s !== 422 && !NOT_ABOUT_FIELDS.has(s)));
  }

  get expectsRefusal(): 400 | 422 | undefined {
    return this.call.statuses.find((s): s is 400 | 422 => s === 400 || s === 422);
  }

  /** The issues of the request (path parameters and body) under one version of the contract. */
  requestIssues(version: 'base' | 'revision'): ValidationIssue[] {
    return this.memo(`request ${version}`, () => {
      const contract = version === 'base' ? this.base : this.revision;
      const matched = contract.match(this.call.method, this.call.path);
      if (!matched) return [];
      const { operation, params } = matched;
      const body =
        this.call.body !== undefined && operation.requestBody
          ? contract.validators.body(operation.id, this.call.body)
          : [];
      return [...contract.validators.params(operation.id, params), ...body];
    });
  }

  /** The issues of a pact's response body under one version (none when that status has no schema there). */
  responseIssues(version: 'base' | 'revision'): ValidationIssue[] {
    return this.memo(`response ${version}`, () => {
      const contract = version === 'base' ? this.base : this.revision;
      const operation = contract.match(this.call.method, this.call.path)?.operation;
      const status = this.call.statuses[0];
      if (!operation || status === undefined || this.call.response?.body === undefined) return [];
      return contract.validators.response(operation.id, status, this.call.response.body) ?? [];
    });
  }

  private memo(key: string, work: () => ValidationIssue[]): ValidationIssue[] {
    let issues = this.cache.get(key);
    if (!issues) this.cache.set(key, (issues = work()));
    return issues;
  }
}

function breakReason(change: SpecChange, c: CheckedCall): string | undefined {
  const { call } = c;
  const called = `calls ${call.method} ${call.shownPath}`;
  switch (change.kind) {
    case 'path-removed':
    case 'operation-removed':
    case 'operation-removed-after-sunset':
      return `${called}, which the revision removes`;
    case 'request-media-type-removed': {
      const removed = change.mediaTypes?.[0];
      return call.sendsBody && call.mediaType === removed && !call.statuses.includes(415)
        ? `sends its body as ${removed}`
        : undefined;
    }
    case 'request-body-became-required':
      return !call.sendsBody && c.expectsValid ? 'sends no body' : undefined;
    case 'request-body-removed':
      return call.sendsBody ? 'sends a body' : undefined;
    case 'response-success-status-removed':
    case 'response-non-success-status-removed':
      return change.status !== undefined && call.statuses.includes(change.status)
        ? `expects status ${change.status}`
        : undefined;
    case 'response-media-type-removed':
      return responseMediaTypeReason(change, call);
    case 'security-added':
      return call.auth === 'none' && !call.statuses.includes(401) ? 'sends no credentials' : undefined;
    case 'security-scheme-changed': {
      // A step on default credentials takes what the revision asks for; a pact and a step's own do not.
      const own = call.source === 'pact' ? call.auth !== 'none' : call.auth !== 'default' && call.auth !== 'none';
      return own && !call.statuses.includes(401) ? 'sends the credentials the base asks for' : undefined;
    }
    case 'security-scope-added':
      return scopeReason(change, call);
    case 'parameter-added-required':
    case 'parameter-became-required':
      return parameterMissing(change, c);
    default:
      break;
  }
  if (change.field === undefined || WORDS_ONLY.has(change.kind)) return undefined;
  if (change.in === 'request' || (change.in === 'parameter' && change.parameter?.in === 'path'))
    return requestFieldReason(change, c);
  if (change.in === 'response') return responseFieldReason(change, c);
  return undefined;
}

function responseMediaTypeReason(change: SpecChange, call: ContractCall): string | undefined {
  const removed = change.mediaTypes?.[0] ?? '';
  if (change.status === undefined || !call.statuses.includes(change.status)) return undefined;
  if (call.response?.mediaType === removed) return `expects ${removed} with status ${change.status}`;
  if (call.contentTypeExpected?.includes(removed)) return `expects the Content-Type ${removed}`;
  return undefined;
}

function scopeReason(change: SpecChange, call: ContractCall): string | undefined {
  if (call.statuses.some((s) => s === 401 || s === 403)) return undefined;
  const scopes = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
  const added = scopes(change.after).filter((s) => !scopes(change.before).includes(s));
  if (typeof call.auth === 'object') {
    const held = call.auth.scopes;
    const missing = added.filter((s) => !held.includes(s));
    return missing.length
      ? `its token holds ${held.join(', ') || 'no scope'}, without ${missing.join(', ')}`
      : undefined;
  }
  // The pact verifier mints a token with every scope, so `contracts verify` stays green: the partner app's own token does not.
  if (call.source === 'pact' && call.auth === 'default')
    return `the partner app's token must now hold ${added.join(', ')} (verification mints every scope, so it will not show)`;
  return undefined;
}

function parameterMissing(change: SpecChange, c: CheckedCall): string | undefined {
  const { parameter } = change;
  if (!parameter || !c.expectsValid) return undefined;
  const sent =
    parameter.in === 'query'
      ? c.call.query.includes(parameter.name)
      : parameter.in === 'header'
        ? c.call.headers.has(parameter.name.toLowerCase())
        : true;
  return sent ? undefined : `does not send the ${parameter.in} parameter ${parameter.name}`;
}

/** The revision refuses the request at the changed field where the base did not, or accepts what it had to refuse. */
function requestFieldReason(change: SpecChange, c: CheckedCall): string | undefined {
  // A loosened request refuses nothing the base accepted: only a 400 or 422 case can break.
  if (c.expectsRefusal === undefined && WIDENING.has(change.kind)) return undefined;
  const root = change.in === 'parameter' ? 'path' : 'body';
  const field =
    change.in === 'parameter' ? [change.parameter?.name ?? '', ...(change.field ?? [])] : (change.field ?? []);
  const [before, after] = [c.requestIssues('base'), c.requestIssues('revision')];
  const known = new Set(before.map(issueKey));
  const added = after.filter((i) => !known.has(issueKey(i)) && under(i, root, field));
  const refusal = c.expectsRefusal;
  if (refusal === undefined) {
    const first = added[0];
    return first && c.expectsValid ? `the revision refuses its request: ${first.message} (${first.status})` : undefined;
  }
  if (refusal === 422 && added.some((i) => i.status === 400))
    return `expects 422, but the revision finds the request malformed (400): ${added.find((i) => i.status === 400)?.message ?? ''}`;
  const stillRefused = after.some((i) => i.status === refusal);
  const lost = before.filter((i) => i.status === refusal && under(i, root, field));
  return !stillRefused && lost.length
    ? `expects ${refusal}, but the revision accepts ${lost[0]?.target ?? 'its request'}`
    : undefined;
}

const READ_BREAKING = new Set(['property-removed', 'property-became-optional', 'type-changed']);

/** Kinds that change no request's or answer's validity: no call is validated for them. */
const WORDS_ONLY = new Set(['description-changed', 'example-changed', 'default-changed', 'property-deprecated']);
/** Kinds that only let more through: what the base accepted, the revision accepts (no call is validated for it). */
const WIDENING = new Set([
  'constraint-loosened',
  'type-widened',
  'enum-widened',
  'additional-properties-opened',
  'property-added',
  'property-became-optional',
]);

function responseFieldReason(change: SpecChange, c: CheckedCall): string | undefined {
  const { call } = c;
  const field = change.field ?? [];
  if (change.status === undefined || !call.statuses.includes(change.status)) return undefined;
  if (call.source === 'pact') {
    if (!WIDENING.has(change.kind)) {
      const known = new Set(c.responseIssues('base').map(issueKey));
      const added = c.responseIssues('revision').find((i) => !known.has(issueKey(i)) && under(i, 'body', field));
      if (added) return `its response body no longer agrees with the revision: ${added.message}`;
    }
    if (
      (change.kind === 'property-removed' || change.kind === 'property-became-optional') &&
      present(call.response?.body, field)
    )
      return `its response carries ${field.join('.')}, which the revision ${change.kind === 'property-removed' ? 'no longer documents' : 'no longer guarantees'}`;
    return undefined;
  }
  if (!READ_BREAKING.has(change.kind)) return undefined;
  const read = call.reads.find((segments) => prefixOf(field, segments) || prefixOf(segments, field));
  return read ? `reads $.${read.join('.').replace(/\.\[\]/g, '[]')}` : undefined;
}

const issueKey = (i: ValidationIssue) => `${i.target} ${i.status} ${i.message}`;

/** Whether an issue's target (`body.items.0.name`) lies at or below the field (`items`, `[]`, `name`). */
function under(issue: ValidationIssue, root: string, field: string[]): boolean {
  const [first, ...rest] = issue.target.split('.');
  if (first !== root) return false;
  return prefixOf(
    field,
    rest.map((s) => (/^\d+$/.test(s) ? '[]' : s)),
  );
}

/** Whether `prefix` starts `segments` (`*` in the prefix, additional properties, stands for any name). */
function prefixOf(prefix: string[], segments: string[]): boolean {
  return prefix.length <= segments.length && prefix.every((s, i) => s === '*' || s === segments[i]);
}

/** Whether a JSON value has something at the field (any element, for `[]`). */
function present(value: unknown, field: string[]): boolean {
  if (field.length === 0) return value !== undefined;
  const [head, ...rest] = field;
  if (head === '[]') return Array.isArray(value) && value.some((v) => present(v, rest));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (head === '*') return Object.values(record).some((v) => present(v, rest));
  return head !== undefined && head in record && present(record[head], rest);
}
