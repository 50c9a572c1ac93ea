/** The journal's ring of bytes gives back what was recorded, newest last, within its bounds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JournalBudget } from '../../../../simulator/store/memory/journal-budget.ts';
import { JOURNAL_LIMIT, JOURNAL_MAX_BYTES } from '../../../../simulator/store/journal-entry.ts';
import { Journal, type JournalRecord } from '../../../../simulator/store/memory/journal-ring.ts';
import { PROPERTY_SEED } from '../../../support/property-seed.ts';

const record = (overrides: Partial<JournalRecord> = {}): JournalRecord => ({
  time: Date.UTC(2026, 10, 23),
  method: 'PUT',
  path: '/v1/customers/c-1',
  operationId: 'upsertCustomer',
  status: 204,
  durationMs: 0.42,
  simulated: false,
  headers: { 'content-type': 'application/json' },
  requestText: '{"name":"Ana"}',
  responseText: undefined,
  secrets: [],
  ...overrides,
});

/** A JSON text whose body is `size` characters long. */
const bodyOf = (size: number) => JSON.stringify({ filler: 'x'.repeat(size - 14) });

describe('the request journal', () => {
  it('holds no secret in its bytes: entries are redacted before they are stored', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const secrets = [jwt, 'gas-sim-dev-api-key', 'planted-client-secret-4711', 'planted-push-token-0815'];
    const journal = new Journal();
    journal.record(
      record({
        path: `/v1/products/${jwt}`,
        headers: { authorization: 'gas-sim-dev-api-key', 'x-sim-tenant': jwt, prefer: `code=500, note=${jwt}` },
        requestText: JSON.stringify({
          credentials: { clientSecret: 'planted-client-secret-4711' },
          mensagem: { pushToken: 'planted-push-token-0815' },
        }),
        responseText: JSON.stringify({ echoed: 'planted-client-secret-4711' }),
        secrets: ['gas-sim-dev-api-key'],
      }),
    );
    const ring = (journal as unknown as { bytes: Buffer }).bytes;
    expect(ring.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(ring.includes(secret), secret).toBe(false);
    const [entry] = journal.read();
    expect(entry?.request.body).toEqual({
      credentials: { clientSecret: '<redacted>' },
      mensagem: { pushToken: '<redacted>' },
    });
    expect(entry?.response.body).toEqual({ echoed: '<redacted>' });
  });

  it('reads back every field of what it recorded, odd unicode included', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            path: text,
            operationId: fc.option(text, { nil: null }),
            status: fc.integer({ min: 100, max: 599 }),
            simulated: fc.boolean(),
            durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
            name: text,
            contentType: fc.option(text, { nil: undefined }),
            prefer: fc.option(text, { nil: undefined }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (entries) => {
          const journal = new Journal();
          for (const e of entries) {
            journal.record(
              record({
                path: e.path,
                operationId: e.operationId,
                status: e.status,
                simulated: e.simulated,
                durationMs: e.durationMs,
                headers: {
                  ...(e.contentType === undefined ? {} : { 'content-type': e.contentType }),
                  ...(e.prefer === undefined ? {} : { prefer: e.prefer }),
                },
                requestText: JSON.stringify({ name: e.name }),
                responseText: JSON.stringify([e.name]),
              }),
            );
          }
          const read = journal.read();
          expect(read.map((r) => r.seq)).toEqual(entries.map((_, i) => i + 1));
          read.forEach((r, i) => {
            const e = entries[i]!;
            // A lone surrogate comes back as U+FFFD, as it would from any UTF-8 store.
            const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
            expect(r).toMatchObject({
              path: wellFormed(e.path),
              operationId: e.operationId === null ? null : wellFormed(e.operationId),
              status: e.status,
              simulated: e.simulated,
              durationMs: e.durationMs,
              method: 'PUT',
            });
            expect(r.request.headers).toEqual({
              ...(e.contentType === undefined ? {} : { 'content-type': wellFormed(e.contentType) }),
              ...(e.prefer === undefined ? {} : { prefer: wellFormed(e.prefer) }),
            });
            expect(r.request.body).toEqual({ name: wellFormed(e.name) });
            expect(r.response.body).toEqual([wellFormed(e.name)]);
          });
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 200 },
    );
  });

  it(`keeps the last ${JOURNAL_LIMIT} requests, through many turns of the ring`, () => {
    const journal = new Journal();
    for (let i = 1; i <= 5 * JOURNAL_LIMIT + 7; i++)
      journal.record(record({ path: `/v1/customers/c-${i}`, requestText: bodyOf(100 + (i % 37) * 50) }));
    const read = journal.read();
    expect(read).toHaveLength(JOURNAL_LIMIT);
    expect(read[0]?.path).toBe(`/v1/customers/c-${4 * JOURNAL_LIMIT + 8}`);
    expect(read.at(-1)?.path).toBe(`/v1/customers/c-${5 * JOURNAL_LIMIT + 7}`);
    expect(
      read.every(
        (r, i) => r.seq === 4 * JOURNAL_LIMIT + 8 + i && (r.request.body as { filler: string }).filler.length > 0,
      ),
    ).toBe(true);
  });

  it('keeps fewer, newest last, when their bodies pass its bytes, and an oversized one without bodies', () => {
    const journal = new Journal();
    const megabyte = bodyOf(1024 * 1024);
    for (let i = 1; i <= 60; i++)
      journal.record(record({ path: `/big/${i}`, requestText: megabyte, responseText: megabyte }));
    const read = journal.read();
    // Each entry holds 2 MB of bodies: at most JOURNAL_MAX_BYTES of them fit.
    expect(read.length).toBeGreaterThanOrEqual(JOURNAL_MAX_BYTES / (2 * 1024 * 1024) - 1);
    expect(read.length).toBeLessThanOrEqual(JOURNAL_MAX_BYTES / (2 * 1024 * 1024));
    expect(read.at(-1)?.path).toBe('/big/60');
    expect(read.map((r) => r.seq)).toEqual(read.map((_, i) => 61 - read.length + i));
    expect(read.every((r) => r.request.body !== undefined && r.response.body !== undefined)).toBe(true);

    journal.record(record({ path: '/huge', requestText: bodyOf(JOURNAL_MAX_BYTES + 10) }));
    journal.record(record({ path: '/small' }));
    const after = journal.read();
    expect(after.slice(-2).map((r) => [r.path, r.request.body])).toEqual([
      ['/huge', undefined],
      ['/small', { name: 'Ana' }],
    ]);
  });

  it('redacts the secrets an entry carried', () => {
    const journal = new Journal();
    journal.record(
      record({
        headers: { authorization: 'Bearer abc.def.ghi' },
        secrets: ['abc.def.ghi'],
        requestText: '{"tokenPush":"push-secret-1","note":"push-secret-1"}',
      }),
    );
    const text = JSON.stringify(journal.read());
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('push-secret-1');
  });

  it('keeps the journals of many tenants together under one budget, the oldest entries of any tenant going first', () => {
    const budget = new JournalBudget(4 * 1024 * 1024);
    const journals = Array.from({ length: 20 }, () => new Journal(budget));
    const body = bodyOf(100 * 1024);
    // Tenant 0 speaks first, then every other tenant in turn, many times over the budget.
    for (let i = 1; i <= 10; i++) journals[0]!.record(record({ path: `/first/${i}`, requestText: body }));
    for (let round = 1; round <= 10; round++) {
      for (const [t, journal] of journals.entries())
        if (t > 0) journal.record(record({ path: `/t${t}/${round}`, requestText: body }));
      const held = journals.reduce((sum, j) => sum + j.bytesHeld, 0);
      expect(held).toBe(budget.bytesHeld);
      expect(held).toBeLessThanOrEqual(budget.maxBytes);
    }
    // The oldest entries, tenant 0's, went first; every tenant keeps its newest.
    expect(journals[0]!.read()).toEqual([]);
    for (const [t, journal] of journals.entries()) if (t > 0) expect(journal.read().at(-1)?.path).toBe(`/t${t}/10`);
    // Cleared, the journals give their bytes back.
    for (const journal of journals) journal.clear();
    expect(budget.bytesHeld).toBe(0);
    journals[3]!.record(record({ path: '/after' }));
    expect(journals[3]!.read().map((e) => e.path)).toEqual(['/after']);
  });

  it('reads back what it kept through any mix of tenants, sizes and clears, within the budget', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tenant: fc.nat(5), size: fc.integer({ min: 20, max: 300_000 }), clear: fc.boolean() }), {
          minLength: 1,
          maxLength: 200,
        }),
        (steps) => {
          const budget = new JournalBudget(1024 * 1024);
          const journals = Array.from({ length: 6 }, () => new Journal(budget));
          const written = journals.map(() => [] as string[]);
          steps.forEach(({ tenant, size, clear }, i) => {
            if (clear && i % 7 === 0) {
              journals[tenant]!.clear();
              written[tenant] = [];
              return;
            }
            journals[tenant]!.record(record({ path: `/${i}`, requestText: bodyOf(size) }));
            written[tenant]!.push(`/${i}`);
            expect(budget.bytesHeld).toBeLessThanOrEqual(budget.maxBytes);
            expect(journals.reduce((sum, j) => sum + j.bytesHeld, 0)).toBe(budget.bytesHeld);
          });
          // What each journal kept is the newest of what it was given, in order.
          journals.forEach((journal, t) => {
            const kept = journal.read().map((e) => e.path);
            expect(written[t]!.slice(written[t]!.length - kept.length)).toEqual(kept);
          });
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 100 },
    );
  });
});
