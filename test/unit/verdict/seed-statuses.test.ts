/**
 * What the platform's description states about statuses and error shapes, read from the seed
 * itself, against the spec: a stated status or shape must be in the spec and not marked assumed;
 * a shape the seed states must not be contradicted by any failure of that operation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContract, type ErrorShape, type Operation } from '../../../contract/index.ts';
import { SEED_PATH } from '../../support/seed-document.ts';

const contract = await loadContract();
const seed = readFileSync(SEED_PATH, 'utf8');
const op = (id: string): Operation => {
  const found = contract.operationsById.get(id);
  if (!found) throw new Error(`the spec has no operation ${id}`);
  return found;
};

/** The seed's names of operations in its Errors table, to operationIds. */
const SEED_NAMES: Record<string, string[]> = {
  'provider update': ['updateMerchantProvider'],
  'customer upsert': ['upsertCustomer'],
  'merchant upsert': ['upsertMerchant'],
  'coverage area update and delete': ['updateCoverageArea', 'deleteCoverageArea'],
  'device registration': ['registerDealerDevice'],
  'category update': ['updateCategory'],
  'brand creation': ['createBrand'],
  'product read': ['getProduct'],
  'user upsert': ['upsertUser'],
  'user profile read': ['getUserProfile'],
  'application event intake': ['receiveAppEvent'],
};
const SHAPES: Record<string, ErrorShape> = {
  'Error list': 'errorList',
  'Failure object': 'failure',
  'Problem details': 'problem',
};
const BODIES: Record<string, string> = { 'Error list': 'errorList', 'empty JSON': 'empty' };

/** Rows of the Markdown table that follows `heading` (a line that starts with it). */
function tableAfter(heading: string): string[][] {
  const lines = seed.split('\n');
  const start = lines.findIndex((l) => l.startsWith(heading));
  expect(start, `the seed has no "${heading}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  let i = lines.findIndex((l, n) => n >= start && l.startsWith('|')) + 2;
  for (; lines[i]?.startsWith('|'); i++)
    rows.push(
      (lines[i] ?? '')
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  return rows;
}

describe('statuses and error shapes the seed states', () => {
  it('keeps every success status of the endpoints table documented', () => {
    const endpoints = tableAfter('| Operation | Method | Path |');
    let stated = 0;
    for (const [, method, path, , status] of endpoints) {
      const called = contract.match(method ?? '', (path ?? '').replace(/\s*\(.*\)$/, '').replace(/\{(\w+)\}/g, 'x'));
      expect(called, `${method} ${path}`).toBeDefined();
      if (!/^\d{3}$/.test(status ?? '')) continue;
      stated++;
      const response = called?.operation.responses.get(Number(status));
      expect(response, `${called?.operation.id} ${status}`).toBeDefined();
      expect(response?.assumed, `${called?.operation.id} ${status} is stated by the seed`).toBeUndefined();
    }
    expect(stated).toBeGreaterThanOrEqual(6);
  });

  it('keeps the provider update status table, bodies included, documented', () => {
    const rows = tableAfter('Statuses of the provider update:');
    expect(rows.length).toBe(7);
    const update = op('updateMerchantProvider');
    for (const [status, , body] of rows) {
      const response = update.responses.get(Number(status));
      expect(response, `status ${status}`).toBeDefined();
      expect(response?.assumed ?? response?.assumedBody, `status ${status} is stated by the seed`).toBeUndefined();
      expect(response?.shape, `body of ${status}`).toBe(BODIES[body ?? '']);
    }
  });

  it('keeps 401 and 403 documented wherever an operation answers them', () => {
    expect(seed).toContain(
      'For all operations, 401 means missing or invalid token and 403 means valid token without permission.',
    );
    for (const operation of contract.operations) {
      for (const status of [401, 403]) {
        const response = operation.responses.get(status);
        if (response) expect(response.assumed, `${operation.id} ${status}`).toBeUndefined();
      }
    }
  });

  it('answers every failure of an operation in the shape the Errors table gives it, and marks each other choice assumed', () => {
    const rows = tableAfter('| Shape | Fields | Used by |');
    const covered = new Set<string>();
    for (const [shapeName, , usedBy] of rows) {
      const shape = SHAPES[shapeName ?? ''];
      expect(shape, `unknown shape ${shapeName}`).toBeDefined();
      for (const name of (usedBy ?? '').split(',').map((n) => n.trim())) {
        const ids = SEED_NAMES[name];
        expect(ids, `the seed names "${name}", which this test does not know`).toBeDefined();
        for (const id of ids ?? []) {
          covered.add(id);
          const operation = op(id);
          expect(operation.errorShape, id).toBe(shape);
          for (const response of operation.responses.values()) {
            if (response.status < 400) continue;
            // The event intake's failures are problem details, 401 and 403 included ("Failures return the problem-details error shape").
            // Elsewhere they are the empty object, except the user operations' 403, a failure object like their other failures.
            if (shape !== 'problem' && (response.status === 401 || response.status === 403)) {
              expect(response.shape, `${id} ${response.status}`).toBe(
                shape === 'failure' && response.status === 403 ? 'failure' : 'empty',
              );
              // The seed states the empty body for the provider update only.
              if (id !== 'updateMerchantProvider')
                expect(response.assumedBody, `${id} ${response.status}: the {} body is a choice`).toBeDefined();
              continue;
            }
            expect(response.shape, `${id} ${response.status} contradicts the seed's ${shapeName}`).toBe(shape);
            expect(response.assumedBody, `${id} ${response.status}: its shape is stated by the seed`).toBeUndefined();
          }
        }
      }
    }
    expect(covered.size).toBe(12);
  });

  it("marks the choices around the stated shapes assumed: the problem details media type, ErrorList's required errors, the counter's credentials", () => {
    const intake = op('receiveAppEvent');
    for (const response of intake.responses.values()) {
      if (response.status >= 400)
        expect(response.assumedMediaType, `receiveAppEvent ${response.status}`).toMatch(/application\/problem\+json/);
    }
    const schemas = (contract.raw.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    expect(schemas.ErrorList?.['x-assumed-required']).toMatch(/states no required field/);
    expect(op('incrementOrderCounter').security.assumed).toMatch(/bearer token is refused/);
    expect(op('incrementOrderCounter').responses.has(403)).toBe(false);
  });
});
