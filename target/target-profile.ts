/**
 * A target profile: one YAML file that tells the harness everything it needs about a deployment
 * (its URL, credentials per role, fixtures the API cannot create, a provider-states URL). Read and
 * validated against TARGET_PROFILE_SCHEMA; every problem is reported with its line and column.
 */
import { compileOnFirstUse, keysOfPointer } from '../contract/index.ts';
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { TARGET_PROFILE_SCHEMA } from './target-profile-schema.ts';
import { parseTargetUrl, TargetUsageError } from './target-check.ts';

/** A secret's source: `{ env: NAME }`, `{ command: "..." }` (its standard output) or `{ value: "..." }`. */
export type SecretSource = { env: string } | { command: string } | { value: string };

/** The path parameters a token can be bound to. */
export const BOUND_PARAMS = ['dealerId', 'merchantId', 'consumerId', 'userId'] as const;
export type BoundParam = (typeof BOUND_PARAMS)[number];

export interface TargetFixtures {
  merchantId?: string;
  merchantProviderId?: string;
  otherMerchantProviderId?: string;
  dealerId?: string;
  coverageAreaId?: string;
  deletableCoverageAreaIds?: string[];
  categoryId?: string;
  productId?: string;
}

export interface TargetProfile {
  target: string;
  timeoutSeconds?: number;
  credentials?: {
    token?: SecretSource;
    tokenWithoutPermission?: SecretSource;
    expiredToken?: SecretSource;
    apiKey?: SecretSource;
    /** Per path parameter: a token bound to `id`, and optionally `otherToken`, bound to another one (for the 403 rules). */
    bound?: Partial<Record<BoundParam, { id: string; token: SecretSource; otherToken?: SecretSource }>>;
  };
  fixtures?: TargetFixtures;
  statesUrl?: string;
}

export interface ProfileProblem {
  line: number;
  column: number;
  message: string;
}

/** A profile file that cannot be used; `problems` holds each one with its line and column. */
export class ProfileError extends TargetUsageError {
  override name = 'ProfileError';
  constructor(
    readonly file: string,
    readonly problems: ProfileProblem[],
  ) {
    super(problems.map((p) => `${file}:${p.line}:${p.column}: ${p.message}`).join('\n'));
  }
}

// Compiled when a profile is first read, not when the module loads: `spec diff` loads it without reading one.
const profileValidator = compileOnFirstUse<TargetProfile>(TARGET_PROFILE_SCHEMA);

/** Reads and validates a profile; throws ProfileError listing every problem. */
export function loadTargetProfile(file: string): TargetProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(file, [
      {
        line: 1,
        column: 1,
        message: `cannot read the profile: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      },
    ]);
  }
  return parseTargetProfile(text, file);
}

export function parseTargetProfile(text: string, file = 'profile'): TargetProfile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (document.errors.length > 0) {
    throw new ProfileError(
      file,
      document.errors.map((e) => ({ ...at(e.pos[0]), message: e.message.split('\n')[0] ?? e.message })),
    );
  }
  const value: unknown = document.toJS();
  const validate = profileValidator();
  if (validate(value)) {
    // The URLs are judged as a flag's would be (parseTargetUrl), so `profile check` passes only what a run accepts.
    const problems = (['target', 'statesUrl'] as const).flatMap((key): ProfileProblem[] => {
      const url = value[key];
      if (url === undefined) return [];
      try {
        parseTargetUrl(url, key);
        return [];
      } catch (error) {
        if (!(error instanceof TargetUsageError)) throw error;
        const range = (document.get(key, true) as { range?: [number, number, number] } | undefined)?.range;
        return [{ ...(range ? at(range[0]) : { line: 1, column: 1 }), message: error.message }];
      }
    });
    if (problems.length === 0) return value;
    throw new ProfileError(file, problems);
  }
  const problems = (validate.errors ?? [])
    // oneOf reports each branch; the summary below says what a secret must be.
    .filter((e) => !(e.instancePath.length > 0 && /\/(oneOf)\/\d+\//.test(e.schemaPath)))
    .map((e): ProfileProblem => {
      const path = keysOfPointer(e.instancePath);
      const extra =
        e.keyword === 'additionalProperties'
          ? (e.params as { additionalProperty: string }).additionalProperty
          : undefined;
      const node = document.getIn(extra ? [...path, extra] : path, true);
      const keyNode = extra ? findKey(document, path, extra) : undefined;
      const range = (keyNode ?? (isNode(node) ? node : undefined))?.range;
      const where = path.length ? path.join('.') : 'the profile';
      const message =
        e.keyword === 'additionalProperties'
          ? `${where === 'the profile' ? '' : `${where}: `}unknown key "${extra ?? ''}"`
          : e.keyword === 'oneOf'
            ? `${where}: must be one of { env: NAME }, { command: "..." } or { value: "..." }`
            : `${where} ${e.message ?? 'is invalid'}`;
      return { ...(range ? at(range[0]) : { line: 1, column: 1 }), message };
    });
  throw new ProfileError(file, problems);
}

/** The node of a mapping's key, for pointing at an unknown key rather than its value. */
function findKey(
  document: ReturnType<typeof parseDocument>,
  path: string[],
  key: string,
): { range?: [number, number, number] | null } | undefined {
  const parent: unknown = path.length ? document.getIn(path, true) : document.contents;
  const items = (parent as { items?: { key?: unknown }[] } | null)?.items ?? [];
  const pair = items.find((item) => isNode(item.key) && String((item.key as { value?: unknown }).value) === key);
  return pair && isNode(pair.key) ? (pair.key as { range?: [number, number, number] | null }) : undefined;
}
