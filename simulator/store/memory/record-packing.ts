/**
 * Where a record table (record-table.ts) keeps its records, and the packing that drops what deletes
 * and rewrites leave dead. Each record is its key (UTF-16) then its text (UTF-8), written one after
 * the other into blocks of bytes; slots, in insertion order, say where each is. Blocks are added,
 * never copied into larger ones: copying a large buffer stalls the process and touches as much new
 * memory again. Bytes are packed when dead ones pile up and when a table is cloned, slots renumbered
 * when they fill: never on a read.
 */
export const NO_BYTES = Buffer.alloc(0);
/** The first block of a table; each next one is twice the last, up to BLOCK_BYTES (or one record's size). */
const INITIAL_BYTES = 1024;
const BLOCK_BYTES = 1024 * 1024;
/** A slot whose record was deleted or moved; its bytes are dead until the next packing. */
export const DEAD = 0xffffffff;

/** A table's slots: each one's record (block, start, key and text lengths) and key hash. */
export interface Slots {
  starts: Uint32Array<ArrayBuffer>;
  blockOf: Uint32Array<ArrayBuffer>;
  keyLengths: Uint32Array<ArrayBuffer>;
  textLengths: Uint32Array<ArrayBuffer>;
  hashes: Uint32Array<ArrayBuffer>;
  slotCount: number;
}

/** Packed records: their blocks, the last of which (`bytes`) is written up to `end`. */
export interface PackedBlocks {
  blocks: Buffer[];
  bytes: Buffer<ArrayBuffer>;
  end: number;
  liveBytes: number;
}

/** The block to write after `last`, with room for at least `length` bytes. */
export function nextBlock(last: Buffer, length: number): Buffer<ArrayBuffer> {
  const size = Math.min(Math.max(2 * last.length, INITIAL_BYTES), BLOCK_BYTES);
  return Buffer.allocUnsafe(Math.max(size, length));
}

/**
 * Writes the live records of `slots`, read from `from` (the table's own blocks, or those of the
 * table it is a clone of), slot by slot into new blocks, and moves their `starts` and `blockOf` there.
 */
export function packRecords(slots: Slots, from: readonly Buffer[]): PackedBlocks {
  const { starts, blockOf, keyLengths, textLengths, slotCount } = slots;
  const blocks: Buffer[] = [];
  let bytes = NO_BYTES;
  let end = 0;
  let liveBytes = 0;
  for (let slot = 0; slot < slotCount; slot++) {
    const start = starts[slot] as number;
    if (start === DEAD) continue;
    const length = (keyLengths[slot] as number) + (textLengths[slot] as number);
    if (end + length > bytes.length) {
      blocks.push((bytes = nextBlock(bytes, length)));
      end = 0;
    }
    (from[blockOf[slot] as number] as Buffer).copy(bytes, end, start, start + length);
    starts[slot] = end;
    blockOf[slot] = blocks.length - 1;
    end += length;
    liveBytes += length;
  }
  return { blocks, bytes, end, liveBytes };
}

/** The live slots of `slots` renumbered in order into new arrays of `size` slots. */
export function renumberSlots(slots: Slots, size: number): Slots {
  const [starts, blockOf, keyLengths, textLengths, hashes] = [
    new Uint32Array(size),
    new Uint32Array(size),
    new Uint32Array(size),
    new Uint32Array(size),
    new Uint32Array(size),
  ];
  let to = 0;
  for (let from = 0; from < slots.slotCount; from++) {
    if (slots.starts[from] === DEAD) continue;
    starts[to] = slots.starts[from] as number;
    blockOf[to] = slots.blockOf[from] as number;
    keyLengths[to] = slots.keyLengths[from] as number;
    textLengths[to] = slots.textLengths[from] as number;
    hashes[to] = slots.hashes[from] as number;
    to++;
  }
  return { starts, blockOf, keyLengths, textLengths, hashes, slotCount: to };
}
