/**
 * The uniqueness rules of the collections (a brand's name, a user's e-mail, a provider's name within
 * its merchant) and how indexed values compare: written once, in one table, so the memory and the
 * Redis store keep the same values unique and find the same records. `putUnique` takes only a
 * collection of this table and a record; which field is unique, the table says.
 */
import type { CollectionName, StoredRecord } from './collections.ts';

const FOLDED_FIELDS = new Set(['email', 'name']);

/** A value as an index keeps it: names and e-mails ignoring case and surrounding spaces. */
export const indexValue = (field: string, value: unknown) =>
  FOLDED_FIELDS.has(field) ? String(value).trim().toLowerCase() : String(value);

/** The value each collection keeps unique (within the scope, when one is named): what putUnique checks. */
export const UNIQUE_FIELDS = {
  brands: { field: 'name' },
  users: { field: 'email' },
  providers: { field: 'name', scope: 'merchantId' },
} as const satisfies Partial<Record<CollectionName, { field: string; scope?: string }>>;

/** A collection that keeps a value unique: the only ones putUnique takes. */
export type UniqueCollection = keyof typeof UNIQUE_FIELDS;

type UniqueRule = { field: string; scope?: string };

const ruleOf = (collection: CollectionName): UniqueRule | undefined =>
  (UNIQUE_FIELDS as Partial<Record<CollectionName, UniqueRule>>)[collection];

/** The fields a store looks a collection's unique value up by: its unique field and its scope. */
export function uniqueIndexFields(collection: CollectionName): string[] {
  const rule = ruleOf(collection);
  return rule ? [...(rule.scope ? [rule.scope] : []), rule.field] : [];
}

/** The record's unique value as an index keeps it ('' when the collection has none or the record lacks it). */
export function uniqueValueOf(collection: CollectionName, record: StoredRecord): string {
  const unique = ruleOf(collection);
  if (!unique || record[unique.field] === undefined || record[unique.field] === null) return '';
  const value = indexValue(unique.field, record[unique.field]);
  return unique.scope ? JSON.stringify([String(record[unique.scope]), value]) : value;
}
