/**
 * The kinds of change `gas-harness spec diff` finds between two versions of the contract, and the
 * severity of each for a client that was written against the older one. A schema change's severity
 * depends on its direction: what a client sends may only get looser, what it receives only tighter.
 * The rules follow oasdiff's (ERR, WARN, INFO as breaking, potentially breaking, compatible).
 */

export type Severity = 'breaking' | 'potentially-breaking' | 'compatible';

/** Where a schema is: in what the client sends (a request body or parameter) or what it receives. */
export type Direction = 'request' | 'response';

type Rule = Severity | Record<Direction, Severity>;

/** Every kind, with its severity (by direction for schema changes) and what it means. */
export const CHANGE_KINDS = {
  'path-removed': { severity: 'breaking', means: 'a path and every operation on it are gone' },
  'operation-removed': { severity: 'breaking', means: 'a method of a path that remains is gone' },
  'operation-added': { severity: 'compatible', means: 'a new path or method' },
  'security-added': { severity: 'breaking', means: 'an operation that took no credentials now takes some' },
  'security-scheme-changed': {
    severity: 'breaking',
    means: 'an operation takes other credentials (bearer token, API key)',
  },
  'security-scope-added': { severity: 'breaking', means: 'a token must hold a scope it did not need' },
  'security-scope-removed': { severity: 'compatible', means: 'a scope is no longer needed' },
  'security-removed': { severity: 'compatible', means: 'an operation no longer takes credentials' },
  'parameter-added-required': { severity: 'breaking', means: 'a new parameter that must be sent' },
  'parameter-became-required': { severity: 'breaking', means: 'an optional parameter must now be sent' },
  'parameter-added-optional': { severity: 'compatible', means: 'a new optional parameter' },
  'parameter-became-optional': { severity: 'compatible', means: 'a required parameter may now be left out' },
  'parameter-removed': {
    severity: 'potentially-breaking',
    means: 'a parameter a client may still send is no longer read',
  },
  'request-body-became-required': { severity: 'breaking', means: 'a request without a body is refused' },
  'request-body-removed': { severity: 'potentially-breaking', means: 'the operation no longer takes a body' },
  'request-media-type-removed': {
    severity: 'breaking',
    means: 'a media type the request body could be sent as is refused',
  },
  'request-media-type-added': { severity: 'compatible', means: 'the request body may be sent as one more media type' },
  'response-status-removed': { severity: 'breaking', means: 'a status the operation answered is no longer documented' },
  'response-status-added': { severity: 'compatible', means: 'a newly documented status' },
  'response-media-type-removed': {
    severity: 'breaking',
    means: 'a status no longer answers with that media type (or with a body)',
  },
  'response-media-type-added': { severity: 'compatible', means: 'a status may answer with one more media type' },
  'property-became-required': {
    severity: { request: 'breaking', response: 'compatible' },
    means: 'a property must be present (in a request: sent; in a response: always there)',
  },
  'property-became-optional': {
    severity: { request: 'compatible', response: 'breaking' },
    means: 'a property may be absent (a client reading it may find nothing)',
  },
  'property-removed': {
    severity: { request: 'potentially-breaking', response: 'breaking' },
    means: 'a property is no longer documented (breaking in a request whose schema refuses unknown properties)',
  },
  'property-added': {
    severity: { request: 'compatible', response: 'compatible' },
    means: 'an optional property is documented',
  },
  'type-changed': {
    severity: { request: 'breaking', response: 'breaking' },
    means: 'the type is another (neither wider nor narrower)',
  },
  'type-widened': {
    severity: { request: 'compatible', response: 'breaking' },
    means: 'more types are allowed (null added, integer to number)',
  },
  'type-narrowed': {
    severity: { request: 'breaking', response: 'compatible' },
    means: 'fewer types are allowed (null removed, number to integer)',
  },
  'enum-narrowed': {
    severity: { request: 'breaking', response: 'compatible' },
    means: 'fewer values are allowed (an enum or const added, or values removed)',
  },
  'enum-widened': {
    severity: { request: 'compatible', response: 'potentially-breaking' },
    means: 'more values are allowed (values added, or the enum removed)',
  },
  'constraint-tightened': {
    severity: { request: 'breaking', response: 'compatible' },
    means: 'maxLength, maxItems or maximum lowered, minLength, minItems or minimum raised, a pattern or format added',
  },
  'constraint-loosened': {
    severity: { request: 'compatible', response: 'breaking' },
    means: 'the opposite: a bound relaxed or removed, a pattern or format removed',
  },
  'constraint-changed': {
    severity: { request: 'potentially-breaking', response: 'potentially-breaking' },
    means: 'a pattern or format replaced by another',
  },
  'additional-properties-closed': {
    severity: { request: 'breaking', response: 'compatible' },
    means: 'properties the schema does not name are refused',
  },
  'additional-properties-opened': {
    severity: { request: 'compatible', response: 'potentially-breaking' },
    means: 'properties the schema does not name are allowed',
  },
  'schema-changed': {
    severity: { request: 'potentially-breaking', response: 'potentially-breaking' },
    means: 'another validation keyword changed (allOf, oneOf, if/then, multipleOf...)',
  },
} as const satisfies Record<string, { severity: Rule; means: string }>;

export type ChangeKind = keyof typeof CHANGE_KINDS;

export const SEVERITIES: readonly Severity[] = ['breaking', 'potentially-breaking', 'compatible'];

/** The severity of a kind of change; a schema change's by the direction of the schema. */
export function severityOf(kind: ChangeKind, direction?: Direction): Severity {
  const rule: Rule = CHANGE_KINDS[kind].severity;
  return typeof rule === 'string' ? rule : rule[direction ?? 'request'];
}

/** Whether `severity` is at least `threshold` (breaking > potentially breaking > compatible). */
export function meetsThreshold(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(threshold);
}

const shown = (s: Severity) => s.replace('-', ' ');

/** The table of kinds and severities as docs/spec-diff.md shows it (a test keeps the two in step). */
export function renderChangeKinds(): string {
  const rows = Object.entries(CHANGE_KINDS).map(
    ([kind, { severity, means }]: [string, { severity: Rule; means: string }]) => {
      const [request, response] =
        typeof severity === 'string' ? [severity, severity] : [severity.request, severity.response];
      return `| \`${kind}\` | ${shown(request)} | ${shown(response)} | ${means} |`;
    },
  );
  return ['| kind | in a request | in a response | what changed |', '|---|---|---|---|', ...rows].join('\n');
}
