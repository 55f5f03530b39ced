import { endianness } from 'node:os';
import { SlotSet } from './embedded-values';

/**
 * Postings: for one value of an indexed field, the numbers of the documents holding it, stored in SQLite
 * as one row per chunk of CHUNK_SIZE document numbers (the containers of a roaring bitmap): a sorted
 * list of 16-bit offsets while the chunk holds few documents, a bitmap of BITMAP_BYTES once it holds
 * more. A value's documents load as a few small rows and become a SlotSet with word operations; a
 * write rewrites only the chunks it touches.
 */
export const CHUNK_BITS = 12;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
const WORDS_PER_CHUNK = CHUNK_SIZE / 32;
const BITMAP_BYTES = CHUNK_SIZE / 8;
/** The most offsets a list container holds: beyond it, the bitmap is smaller. */
const LIST_MAX = BITMAP_BYTES / 2 - 1;

const LITTLE_ENDIAN = endianness() === 'LE';

function isBitmap(bits: Buffer): boolean {
  return bits.length === BITMAP_BYTES;
}

/** A container's bitmap as words (a view when the buffer is aligned, else a copy). */
function bitmapWords(bits: Buffer): Uint32Array {
  if (LITTLE_ENDIAN && bits.byteOffset % 4 === 0)
    return new Uint32Array(bits.buffer, bits.byteOffset, WORDS_PER_CHUNK);
  const words = new Uint32Array(WORDS_PER_CHUNK);
  for (let i = 0; i < WORDS_PER_CHUNK; i++) words[i] = bits.readUInt32LE(i * 4);
  return words;
}

/** Adds the documents of one container (chunk `chunk`) to `into`. */
export function addContainer(into: SlotSet, chunk: number, bits: Buffer): void {
  if (isBitmap(bits)) {
    into.orWords(chunk * WORDS_PER_CHUNK, bitmapWords(bits));
    return;
  }
  const base = chunk << CHUNK_BITS;
  for (let i = 0; i < bits.length; i += 2) into.add(base + bits.readUInt16LE(i));
}

/** How many documents of one container `within` holds. */
export function countContainerIn(within: SlotSet, chunk: number, bits: Buffer): number {
  if (isBitmap(bits)) {
    const words = bitmapWords(bits);
    const theirs = within.words;
    const offset = chunk * WORDS_PER_CHUNK;
    let count = 0;
    for (let i = 0; i < WORDS_PER_CHUNK; i++) {
      let b = words[i]! & (theirs[offset + i] ?? 0);
      if (b === 0) continue;
      b -= (b >>> 1) & 0x55555555;
      b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
      count += (((b + (b >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return count;
  }
  const base = chunk << CHUNK_BITS;
  let count = 0;
  for (let i = 0; i < bits.length; i += 2) if (within.has(base + bits.readUInt16LE(i))) count++;
  return count;
}

/** The document numbers of one container, ascending. */
export function containerDocuments(chunk: number, bits: Buffer): number[] {
  const base = chunk << CHUNK_BITS;
  const out: number[] = [];
  if (!isBitmap(bits)) {
    for (let i = 0; i < bits.length; i += 2) out.push(base + bits.readUInt16LE(i));
    return out;
  }
  const words = bitmapWords(bits);
  for (let w = 0; w < WORDS_PER_CHUNK; w++) {
    let b = words[w]!;
    while (b !== 0) {
      const lowest = b & -b;
      out.push(base + (w << 5) + 31 - Math.clz32(lowest));
      b ^= lowest;
    }
  }
  return out;
}

/** The container for a sorted list of distinct offsets; null when there are none. */
function encodeOffsets(offsets: readonly number[]): Buffer | null {
  if (offsets.length === 0) return null;
  if (offsets.length <= LIST_MAX) {
    const out = Buffer.allocUnsafe(offsets.length * 2);
    for (let i = 0; i < offsets.length; i++) out.writeUInt16LE(offsets[i]!, i * 2);
    return out;
  }
  const out = Buffer.alloc(BITMAP_BYTES);
  for (const offset of offsets) out[offset >>> 3]! |= 1 << (offset & 7);
  return out;
}

/**
 * A container after adding and removing documents (numbers within `chunk`); null when it ends empty.
 * `adds` and `removes` need not be sorted; a number in both is added (the removal came first).
 */
export function mergeContainer(
  chunk: number,
  existing: Buffer | undefined,
  adds: readonly number[],
  removes: readonly number[],
): Buffer | null {
  const base = chunk << CHUNK_BITS;
  const mask = new Uint8Array(BITMAP_BYTES);
  if (existing) {
    if (isBitmap(existing)) mask.set(existing);
    else
      for (let i = 0; i < existing.length; i += 2) {
        const offset = existing.readUInt16LE(i);
        mask[offset >>> 3]! |= 1 << (offset & 7);
      }
  }
  for (const docno of removes) {
    const offset = docno - base;
    mask[offset >>> 3]! &= ~(1 << (offset & 7));
  }
  for (const docno of adds) {
    const offset = docno - base;
    mask[offset >>> 3]! |= 1 << (offset & 7);
  }
  const offsets: number[] = [];
  for (let byte = 0; byte < BITMAP_BYTES; byte++) {
    let b = mask[byte]!;
    while (b !== 0) {
      const lowest = b & -b;
      offsets.push((byte << 3) + 31 - Math.clz32(lowest));
      b ^= lowest;
      if (offsets.length > LIST_MAX) return Buffer.from(mask.buffer, mask.byteOffset, BITMAP_BYTES);
    }
  }
  return encodeOffsets(offsets);
}

/** A fresh container for document numbers within `chunk` (no stored one to merge with). */
export function newContainer(chunk: number, docnos: readonly number[]): Buffer | null {
  const base = chunk << CHUNK_BITS;
  let ascending = true;
  for (let i = 1; ascending && i < docnos.length; i++) ascending = docnos[i]! > docnos[i - 1]!;
  const offsets = docnos.map((docno) => docno - base);
  if (ascending) return encodeOffsets(offsets);
  offsets.sort((a, b) => a - b);
  let kept = 0;
  for (let i = 0; i < offsets.length; i++)
    if (i === 0 || offsets[i] !== offsets[i - 1]) offsets[kept++] = offsets[i]!;
  offsets.length = kept;
  return encodeOffsets(offsets);
}

export function chunkOf(docno: number): number {
  return docno >>> CHUNK_BITS;
}
