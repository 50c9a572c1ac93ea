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

/**
 * Every kind, with its severity (by direction for schema changes) and what it means. A kind marked
 * `changelog` changes what the document says, not what a client may send or receive: it is listed
 * only by `spec diff --changelog`.
 */
export const CHANGE_KINDS = {
  'path-removed': { severity: 'breaking', means: 'a path and every operation on it are gone (before its sunset date)' },
  'operation-removed': {
    severity: 'breaking',
    means: 'a method of a path that remains is gone (before its sunset date, or with none)',
  },
  'operation-removed-after-sunset': {
    severity: 'compatible',
    means: 'an operation is gone after the sunset date (`x-sunset`) it announced',
  },
  'operation-added': { severity: 'compatible', means: 'a new path or method' },
  'operation-deprecated': { severity: 'compatible', means: 'an operation is marked `deprecated`' },
  'operation-undeprecated': { severity: 'compatible', means: 'an operation is no longer marked `deprecated`' },
  'sunset-brought-forward': {
    severity: 'breaking',
    means: "an operation's sunset date (`x-sunset`) is earlier, or removed while it stays deprecated",
  },
  'sunset-changed': { severity: 'compatible', means: 'a sunset date (`x-sunset`) is set or put later' },
  'security-added': { severity: 'breaking', means: 'an operation that took no credentials now takes some' },
  'security-scheme-changed': {
    severity: 'breaking',
    means: 'an operation takes other credentials (bearer token, API key)',
  },
  'security-scope-added': { severity: 'breaking', means: 'a token must hold a scope it did not need' },
  'security-scope-removed': { severity: 'compatible', means: 'a scope is no longer needed' },
  'security-removed': { severity: 'compatible', means: 'an operation no longer takes credentials' },
  'security-definition-changed': {
    severity: 'breaking',
    means:
      "a security scheme's definition: its type, HTTP scheme, bearer format, API key's place or name, a flow or its URLs",
  },
  'security-definition-scope-removed': {
    severity: 'potentially-breaking',
    means: "a scope is no longer among an OAuth flow's scopes",
  },
  'security-definition-added': {
    severity: 'compatible',
    means: 'a new security scheme in `components.securitySchemes`',
  },
  'security-definition-removed': {
    severity: 'compatible',
    means: 'a security scheme no operation needs is gone (one still needed shows at each operation)',
  },
  'parameter-added-required': { severity: 'breaking', means: 'a new parameter that must be sent' },
  'parameter-became-required': { severity: 'breaking', means: 'an optional parameter must now be sent' },
  'parameter-added-optional': { severity: 'compatible', means: 'a new optional parameter' },
  'parameter-became-optional': { severity: 'compatible', means: 'a required parameter may now be left out' },
  'parameter-deprecated': { severity: 'compatible', means: 'a parameter is marked `deprecated`' },
  'parameter-removed': {
    severity: 'potentially-breaking',
    means: 'a parameter a client may still send is no longer read',
  },
  'request-body-became-required': { severity: 'breaking', means: 'a request without a body is refused' },
  'request-body-removed': { severity: 'breaking', means: 'the operation no longer takes a body' },
  'request-media-type-removed': {
    severity: 'breaking',
    means: 'a media type the request body could be sent as is refused',
  },
  'request-media-type-added': { severity: 'compatible', means: 'the request body may be sent as one more media type' },
  'response-success-status-removed': {
    severity: 'breaking',
    means: 'a success status (2xx) the operation answered is no longer documented',
  },
  'response-non-success-status-removed': {
    severity: 'compatible',
    means: 'an error or other non-2xx status is no longer documented (as oasdiff, informational)',
  },
  'response-status-added': { severity: 'compatible', means: 'a newly documented status' },
  'response-media-type-removed': {
    severity: 'breaking',
    means: 'a status no longer answers with that media type (or with a body)',
  },
  'response-media-type-added': { severity: 'compatible', means: 'a status may answer with one more media type' },
  'response-header-removed': {
    severity: 'breaking',
    means: 'a response header is no longer documented (potentially breaking when it was optional)',
  },
  'response-header-added': { severity: 'compatible', means: 'a response header is documented' },
  'response-header-became-optional': { severity: 'breaking', means: 'a response header may be absent' },
  'response-header-became-required': { severity: 'compatible', means: 'a response header is always sent' },
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
  'property-deprecated': { severity: 'compatible', means: 'a property is marked `deprecated`' },
  'default-changed': {
    severity: { request: 'potentially-breaking', response: 'compatible' },
    means: 'a default is set, changed or removed (in a request: what the platform assumes when it is left out)',
  },
  'operation-id-changed': { severity: 'compatible', changelog: true, means: 'an operationId is renamed' },
  'tags-changed': { severity: 'compatible', changelog: true, means: "an operation's tags" },
  'summary-changed': { severity: 'compatible', changelog: true, means: "an operation's summary" },
  'description-changed': {
    severity: 'compatible',
    changelog: true,
    means: 'a description or title (of an operation, parameter, body, response, header or schema)',
  },
  'example-changed': { severity: 'compatible', changelog: true, means: 'an example or examples' },
} as const satisfies Record<string, { severity: Rule; means: string; changelog?: true }>;

export type ChangeKind = keyof typeof CHANGE_KINDS;

export const SEVERITIES: readonly Severity[] = ['breaking', 'potentially-breaking', 'compatible'];

/** What `--severity-overrides` may set a kind to: a severity, or `ignore` (not reported). */
export type SeverityOverride = Severity | 'ignore';

/** Whether a kind is listed only by `spec diff --changelog` (it changes no request or answer). */
export function changelogOnly(kind: ChangeKind): boolean {
  return 'changelog' in CHANGE_KINDS[kind];
}

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
    ([kind, { severity, means, ...rest }]: [string, { severity: Rule; means: string; changelog?: true }]) => {
      const [request, response] =
        typeof severity === 'string' ? [severity, severity] : [severity.request, severity.response];
      const only = rest.changelog ? ' (`--changelog` only)' : '';
      return `| \`${kind}\` | ${shown(request)} | ${shown(response)} | ${means}${only} |`;
    },
  );
  return ['| kind | in a request | in a response | what changed |', '|---|---|---|---|', ...rows].join('\n');
}
