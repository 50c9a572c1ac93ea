/**
 * Whether a change between two versions of the contract touches something the platform's
 * description states (a stated sentence pins it: documented, quoting it), or not (assumed, with the
 * spec's reason where it marks the element: `x-assumed` on an object on the way to the element, or
 * `x-assumed-<key>` beside the key, a map of sub-keys for `x-assumed-responses`).
 * The location is a path in the dereferenced document; the raw one is walked along it, `$ref`s followed.
 */
import { keysOfPointer } from '../contract/index.ts';
import { statementPinning, type ChangeSubject } from './change-statement.ts';
import { statedBasis, type RuleBasis } from '../verdict/index.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reason given for a change that no stated sentence pins and the spec does not mark. */
export const NOT_STATED =
  "No stated rule of the description (spec/stated-rules.ts) pins this: it counts as the spec's own choice.";

/**
 * The basis of `change`, at `path` of the base document: documented when a stated sentence pins it;
 * otherwise assumed, with the reason the base marks there (for an element the revision adds, the
 * revision's: an assumed scope added, marked in the revision, is an assumption), or NOT_STATED.
 */
export function changeBasis(
  change: ChangeSubject,
  baseRaw: Obj,
  revisionRaw: Obj,
  path: string[],
  adds: boolean,
): RuleBasis {
  const stated = statementPinning(change);
  if (stated) return statedBasis(stated);
  const why = assumedAlong(baseRaw, path) ?? (adds ? assumedAlong(revisionRaw, path) : undefined);
  return { basis: 'assumed', reason: why ?? NOT_STATED };
}

/** The first `x-assumed` reason on the way from the root to `path`, or undefined. */
export function assumedAlong(root: Obj, path: string[]): string | undefined {
  let node: unknown = root;
  for (const [i, key] of path.entries()) {
    node = resolveRef(root, node);
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (isObject(node)) {
      if (typeof node['x-assumed'] === 'string') return node['x-assumed'];
      const why = besideReason(node, key, path[i + 1], path.length - i - 1);
      if (why) return why;
    }
    node = (node as Obj)[key];
  }
  node = resolveRef(root, node);
  return isObject(node) && typeof node['x-assumed'] === 'string' ? node['x-assumed'] : undefined;
}

/**
 * The reason `x-assumed-<key>` gives for the element `below` segments under `key`: a string marks
 * all of it (but `x-assumed-parameters` only the parameters themselves, not their schemas); a map
 * marks one sub-key (a status of `x-assumed-responses`); `x-assumed-media-type` marks a media type.
 */
function besideReason(node: Obj, key: string, next: string | undefined, below: number): string | undefined {
  const beside = node[`x-assumed-${key}`];
  if (typeof beside === 'string') return key !== 'parameters' || below <= 1 ? beside : undefined;
  if (isObject(beside) && next !== undefined && below === 1 && typeof beside[next] === 'string')
    return beside[next] as string;
  const media = node['x-assumed-media-type'];
  if (key === 'content' && below === 1 && typeof media === 'string') return media;
  return undefined;
}

/** Follows a local `$ref` (`#/components/...`); anything else is returned as it is. */
function resolveRef(root: Obj, node: unknown, depth = 0): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/') || depth > 20) return node;
  let target: unknown = root;
  for (const key of keysOfPointer(node.$ref)) {
    target = isObject(target) || Array.isArray(target) ? (target as Obj)[key] : undefined;
  }
  return resolveRef(root, target, depth + 1);
}
