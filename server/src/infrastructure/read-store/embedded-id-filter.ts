/**
 * A Bloom filter of a collection's `_id`s: "certainly not stored" without reading SQLite. A projection's
 * rebuild asks for every new document's id before writing it, and each such miss would otherwise cost a
 * lookup in the id index. False positives only cost that lookup; ids of deleted documents stay in
 * until the filter is built again. About 16 bits per id.
 */
export class IdFilter {
  private bits: Uint32Array;
  private count = 0;

  constructor(private capacity: number) {
    this.bits = new Uint32Array(IdFilter.words(capacity));
  }

  private static words(capacity: number): number {
    return Math.max(64, Math.ceil((Math.max(capacity, 1024) * 16) / 32));
  }

  /** Whether the filter has grown past what it was sized for (then it should be built again, larger). */
  get full(): boolean {
    return this.count > this.capacity;
  }

  get bytes(): number {
    return this.bits.byteLength;
  }

  add(id: string): void {
    const [h1, h2] = hashes(id);
    const size = this.bits.length * 32;
    for (let i = 0; i < 4; i++) {
      const bit = (h1 + i * h2) >>> 0;
      const at = bit % size;
      this.bits[at >>> 5]! |= 1 << (at & 31);
    }
    this.count++;
  }

  mightHave(id: string): boolean {
    const [h1, h2] = hashes(id);
    const size = this.bits.length * 32;
    for (let i = 0; i < 4; i++) {
      const at = ((h1 + i * h2) >>> 0) % size;
      if ((this.bits[at >>> 5]! & (1 << (at & 31))) === 0) return false;
    }
    return true;
  }
}

/** Two 32-bit hashes of a string (FNV-1a and a multiplicative one), for double hashing. */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, (b | 1) >>> 0];
}
