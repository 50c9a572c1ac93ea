/**
 * `spec diff --severity-overrides FILE`: a team's own severity for some kinds of change, as oasdiff's
 * `--severity-levels` file gives one per check. The file is a YAML or JSON map from a kind
 * (`response-non-success-status-removed`) to `breaking`, `potentially-breaking`, `compatible` or
 * `ignore` (oasdiff's `err`, `warn`, `info` and `none` are read as the same); anything else is refused,
 * naming the file, the entry and what it may be.
 */
import { readFileSync } from 'node:fs';
import { CHANGE_KINDS, SEVERITIES, type ChangeKind, type SeverityOverride } from './diff-severity.ts';

/** A severity overrides file that cannot be used: missing, unparseable, or with an unknown kind or level. */
export class SeverityOverridesError extends Error {}

export type SeverityOverrides = ReadonlyMap<ChangeKind, SeverityOverride>;

const LEVELS: Record<string, SeverityOverride> = {
  ...Object.fromEntries(SEVERITIES.map((s) => [s, s])),
  ignore: 'ignore',
  err: 'breaking',
  warn: 'potentially-breaking',
  info: 'compatible',
  none: 'ignore',
};

/** Reads and checks an overrides file; throws SeverityOverridesError naming what is wrong. */
export async function readSeverityOverrides(file: string): Promise<SeverityOverrides> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SeverityOverridesError(`${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  // yaml is CommonJS: its default export is the one shape Node and the bundle both give. JSON is YAML.
  const { default: yaml } = await import('yaml');
  let parsed: unknown;
  try {
    parsed = yaml.parse(text);
  } catch (error) {
    throw new SeverityOverridesError(
      `${file}: does not parse as YAML or JSON: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return severityOverridesOf(parsed, file);
}

/** The overrides a parsed file gives; throws SeverityOverridesError naming the first bad entry. */
export function severityOverridesOf(parsed: unknown, file: string): SeverityOverrides {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SeverityOverridesError(
      `${file}: must be a map from a kind of change to a severity (e.g. "response-non-success-status-removed: breaking")`,
    );
  const overrides = new Map<ChangeKind, SeverityOverride>();
  for (const [kind, value] of Object.entries(parsed)) {
    if (!(kind in CHANGE_KINDS))
      throw new SeverityOverridesError(
        `${file}: "${kind}" is not a kind of change (docs/spec-diff.md lists the kinds)`,
      );
    const level = typeof value === 'string' ? LEVELS[value.toLowerCase()] : undefined;
    if (!level)
      throw new SeverityOverridesError(
        `${file}: ${kind}: ${JSON.stringify(value)} is not a severity (one of ${[...SEVERITIES, 'ignore'].join(', ')})`,
      );
    overrides.set(kind as ChangeKind, level);
  }
  return overrides;
}
