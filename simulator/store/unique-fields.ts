/**
 * The uniqueness rules of the collections (a brand's name, a user's e-mail, a provider's name within
 * its merchant) and how indexed values compare: written once, so the memory and the Redis store keep
 * the same values unique and find the same records.
 */
import type { CollectionName, StoredRecord } from './collections.ts';

const FOLDED_FIELDS = new Set(['email', 'name']);

/** A value as an index keeps it: names and e-mails ignoring case and surrounding spaces. */
export const indexValue = (field: string, value: unknown) =>
  FOLDED_FIELDS.has(field) ? String(value).trim().toLowerCase() : String(value);

/** The value each collection keeps unique (within the scope, when one is named): what putUnique checks. */
export const UNIQUE_FIELDS: Partial<Record<CollectionName, { field: string; scope?: string }>> = {
  brands: { field: 'name' },
  users: { field: 'email' },
  providers: { field: 'name', scope: 'merchantId' },
};

/**
 * Checks that putUnique is asked for the rule its collection declares above: both stores keep just
 * those (Redis in an index its scripts maintain), so any other field or scope would be honoured by
 * one store and not the other. Asking for another is a bug, refused alike by both.
 */
export function checkUniqueRule(collection: CollectionName, field: string, scopeField?: string): void {
  const unique = UNIQUE_FIELDS[collection];
  if (unique?.field === field && unique.scope === scopeField) return;
  const declared = unique ? `${unique.field}${unique.scope ? ` within ${unique.scope}` : ''}` : 'no field';
  throw new Error(
    `${collection} keeps ${declared} unique; putUnique was asked for ${field}${scopeField ? ` within ${scopeField}` : ''}`,
  );
}

/** The record's unique value as an index keeps it ('' when the collection has none or the record lacks it). */
export function uniqueValueOf(collection: CollectionName, record: StoredRecord): string {
  const unique = UNIQUE_FIELDS[collection];
  if (!unique || record[unique.field] === undefined || record[unique.field] === null) return '';
  const value = indexValue(unique.field, record[unique.field]);
  return unique.scope ? JSON.stringify([String(record[unique.scope]), value]) : value;
}
