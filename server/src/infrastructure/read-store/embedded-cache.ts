/**
 * What the embedded read store keeps in memory between queries: postings it has read (as sets of
 * document numbers) and the documents a recent filter selected, least recently used first out, within a
 * budget of bytes. Entries belong to one version of one collection; a commit to the collection drops them.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; collection: number }>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(collection: number, key: string, value: V): void {
    const bytes = this.sizeOf(value) + key.length * 2 + 64;
    if (bytes > this.budget / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes, collection });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  /** Drops every entry of one collection. */
  dropCollection(collection: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.collection !== collection) continue;
      this.entries.delete(key);
      this.used -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
