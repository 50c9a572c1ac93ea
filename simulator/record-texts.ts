/**
 * The JSON texts of one collection's records, as UTF-8 in one buffer outside the JavaScript heap,
 * each addressed by a slot number. Kept as strings, a hundred thousand records were two hundred
 * thousand heap objects for every full collection to mark and move, and what V8 lets the heap grow
 * to is a multiple of them; here the heap holds only the slot numbers, which are small integers.
 */
const INITIAL_BYTES = 1024;
const INITIAL_SLOTS = 16;
const FREE = 0xffffffff;
/** A collection that never holds a record costs no buffer: most of a tenant's stay empty. */
const NO_BYTES = Buffer.alloc(0);

export class RecordTexts {
  private bytes = NO_BYTES;
  private starts = new Uint32Array(INITIAL_SLOTS).fill(FREE);
  private lengths = new Uint32Array(INITIAL_SLOTS);
  /** Slots given back, taken again before new ones. */
  private freeSlots: number[] = [];
  private slotCount = 0;
  /** Where the next text goes; bytes before it that no slot holds are dead until a compaction. */
  private end = 0;
  private liveBytes = 0;

  /** Stores a text in a new slot; answers the slot. */
  add(text: string): number {
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.place(slot, text, Buffer.byteLength(text));
    return slot;
  }

  /** Replaces the text of a slot, in place when the new one is no longer. */
  replace(slot: number, text: string): void {
    const length = Buffer.byteLength(text);
    const old = this.lengths[slot] as number;
    if (length <= old) {
      this.bytes.write(text, this.starts[slot] as number, 'utf8');
      this.lengths[slot] = length;
      this.liveBytes -= old - length;
      return;
    }
    this.release(slot);
    this.place(slot, text, length);
  }

  read(slot: number): string {
    const start = this.starts[slot] as number;
    return this.bytes.toString('utf8', start, start + (this.lengths[slot] as number));
  }

  remove(slot: number): void {
    this.release(slot);
    this.freeSlots.push(slot);
  }

  clear(): void {
    this.bytes = NO_BYTES;
    this.starts = new Uint32Array(INITIAL_SLOTS).fill(FREE);
    this.lengths = new Uint32Array(INITIAL_SLOTS);
    this.freeSlots = [];
    this.slotCount = 0;
    this.end = 0;
    this.liveBytes = 0;
  }

  private place(slot: number, text: string, length: number): void {
    if (this.end + length > this.bytes.length) this.makeRoom(length);
    this.bytes.write(text, this.end, 'utf8');
    this.starts[slot] = this.end;
    this.lengths[slot] = length;
    this.end += length;
    this.liveBytes += length;
  }

  private release(slot: number): void {
    this.liveBytes -= this.lengths[slot] as number;
    this.starts[slot] = FREE;
    this.lengths[slot] = 0;
  }

  /**
   * Moves the live texts into a buffer with room for `length` more bytes: the same size when at
   * least half of it is dead, else twice as large (or more, for a large text).
   */
  private makeRoom(length: number): void {
    let size = Math.max(this.bytes.length, INITIAL_BYTES);
    while (this.liveBytes + length > size / 2) size *= 2;
    const target = Buffer.allocUnsafe(size);
    if (this.liveBytes === this.end) {
      // Nothing dead: one copy, every slot where it was.
      this.bytes.copy(target, 0, 0, this.end);
      this.bytes = target;
      return;
    }
    let at = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      const start = this.starts[slot] as number;
      if (start === FREE) continue;
      const slotLength = this.lengths[slot] as number;
      this.bytes.copy(target, at, start, start + slotLength);
      this.starts[slot] = at;
      at += slotLength;
    }
    this.bytes = target;
    this.end = at;
  }

  private newSlot(): number {
    if (this.slotCount === this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2).fill(FREE);
      starts.set(this.starts);
      const lengths = new Uint32Array(this.lengths.length * 2);
      lengths.set(this.lengths);
      this.starts = starts;
      this.lengths = lengths;
    }
    return this.slotCount++;
  }
}
