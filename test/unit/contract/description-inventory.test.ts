/**
 * The description's statements as data: every quote of the inventory stands verbatim in the
 * description, every sentence and table row of it is accounted for, ids are unique, and the spec's
 * `x-stated` marks and the testable entries' places agree both ways.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_INVENTORY,
  descriptionUnits,
  inventoryEntry,
  keysOfPointer,
  loadContract,
  statedMarks,
  testableEntries,
  type DescriptionUnit,
} from '../../../contract/index.ts';
import { OPERATION_PATHS } from '../../../contract/description-entry.ts';
import { SEED_PATH } from '../../support/seed-document.ts';

const description = readFileSync(SEED_PATH, 'utf8');
const units = descriptionUnits(description);
const { raw } = await loadContract();
const marks = statedMarks(raw);

const valueAt = (pointer: string): unknown =>
  keysOfPointer(pointer).reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
    raw,
  );
const within = (entry: { section: string; quote: string }, unit: DescriptionUnit) =>
  unit.section === entry.section && unit.text.includes(entry.quote);

describe("the description's sentences and rows", () => {
  it('are cut into sentences and rows, headings and table headers left out', () => {
    const texts = units.map((u) => u.text);
    expect(texts).toContain('All fields are optional and nullable.');
    expect(texts).toContain('Unknown properties are not allowed.');
    expect(texts).toContain('customer records');
    expect(texts).toContain('| name | string | provider name |');
    expect(texts).not.toContain('| Field | Type | Meaning |');
    expect(texts).not.toContain('|---|---|---|');
    expect(texts.some((t) => t.startsWith('#'))).toBe(false);
    expect(units).toContainEqual({
      section: 'Authentication, rule 2',
      kind: 'sentence',
      text: 'The token is the `accessToken` issued by an authentication service.',
    });
    expect(units).toContainEqual({
      section: 'Endpoints, rule 5',
      kind: 'sentence',
      text: 'The provider update answers 404 when no provider with the given identifier exists.',
    });
    // Every line of a table is a row but each table's header and separator.
    const tableLines = description.split('\n').filter((line) => line.startsWith('|'));
    const tables = tableLines.filter((line) => line.startsWith('|---')).length;
    expect(units.filter((u) => u.kind === 'row')).toHaveLength(tableLines.length - 2 * tables);
  });

  it('are each quoted whole by an entry of their section', () => {
    const unaccounted = units.filter(
      (unit) => !DESCRIPTION_INVENTORY.some((e) => e.section === unit.section && e.quote === unit.text),
    );
    expect(unaccounted).toEqual([]);
  });
});

describe('the inventory', () => {
  it('quotes each entry verbatim from a sentence or row of its section', () => {
    const misquoted = DESCRIPTION_INVENTORY.filter((entry) => !units.some((unit) => within(entry, unit)));
    expect(misquoted.map((e) => e.id)).toEqual([]);
    for (const entry of DESCRIPTION_INVENTORY) expect(description).toContain(entry.quote);
  });

  it('gives each entry its own id', () => {
    const ids = DESCRIPTION_INVENTORY.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(inventoryEntry('endpoints.rule5')?.class).toBe('testable');
  });

  it('says why an untestable entry tests nothing, and calls not shown only what the description says is', () => {
    for (const entry of DESCRIPTION_INVENTORY) {
      if (entry.class === 'untestable') expect(entry.why, entry.id).toMatch(/\w{3}/);
      if (entry.class === 'not-shown') expect(entry.quote, entry.id).toMatch(/not shown|no body shape stated/);
    }
  });

  it('names real operations, each at the path and method the Endpoints table states', () => {
    for (const [operationId, [path, method]] of Object.entries(OPERATION_PATHS)) {
      expect((valueAt(`/paths/${path.replaceAll('/', '~1')}/${method}`) as { operationId?: string })?.operationId).toBe(
        operationId,
      );
    }
    for (const entry of testableEntries()) {
      expect(entry.operations.length, entry.id).toBeGreaterThan(0);
      for (const op of entry.operations) expect(Object.keys(OPERATION_PATHS), entry.id).toContain(op);
    }
  });
});

describe('the x-stated marks of the spec', () => {
  it("carry each testable entry's id on every place it governs, an object that is not a $ref", () => {
    for (const entry of testableEntries()) {
      expect(entry.places.length, entry.id).toBeGreaterThan(0);
      for (const place of entry.places) {
        const node = valueAt(place);
        expect(typeof node === 'object' && node !== null && !Array.isArray(node), `${entry.id} at ${place}`).toBe(true);
        expect(node as object, `${entry.id} at ${place}`).not.toHaveProperty('$ref');
        expect(marks.get(place), `${entry.id} at ${place}`).toContain(entry.id);
      }
    }
  });

  it('name only testable entries that govern the marked place', () => {
    for (const [place, ids] of marks) {
      for (const id of ids) {
        const entry = inventoryEntry(id);
        expect(entry?.class, `${id} at ${place || '(document)'}`).toBe('testable');
        if (entry?.class === 'testable') expect(entry.places, `${id} at ${place}`).toContain(place);
      }
    }
  });
});
