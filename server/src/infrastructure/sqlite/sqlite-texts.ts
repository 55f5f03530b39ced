/**
 * Documents' JSON text as UTF-8 bytes in shared memory instead of strings on the JavaScript heap. A rebuild's
 * batch holds tens of thousands of new documents' texts from the moment each is written until its commit is
 * in the file: as strings, every one outlived two young-generation collections and was copied by both, then
 * copied again to reach the writer's thread. As bytes in a `SharedArrayBuffer` they are written once, seen
 * by the writer's thread where they are, and freed with the last slice that points into them
 * (docs/decisions/rebuild-texts-in-shared-memory.md).
 */
export class TextSlice {
  constructor(
    readonly chunk: Buffer,
    readonly start: number,
    readonly length: number,
  ) {}

  /** The bytes, as SQLite binds them (a statement stores them with `CAST(? AS TEXT)`). */
  bytes(): Buffer {
    return this.chunk.subarray(this.start, this.start + this.length);
  }

  toString(): string {
    return this.chunk.toString('utf8', this.start, this.start + this.length);
  }
}

/** A document's JSON text, as a string or in shared memory. */
export type StoredText = string | TextSlice;

export function textOf(text: StoredText): string {
  return typeof text === 'string' ? text : text.toString();
}

/**
 * The smallest and the largest chunk an arena takes at a time (it doubles from one to the other). Every
 * transaction that writes has an arena, a live one of a few documents too: its first chunk is small (a 4 KB
 * shared buffer takes about 1 µs to make, one of 64 KB about 12 µs).
 */
const FIRST_CHUNK = 4 * 1024;
const LARGEST_CHUNK = 4 * 1024 * 1024;

/** Appends texts to shared chunks: each slice stays valid for as long as it is held. */
export class TextArena {
  private chunk: Buffer | null = null;
  private used = 0;
  private next = FIRST_CHUNK;

  put(text: string): TextSlice {
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    const most = text.length * 3;
    if (!this.chunk || this.used + most > this.chunk.length) {
      const size = Math.max(this.next, most);
      this.chunk = Buffer.from(new SharedArrayBuffer(size));
      this.used = 0;
      this.next = Math.min(this.next * 2, LARGEST_CHUNK);
    }
    const length = this.chunk.write(text, this.used, 'utf8');
    const slice = new TextSlice(this.chunk, this.used, length);
    this.used += length;
    return slice;
  }
}
