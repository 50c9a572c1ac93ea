/**
 * What the memory journal's encoding costs: bytes per entry in the ring and CPU per append and per
 * read, on 1,000 typical entries (a product read, a customer write) and 1,000 entries with a 33 KB
 * body. `npx tsx bench/journal-encoding.ts`; docs/benchmarks.md ("what each mechanism buys") keeps
 * the figures. Each figure is the median of ROUNDS rounds of 1,000 appends to a fresh journal and of
 * reading them back (`GET /__sim/requests`' work: decoding and redacting each entry).
 */
import { Journal, type JournalRecord } from '../simulator/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ENTRIES = 1_000;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJiZW5jaCIsInNjb3BlIjoiY2F0YWxvZzpyZWFkIn0.c2lnbmF0dXJl';

const product = JSON.stringify({
  data: {
    id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'Botijão P13 Ultragaz',
    description: 'GLP '.repeat(60),
    brandId: 'b-1',
    categoryId: 'c-1',
    price: { amount: 129.9, currency: 'BRL' },
  },
});
const customer = JSON.stringify({
  name: 'Maria Souza',
  email: 'maria.souza@example.com',
  phoneNumber: '+5511987654321',
});

const typical = (i: number): JournalRecord =>
  i % 2 === 0
    ? {
        time: Date.now(),
        method: 'GET',
        path: '/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        operationId: 'getProduct',
        status: 200,
        durationMs: 0.31,
        simulated: false,
        headers: { authorization: `Bearer ${TOKEN}`, 'x-sim-tenant': 'bench' },
        requestText: undefined,
        responseText: product,
        secrets: [TOKEN],
      }
    : {
        time: Date.now(),
        method: 'PUT',
        path: `/v1/customers/c-${i}`,
        operationId: 'upsertCustomer',
        status: 204,
        durationMs: 0.42,
        simulated: false,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        requestText: customer,
        responseText: undefined,
        secrets: [TOKEN],
      };

/** A product list answer of about 33 KB. */
const largeBody = JSON.stringify({
  data: Array.from({ length: 131 }, (_, i) => ({ id: `p-${i}`, name: `Produto ${i}`, description: 'GLP '.repeat(50) })),
});
const large = (i: number): JournalRecord => ({
  ...typical(0),
  path: `/v1/products?page=${i}`,
  responseText: largeBody,
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function measure(name: string, make: (i: number) => JournalRecord): void {
  const entries = Array.from({ length: ENTRIES }, (_, i) => make(i));
  const append: number[] = [];
  const read: number[] = [];
  let bytesPerEntry = 0;
  let kept = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const journal = new Journal();
    let started = performance.now();
    for (const entry of entries) journal.record(entry);
    append.push(((performance.now() - started) * 1_000) / ENTRIES);
    started = performance.now();
    kept = journal.read().length;
    read.push(((performance.now() - started) * 1_000) / kept);
    bytesPerEntry = (journal as unknown as { usedBytes(): number }).usedBytes() / kept;
  }
  console.log(
    `${name.padEnd(22)} ${bytesPerEntry.toFixed(0).padStart(7)} B/entry  append ${median(append).toFixed(2).padStart(6)} µs  read ${median(read).toFixed(2).padStart(7)} µs  kept ${kept}`,
  );
}

measure('typical (1,000)', typical);
measure('33 KB body (1,000)', large);
