/**
 * The description's statements as data: every sentence and table row of
 * `contract/platform-description.md`, quoted verbatim, each testable (with its kind, the operations
 * it speaks of and the spec places it governs, marked there with `x-stated`), not shown, or
 * untestable (with why). What no testable entry states is assumed. Tests keep the quotes verbatim,
 * every sentence and row accounted for, and the spec's marks in step with the places.
 */
import type { EntryClass, InventoryEntry, TestableEntry } from './description-entry.ts';
import { ENDPOINT_ENTRIES } from './description-inventory-endpoints.ts';
import { RESOURCE_ENTRIES } from './description-inventory-resources.ts';
import { RULE_ENTRIES } from './description-inventory-rules.ts';

export const DESCRIPTION_INVENTORY: readonly InventoryEntry[] = [
  ...RESOURCE_ENTRIES,
  ...ENDPOINT_ENTRIES,
  ...RULE_ENTRIES,
];

const BY_ID = new Map(DESCRIPTION_INVENTORY.map((entry) => [entry.id, entry]));

/** The entry of this id, if there is one. */
export const inventoryEntry = (id: string): InventoryEntry | undefined => BY_ID.get(id);

export const testableEntries = (): TestableEntry[] =>
  DESCRIPTION_INVENTORY.filter((entry): entry is TestableEntry => entry.class === 'testable');

/** How many entries each class has. */
export function inventoryCounts(
  entries: readonly InventoryEntry[] = DESCRIPTION_INVENTORY,
): Record<EntryClass, number> {
  const counts: Record<EntryClass, number> = { testable: 0, 'not-shown': 0, untestable: 0 };
  for (const entry of entries) counts[entry.class] += 1;
  return counts;
}
