/**
 * The sentence of the platform's description that a change between two versions of the contract
 * touches, when one pins the changed element: the one lookup `spec diff` makes, so that the stated
 * rules (today `spec/stated-rules.ts`) can be swapped for a fuller inventory without touching the diff.
 * A change no stated sentence pins is not "documented", whatever it changes.
 */
import type { SpecChange } from './spec-change.ts';
import {
  speaksOf,
  statedAnswer,
  statedMediaType,
  statedShape,
  STATED_RULES,
  type StatedRule,
} from '../verdict/stated-rules.ts';

/** What the lookup reads of a change. */
export type ChangeSubject = Pick<SpecChange, 'kind' | 'in' | 'operation' | 'status' | 'field' | 'mediaTypes'>;

const RULES: readonly StatedRule[] = Object.values(STATED_RULES as Record<string, StatedRule>);

const REMOVALS = new Set(['path-removed', 'operation-removed', 'operation-removed-after-sunset']);
const STATUS_KINDS = new Set([
  'response-success-status-removed',
  'response-non-success-status-removed',
  'response-status-added',
]);
const CREDENTIALS_KINDS = new Set(['security-added', 'security-removed', 'security-scheme-changed']);
const MEDIA_TYPE_KINDS = new Set(['request-media-type-removed', 'request-media-type-added']);
const CLOSED_BODY_KINDS = new Set(['additional-properties-closed', 'additional-properties-opened']);
/** Kinds about a media type or a status as a whole, which a body shape's sentence does not pin. */
const NOT_SHAPE = new Set([
  'response-media-type-removed',
  'response-media-type-added',
  'description-changed',
  'example-changed',
]);

/** The stated rule that pins what `change` touches, or undefined when no sentence of the description does. */
export function statementPinning(change: ChangeSubject): StatedRule | undefined {
  const id = change.operation?.id;
  if (id === undefined) return undefined;
  // That an operation exists is pinned by any sentence that speaks of it (its row's status, its body, its media types).
  if (REMOVALS.has(change.kind))
    return RULES.find(
      (r) =>
        r.answer?.operationId === id ||
        r.shape?.operationIds.includes(id) === true ||
        r.mediaTypes?.operationId === id ||
        speaksOf(r, id),
    );
  if (CREDENTIALS_KINDS.has(change.kind)) return STATED_RULES.unauthenticated401;
  if (STATUS_KINDS.has(change.kind) && change.status !== undefined)
    return (
      statedAnswer(id, change.status) ??
      (change.status === 401
        ? STATED_RULES.unauthenticated401
        : change.status === 403
          ? STATED_RULES.permission403
          : undefined)
    );
  if (MEDIA_TYPE_KINDS.has(change.kind))
    return change.mediaTypes?.map((type) => statedMediaType(id, type)).find((rule) => rule !== undefined);
  if (change.in === 'request' && CLOSED_BODY_KINDS.has(change.kind) && speaksOf(STATED_RULES.closedProviderBody, id))
    return STATED_RULES.closedProviderBody;
  if (change.in === 'response' && change.status !== undefined && !NOT_SHAPE.has(change.kind)) {
    const rule = statedShape(id, change.status);
    const field = change.field ?? [];
    const fields = rule?.shape?.fields;
    // A shape stated by its fields pins them and what they hold; one stated as a wrapper pins the wrapper.
    if (rule && (fields ? fields.includes(field[0] ?? '') : field.length <= 1)) return rule;
  }
  return undefined;
}
