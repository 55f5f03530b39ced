/**
 * The little machine Snowball programs run on (snowballstem.org, "The Snowball language"): a string,
 * a cursor `c`, the limits `limit` (right) and `limitBackward` (left), and the slice `[bra, ket)` that
 * `<-` and `delete` change. Only the backward-mode operations our stemmers use are here; each method
 * answers whether the command succeeded, as Snowball signals do.
 */
export class SnowballEnv {
  current: string;
  c = 0;
  limit: number;
  limitBackward = 0;
  bra = 0;
  ket: number;

  constructor(word: string) {
    this.current = word;
    this.limit = word.length;
    this.ket = word.length;
  }

  /** `backwards ( ... )`: the cursor goes to the right end; the left limit is where the cursor was. */
  startBackwards(): void {
    this.limitBackward = this.c;
    this.c = this.limit;
  }

  /** Backward grouping test: the character left of the cursor is in `group`; steps over it. */
  inGroupingB(group: string): boolean {
    if (this.c <= this.limitBackward) return false;
    if (!group.includes(this.current.charAt(this.c - 1))) return false;
    this.c--;
    return true;
  }

  /** Backward `non-group`: the character left of the cursor exists and is not in `group`; steps over it. */
  outGroupingB(group: string): boolean {
    if (this.c <= this.limitBackward) return false;
    if (group.includes(this.current.charAt(this.c - 1))) return false;
    this.c--;
    return true;
  }

  /** Backward literal: `text` ends at the cursor (within the limit); steps over it. */
  eqSB(text: string): boolean {
    if (this.c - this.limitBackward < text.length) return false;
    if (!this.current.startsWith(text, this.c - text.length)) return false;
    this.c -= text.length;
    return true;
  }

  /** Backward `hop n`: moves n characters left, failing when that crosses the left limit. */
  hopB(n: number): boolean {
    if (this.c - n < this.limitBackward) return false;
    this.c -= n;
    return true;
  }

  /**
   * Backward `substring among(...)`: the longest of `suffixes` that ends at the cursor, or -1. Moves the
   * cursor to its left end. `suffixes` must be ordered longest first.
   */
  findAmongB(suffixes: readonly string[]): number {
    for (let i = 0; i < suffixes.length; i++) {
      if (this.eqSB(suffixes[i]!)) return i;
    }
    return -1;
  }

  /** `<- text`: replaces the slice `[bra, ket)`, keeping the limit and cursor on the same right-hand text. */
  sliceFrom(text: string): void {
    const adjustment = text.length - (this.ket - this.bra);
    this.current = this.current.slice(0, this.bra) + text + this.current.slice(this.ket);
    this.limit += adjustment;
    if (this.c >= this.ket) this.c += adjustment;
    else if (this.c > this.bra) this.c = this.bra;
    this.ket = this.bra + text.length;
  }

  /** `delete`: removes the slice `[bra, ket)`. */
  sliceDel(): void {
    this.sliceFrom('');
  }

  /**
   * Runs `command` and puts the cursor back at the same distance from the right end, whatever the command
   * did (Snowball's `do`, `try`, `test` and `not` in backward mode).
   */
  keepingCursor<T>(command: () => T): T {
    const fromEnd = this.limit - this.c;
    const result = command();
    this.c = this.limit - fromEnd;
    return result;
  }
}
