/**
 * A Bloom filter of a collection's `_id`s: "certainly not stored" without reading SQLite. A projection's
 * rebuild asks for every new document's id before writing it, and each such miss would otherwise cost a
 * lookup in the id index. False positives only cost that lookup; ids of deleted documents stay in for as
 * long as the filter is kept. About 16 bits per id.
 *
 * It grows in layers (a scalable Bloom filter): once the newest layer holds what it was sized for, new ids go
 * to a layer four times its size, and a lookup asks every layer. A growing collection (a rebuild's) is never
 * read again to size the filter anew; a million ids take six layers, each asked with the same two hashes.
 */
export class IdFilter {
  private readonly layers: Layer[];

  constructor(capacity: number) {
    this.layers = [new Layer(Math.max(capacity, 1024))];
  }

  /** Bytes the filter holds. */
  get bytes(): number {
    return this.layers.reduce((sum, layer) => sum + layer.bits.byteLength, 0);
  }

  add(id: string): void {
    let newest = this.layers.at(-1)!;
    if (newest.count >= newest.capacity) this.layers.push((newest = new Layer(newest.capacity * 4)));
    const [h1, h2] = hashes(id);
    newest.add(h1, h2);
  }

  mightHave(id: string): boolean {
    const [h1, h2] = hashes(id);
    for (const layer of this.layers) if (layer.mightHave(h1, h2)) return true;
    return false;
  }
}

/** One Bloom filter of fixed size: 16 bits for each id it was sized for, 4 probes by double hashing. */
class Layer {
  readonly bits: Uint32Array;
  private readonly size: number;
  count = 0;

  constructor(readonly capacity: number) {
    this.bits = new Uint32Array(Math.ceil((capacity * 16) / 32));
    this.size = this.bits.length * 32;
  }

  add(h1: number, h2: number): void {
    for (let i = 0; i < 4; i++) {
      const at = ((h1 + i * h2) >>> 0) % this.size;
      this.bits[at >>> 5]! |= 1 << (at & 31);
    }
    this.count++;
  }

  mightHave(h1: number, h2: number): boolean {
    for (let i = 0; i < 4; i++) {
      const at = ((h1 + i * h2) >>> 0) % this.size;
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
