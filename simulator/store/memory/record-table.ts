/**
 * One collection's records: JSON texts by key, outside the JavaScript heap. Keys and texts are
 * written into blocks of bytes, packed when deletes leave them dead (record-packing.ts); the slots
 * (in insertion order), their blocks, their hashes and an open-addressing hash table are typed arrays.
 *
 * A JavaScript Map of a million records is a million key strings and a backing store of millions of
 * pointers for every full collection to mark: pauses of tens of milliseconds, and a heap V8 grows to
 * a multiple of it. Here a record costs the garbage collector nothing.
 */
import { DEAD, NO_BYTES, nextBlock, packRecords, renumberSlots, type Slots } from './record-packing.ts';

const INITIAL_SLOTS = 16;
/** Hash table cells hold slot + 1; 0 is an empty cell, TOMBSTONE a deleted one. */
const TOMBSTONE = 0xffffffff;
/** Parsed records a table keeps at most: the few a workload reads over and over. */
const PARSED_LIMIT = 256;
/** Keys are hashed with a seed of the process's own, so no client can aim keys at one chain. */
const SEED = (Math.random() * 0x100000000) >>> 0;

export class RecordTable {
  private blocks: Buffer[] = [];
  /** The block written to, the last of `blocks`, and how much of it is written. */
  private bytes = NO_BYTES;
  private end = 0;
  private liveBytes = 0;
  /** Bytes of records deleted or rewritten elsewhere, until the next packing. */
  private deadBytes = 0;

  private starts = new Uint32Array(INITIAL_SLOTS);
  private blockOf = new Uint32Array(INITIAL_SLOTS);
  private keyLengths = new Uint32Array(INITIAL_SLOTS);
  private textLengths = new Uint32Array(INITIAL_SLOTS);
  private hashes = new Uint32Array(INITIAL_SLOTS);
  private slotCount = 0;
  private liveCount = 0;

  private cells = new Uint32Array(2 * INITIAL_SLOTS);
  private tombstones = 0;

  /** The hash of the key last looked up. */
  private keyHash = 0;

  /** Records last read, parsed and frozen: a hot record is parsed once, not on every read. */
  private parsed = new Map<string, unknown>();

  get size(): number {
    return this.liveCount;
  }

  /** Bytes the live keys and texts take. */
  get bytesUsed(): number {
    return this.liveBytes;
  }

  /** Bytes of the blocks the table holds, written or not. */
  get bytesAllocated(): number {
    let bytes = 0;
    for (const block of this.blocks) bytes += block.length;
    return bytes;
  }

  /** UTF-8 bytes of the text of the record under `key`, -1 when there is none. */
  textBytesOf(key: string): number {
    const cell = this.find(key);
    return cell < 0 ? -1 : (this.textLengths[(this.cells[cell] as number) - 1] as number);
  }

  /** Bytes the record under `key` takes (key and text), 0 when there is none. */
  sizeOf(key: string): number {
    const cell = this.find(key);
    if (cell < 0) return 0;
    const slot = (this.cells[cell] as number) - 1;
    return (this.keyLengths[slot] as number) + (this.textLengths[slot] as number);
  }

  /** A table holding the same records, sharing nothing with this one: typed-array copies, the live bytes packed. */
  clone(): RecordTable {
    const copy = new RecordTable();
    copy.starts = this.starts.slice();
    copy.blockOf = this.blockOf.slice();
    copy.keyLengths = this.keyLengths.slice();
    copy.textLengths = this.textLengths.slice();
    copy.hashes = this.hashes.slice();
    copy.slotCount = this.slotCount;
    copy.liveCount = this.liveCount;
    copy.cells = this.cells.slice();
    copy.tombstones = this.tombstones;
    copy.packFrom(this);
    return copy;
  }

  /**
   * Up to `limit` texts from the slot `from` on, and the slot to go on from (-1 at the end), so a
   * long listing can be served a page at a time. Only stable on a table nobody writes to.
   */
  textsFrom(from: number, limit: number): { texts: string[]; next: number } {
    const texts: string[] = [];
    let slot = from;
    for (; slot < this.slotCount && texts.length < limit; slot++)
      if (this.starts[slot] !== DEAD) texts.push(this.textOf(slot));
    return { texts, next: slot < this.slotCount ? slot : -1 };
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  get(key: string): string | undefined {
    const cell = this.find(key);
    return cell < 0 ? undefined : this.textOf((this.cells[cell] as number) - 1);
  }

  /** The record under the key as a frozen value (read it; build a new one to change it). */
  getParsed(key: string): unknown {
    let value = this.parsed.get(key);
    if (value !== undefined) return value;
    const text = this.get(key);
    if (text === undefined) return undefined;
    value = deepFreeze(JSON.parse(text));
    if (this.parsed.size >= PARSED_LIMIT) this.parsed.clear();
    this.parsed.set(key, value);
    return value;
  }

  /** Stores the text under the key: a new key goes last, a known one keeps its place. */
  set(key: string, text: string): void {
    this.parsed.delete(key);
    const cell = this.find(key);
    const textLength = Buffer.byteLength(text);
    if (cell >= 0) {
      const slot = (this.cells[cell] as number) - 1;
      const old = this.textLengths[slot] as number;
      if (textLength <= old) {
        const block = this.blocks[this.blockOf[slot] as number] as Buffer;
        block.write(text, (this.starts[slot] as number) + (this.keyLengths[slot] as number), 'utf8');
        this.textLengths[slot] = textLength;
        this.liveBytes -= old - textLength;
        this.deadBytes += old - textLength;
      } else {
        this.liveBytes -= (this.keyLengths[slot] as number) + old;
        this.deadBytes += (this.keyLengths[slot] as number) + old;
        this.starts[slot] = DEAD;
        this.place(slot, key, text, textLength);
      }
      return;
    }
    if (this.slotCount === this.starts.length) this.makeSlots();
    // Rehashed before the new slot exists, which insertCell alone puts in the table.
    if (2 * (this.liveCount + 1 + this.tombstones) > this.cells.length) this.rehash();
    const slot = this.slotCount++;
    this.hashes[slot] = this.keyHash;
    this.keyLengths[slot] = 2 * key.length;
    // Not a record until placed: packing the others on the way leaves it out.
    this.starts[slot] = DEAD;
    this.place(slot, key, text, textLength);
    this.liveCount++;
    this.insertCell(slot);
  }

  delete(key: string): boolean {
    this.parsed.delete(key);
    const cell = this.find(key);
    if (cell < 0) return false;
    const slot = (this.cells[cell] as number) - 1;
    const length = (this.keyLengths[slot] as number) + (this.textLengths[slot] as number);
    this.liveBytes -= length;
    this.deadBytes += length;
    this.starts[slot] = DEAD;
    this.cells[cell] = TOMBSTONE;
    this.tombstones++;
    this.liveCount--;
    return true;
  }

  /** Every text, in insertion order. */
  texts(): string[] {
    const texts: string[] = [];
    for (let slot = 0; slot < this.slotCount; slot++) if (this.starts[slot] !== DEAD) texts.push(this.textOf(slot));
    return texts;
  }

  clear(): void {
    Object.assign(this, new RecordTable());
  }

  private textOf(slot: number): string {
    const start = (this.starts[slot] as number) + (this.keyLengths[slot] as number);
    const block = this.blocks[this.blockOf[slot] as number] as Buffer;
    return block.toString('utf8', start, start + (this.textLengths[slot] as number));
  }

  /**
   * The cell holding the key, or -1; leaves the key's hash in `keyHash`. Keys are kept as UTF-16:
   * unlike UTF-8 it tells every string apart, lone surrogates included, and compares code unit by
   * code unit without encoding the key looked up.
   */
  private find(key: string): number {
    // FNV-1a over the key's code units.
    let hash = SEED ^ 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    hash >>>= 0;
    this.keyHash = hash;
    const keyLength = 2 * key.length;
    const mask = this.cells.length - 1;
    for (let cell = hash & mask; ; cell = (cell + 1) & mask) {
      const entry = this.cells[cell] as number;
      if (entry === 0) return -1;
      if (entry === TOMBSTONE) continue;
      const slot = entry - 1;
      if (this.hashes[slot] === hash && this.keyLengths[slot] === keyLength && this.holdsKey(slot, key)) return cell;
    }
  }

  private holdsKey(slot: number, key: string): boolean {
    const b = this.blocks[this.blockOf[slot] as number] as Buffer;
    for (let i = 0, at = this.starts[slot] as number; i < key.length; i++, at += 2) {
      if (((b[at] as number) | ((b[at + 1] as number) << 8)) !== key.charCodeAt(i)) return false;
    }
    return true;
  }

  private insertCell(slot: number): void {
    const mask = this.cells.length - 1;
    let cell = (this.hashes[slot] as number) & mask;
    while (this.cells[cell] !== 0) cell = (cell + 1) & mask;
    this.cells[cell] = slot + 1;
  }

  /** A table four times the live records, without tombstones. */
  private rehash(): void {
    let size = this.cells.length;
    while (size < 4 * (this.liveCount + 1)) size *= 2;
    this.cells = new Uint32Array(size);
    this.tombstones = 0;
    for (let slot = 0; slot < this.slotCount; slot++) if (this.starts[slot] !== DEAD) this.insertCell(slot);
  }

  /** Writes the slot's key and text at the end of the last block. */
  private place(slot: number, key: string, text: string, textLength: number): void {
    const keyLength = this.keyLengths[slot] as number;
    if (this.end + keyLength + textLength > this.bytes.length) this.makeRoom(keyLength + textLength);
    this.bytes.write(key, this.end, 'utf16le');
    this.bytes.write(text, this.end + keyLength, 'utf8');
    this.starts[slot] = this.end;
    this.blockOf[slot] = this.blocks.length - 1;
    this.textLengths[slot] = textLength;
    this.end += keyLength + textLength;
    this.liveBytes += keyLength + textLength;
  }

  /**
   * A block with room for `length` more bytes. When at least a quarter of the bytes written are
   * dead, the live records are packed into new blocks first, so dead bytes stay under a third of
   * the live ones (besides the unused end of each block, less than one record).
   */
  private makeRoom(length: number): void {
    if (this.deadBytes > 0 && this.deadBytes * 4 >= this.liveBytes + this.deadBytes) this.packFrom(this);
    if (this.end + length > this.bytes.length) {
      this.blocks.push((this.bytes = nextBlock(this.bytes, length)));
      this.end = 0;
    }
  }

  /** The live records of `source` (this table or the one cloned) packed into new blocks of this table. */
  private packFrom(source: RecordTable): void {
    const packed = packRecords(this.slots(), source.blocks);
    ({ blocks: this.blocks, bytes: this.bytes, end: this.end, liveBytes: this.liveBytes } = packed);
    this.deadBytes = 0;
  }

  /** Room for one more slot: the live slots renumbered in order when half are dead, else twice the slots. */
  private makeSlots(): void {
    const size = this.liveCount * 2 <= this.slotCount ? this.slotCount : this.slotCount * 2;
    const slots = renumberSlots(this.slots(), size);
    const renumbered = slots.slotCount !== this.slotCount;
    ({ starts: this.starts, blockOf: this.blockOf, keyLengths: this.keyLengths } = slots);
    ({ textLengths: this.textLengths, hashes: this.hashes, slotCount: this.slotCount } = slots);
    if (renumbered) this.rehash();
  }

  /** The slots' arrays, as record-packing.ts reads and moves them. */
  private slots(): Slots {
    const { starts, blockOf, keyLengths, textLengths, hashes, slotCount } = this;
    return { starts, blockOf, keyLengths, textLengths, hashes, slotCount };
  }
}

/** Freezes a parsed JSON value and every object and array in it. */
function deepFreeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
