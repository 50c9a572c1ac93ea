/**
 * The bounded request journal of one tenant: what clients sent and what they got back.
 *
 * Entries are encoded into a ring of bytes outside the JavaScript heap and decoded only when the
 * journal is read. Kept as objects, the last thousand entries were alive at every young-generation
 * collection, so each was copied and promoted, and the old generation filled with them: under load
 * that was a quarter of the simulator's time and most of its tail latency.
 *
 * Rings grow only as far as the budget they share with every other tenant's journal allows
 * (journal-budget.ts); a ring whose entries the budget took gives its bytes back.
 */
import { JournalBudget, type BudgetedJournal } from './journal-budget.ts';
import {
  JOURNAL_LIMIT,
  JOURNAL_MAX_BYTES,
  JOURNALED_HEADERS,
  tenantJournalBytes,
  journalFilter,
  redactedRecord,
  toEntry,
  type JournalEntry,
  type JournalQuery,
  type JournalRecord,
} from '../journal-entry.ts';
import type { Refusal } from '../../refusal.ts';

/** What `record` takes. */
export type { JournalRecord } from '../journal-entry.ts';

const INITIAL_BYTES = 64 * 1024;
/** A tenant that is never asked anything costs no buffer. */
const NO_BYTES = Buffer.alloc(0);

/**
 * An entry's bytes: seq, time and duration (float64), status (uint16), simulated (uint8), the count
 * of strings (uint16), each string's length in UTF-16 code units (int32, -1 for none), then all the
 * strings as one UTF-8 run. UTF-8 keeps the length in code units of any string, lone surrogates
 * included (each becomes one U+FFFD), so the run decodes back into the same slices.
 */
const FIXED_BYTES = 8 * 3 + 2 + 1 + 2;

export class Journal implements BudgetedJournal {
  staleReferences = 0;
  private bytes = NO_BYTES;
  /** Where each kept entry starts and how long it is, in a ring of JOURNAL_LIMIT slots, oldest at `first`. */
  private readonly starts = new Uint32Array(JOURNAL_LIMIT);
  private readonly lengths = new Uint32Array(JOURNAL_LIMIT);
  private first = 0;
  private count = 0;
  private writeAt = 0;
  private seq = 0;
  /** True while the ring makes room for an entry: the budget may drop its entries then, not shrink it. */
  private reserving = false;
  private readonly maxRingBytes: number;

  /** A journal alone has a budget of JOURNAL_MAX_BYTES; a simulator's tenants share one. */
  constructor(private readonly budget = new JournalBudget(JOURNAL_MAX_BYTES)) {
    this.maxRingBytes = tenantJournalBytes(budget.maxBytes);
  }

  /** Bytes of the ring (what the journal costs in memory). */
  get bytesHeld(): number {
    return this.bytes.length;
  }

  record(recorded: JournalRecord): void {
    const entry = redactedRecord(recorded);
    const seq = ++this.seq;
    let encoded = encode(entry, true);
    // Too large for the journal with its bodies, or no room for them: it is kept without them.
    if (encoded.length > this.maxRingBytes) encoded = encode(entry, false);
    let at = this.reserve(encoded.length);
    if (at < 0 && encoded.strings.length > 0) {
      encoded = encode(entry, false);
      at = this.reserve(encoded.length);
    }
    // Not even the summary fits in what the budget leaves: the entry is not kept.
    if (at < 0) return;
    const { strings, text, length } = encoded;
    const b = this.bytes;
    let o = b.writeDoubleLE(seq, at);
    o = b.writeDoubleLE(entry.time, o);
    o = b.writeDoubleLE(entry.durationMs, o);
    o = b.writeUInt16LE(entry.status, o);
    o = b.writeUInt8(entry.simulated ? 1 : 0, o);
    o = b.writeUInt16LE(strings.length, o);
    for (const s of strings) o = b.writeInt32LE(s === undefined ? -1 : s.length, o);
    b.write(text, o, 'utf8');
    const slot = (this.first + this.count) % JOURNAL_LIMIT;
    this.starts[slot] = at;
    this.lengths[slot] = length;
    this.count++;
    this.budget.entryRecorded(this);
  }

  /** Entries matching the query, oldest first, with every secret redacted. */
  read(query: JournalQuery = {}): JournalEntry[] {
    const matches = journalFilter(query);
    const entries: JournalEntry[] = [];
    for (let i = 0; i < this.count; i++) {
      const e = this.decode((this.first + i) % JOURNAL_LIMIT);
      if (matches(e)) entries.push(toEntry(e));
    }
    return entries;
  }

  /** Forgets every entry and gives the ring's bytes back. */
  clear(): void {
    this.budget.entriesDropped(this, this.count);
    this.budget.release(this.bytes.length);
    this.first = 0;
    this.count = 0;
    this.writeAt = 0;
    this.bytes = NO_BYTES;
  }

  dropOldestForBudget(): void {
    this.dropOldest();
    if (this.reserving) return;
    if (this.count === 0) {
      this.budget.release(this.bytes.length);
      this.bytes = NO_BYTES;
    } else if (this.bytes.length > INITIAL_BYTES && this.usedBytes() < this.bytes.length / 4) {
      const smaller = this.bytes.length / 2;
      this.budget.release(this.bytes.length - smaller);
      this.resize(smaller);
    }
  }

  /**
   * The offset of `length` free bytes: after the newest entry, or at the start when the end is too
   * near; the oldest entries in the way are dropped, and so is the oldest when every slot is taken.
   * The ring doubles, up to JOURNAL_MAX_BYTES and as far as the budget allows, rather than drop
   * entries for want of bytes. -1 when the entry does not fit at all.
   */
  private reserve(length: number): number {
    if (this.count === JOURNAL_LIMIT) this.dropOwnOldest();
    this.reserving = true;
    try {
      while (this.usedBytes() + length > this.bytes.length) {
        const size = Math.min(Math.max(this.bytes.length * 2, INITIAL_BYTES), this.maxRingBytes);
        if (size <= this.bytes.length || !this.budget.claim(size - this.bytes.length)) break;
        this.resize(size);
      }
    } finally {
      this.reserving = false;
    }
    if (length > this.bytes.length) return -1;
    let at = this.writeAt;
    if (at + length > this.bytes.length) at = 0;
    while (this.count > 0) {
      const start = this.starts[this.first] as number;
      if (!(start < at + length && at < start + (this.lengths[this.first] as number))) break;
      this.dropOwnOldest();
    }
    this.writeAt = at + length;
    return at;
  }

  private dropOwnOldest(): void {
    this.dropOldest();
    this.budget.entriesDropped(this, 1);
  }

  /** Bytes from the oldest entry's start to the newest one's end, the wasted end of a wrap included. */
  private usedBytes(): number {
    if (this.count === 0) return 0;
    const start = this.starts[this.first] as number;
    return this.writeAt > start ? this.writeAt - start : this.bytes.length - start + this.writeAt;
  }

  /** Copies the entries, oldest first, to the start of a ring of `size` bytes. */
  private resize(size: number): void {
    const bigger = Buffer.allocUnsafe(size);
    let at = 0;
    for (let i = 0; i < this.count; i++) {
      const slot = (this.first + i) % JOURNAL_LIMIT;
      const start = this.starts[slot] as number;
      const length = this.lengths[slot] as number;
      this.bytes.copy(bigger, at, start, start + length);
      this.starts[slot] = at;
      at += length;
    }
    this.bytes = bigger;
    this.writeAt = at;
  }

  private dropOldest(): void {
    this.first = (this.first + 1) % JOURNAL_LIMIT;
    this.count--;
    if (this.count === 0) this.writeAt = 0;
  }

  private decode(slot: number): JournalRecord & { seq: number } {
    const b = this.bytes;
    const at = this.starts[slot] as number;
    const end = at + (this.lengths[slot] as number);
    const count = b.readUInt16LE(at + 8 * 3 + 3);
    let o = at + FIXED_BYTES;
    const lengths: number[] = [];
    for (let i = 0; i < count; i++, o += 4) lengths.push(b.readInt32LE(o));
    const text = b.toString('utf8', o, end);
    let cursor = 0;
    const strings = lengths.map((n) => (n < 0 ? undefined : text.slice(cursor, (cursor += n))));
    const [method, path, operationId, ...rest] = strings;
    const headers: Record<string, string> = {};
    JOURNALED_HEADERS.forEach((name, i) => {
      const value = rest[i];
      if (value !== undefined) headers[name] = value;
    });
    const [requestText, responseText, refusalText, ...secrets] = rest.slice(JOURNALED_HEADERS.length);
    return {
      seq: b.readDoubleLE(at),
      time: b.readDoubleLE(at + 8),
      durationMs: b.readDoubleLE(at + 16),
      status: b.readUInt16LE(at + 24),
      simulated: b.readUInt8(at + 26) === 1,
      method: method ?? '',
      path: path ?? '',
      operationId: operationId ?? null,
      headers,
      requestText,
      responseText,
      secrets: secrets.filter((s): s is string => s !== undefined),
      ...(refusalText !== undefined ? { refusal: JSON.parse(refusalText) as Refusal } : {}),
    };
  }
}

/**
 * The strings of an entry in the order they are encoded (without its bodies when `bodies` is
 * false), their one run of text, and the entry's length in bytes.
 */
function encode(
  entry: JournalRecord,
  bodies: boolean,
): { strings: (string | undefined)[]; text: string; length: number } {
  const strings: (string | undefined)[] = [entry.method, entry.path, entry.operationId ?? undefined];
  for (const name of JOURNALED_HEADERS) strings.push(entry.headers[name]);
  strings.push(
    bodies ? entry.requestText : undefined,
    bodies ? entry.responseText : undefined,
    entry.refusal ? JSON.stringify(entry.refusal) : undefined,
    ...entry.secrets,
  );
  const text = strings.map((s) => s ?? '').join('');
  return { strings, text, length: FIXED_BYTES + 4 * strings.length + Buffer.byteLength(text) };
}
