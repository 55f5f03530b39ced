/**
 * Values as the embedded read store keeps them in SQLite: document fields by path, MongoDB's order of
 * the values read models sort on, the SQL values that keep that order in SQLite's own indexes, and sets
 * of document numbers (SlotSet) for the postings.
 */

export type Key = string | number | boolean;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

export function isKey(value: unknown): value is Key {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The value at a dotted path of a document (undefined when a step is missing); through an array, the values of its elements. */
export function valueAtPath(doc: unknown, path: string): unknown {
  if (!path.includes('.')) return isPlainObject(doc) ? doc[path] : undefined;
  let current: unknown = doc;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (Array.isArray(current) && !/^\d+$/.test(part)) {
      // As MongoDB: a path through an array reaches the field in each of its elements (`lines.sku`).
      const rest = parts.slice(i).join('.');
      const found = current.flatMap((element: unknown) => {
        const value = valueAtPath(element, rest);
        return value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];
      });
      return found.length > 0 ? found : undefined;
    }
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isPlainObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

function rank(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 4;
  return 3;
}

/** MongoDB's order for the scalar values read models sort on: missing/null, numbers, strings, objects, booleans. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1 || ra === 4) return Number(a) - Number(b);
  if (ra === 2) return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  return 0;
}

/** A value as SQLite stores it for ordering and equality: see sqlKey. */
export type SqlValue = string | number | Buffer | null;

const FALSE = Buffer.from([1]);
const TRUE = Buffer.from([2]);
/** Postings of documents whose field is missing, null or an empty array (SQLite sorts blobs last; walks place it first). */
export const NULL_POSTING = Buffer.alloc(0);
/** Postings of documents whose field holds an object (or an array element that is one). */
export const OBJECT_POSTING = Buffer.from([0]);

/**
 * A field's value in SQLite's own order, which is MongoDB's for these types: NULL (missing or null),
 * numbers, text, then blobs: objects and arrays (x'00' and their JSON, so equal values are equal keys),
 * false (x'01'), true (x'02'). SQLite compares text by its UTF-8 bytes, as MongoDB does.
 */
export function sqlKey(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value ? TRUE : FALSE;
    default:
      return Buffer.concat([OBJECT_POSTING, Buffer.from(JSON.stringify(value))]);
  }
}

/** A scalar as a posting value (strings, numbers, booleans; anything else is not posted by value). */
export function postingValue(value: Key): SqlValue {
  if (typeof value === 'boolean') return value ? TRUE : FALSE;
  return value;
}

/** A posting value as the JavaScript value it stands for (null for the null and object postings). */
export function fromPostingValue(value: SqlValue): Key | null {
  if (value === null) return null;
  if (Buffer.isBuffer(value)) return value.length === 1 && value[0]! > 0 ? value[0] === 2 : null;
  return value;
}

/** One string per posting value, so values of different types never meet in a Map. */
export function postingMapKey(value: SqlValue): string {
  if (value === null) return 'z';
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number') return `n${value}`;
  return `b${value.toString('hex')}`;
}

/**
 * The posting values of a document's field, given its value: each scalar (an array gives each of its elements, a value it
 * repeats as often as it holds it: callers that post them skip the repeats), OBJECT_POSTING for objects
 * (once), NULL_POSTING when the field is missing, null or an empty array (once).
 */
export function postingValuesOf(value: unknown): SqlValue[] {
  if (value === undefined || value === null) return [NULL_POSTING];
  if (isKey(value)) return [postingValue(value)];
  if (!Array.isArray(value)) return [OBJECT_POSTING];
  if (value.length === 0) return [NULL_POSTING];
  if (value.length === 1 && isKey(value[0])) return [postingValue(value[0])];
  // No set of what was seen: read models' arrays rarely repeat a value (search terms never do), and
  // postings skip a document's repeats as they are noted (CollectionWriter.note).
  let plain = true;
  for (let i = 0; plain && i < value.length; i++) {
    const type = typeof value[i];
    plain = type === 'string' || type === 'number';
  }
  if (plain) return value.slice() as SqlValue[];
  const values: SqlValue[] = [];
  let objects = false;
  let nulls = false;
  for (const element of value) {
    if (typeof element === 'string' || typeof element === 'number') values.push(element);
    else if (typeof element === 'boolean') values.push(postingValue(element));
    else if (element === null || element === undefined) nulls = true;
    else objects = true;
  }
  if (objects) values.push(OBJECT_POSTING);
  if (nulls) values.push(NULL_POSTING);
  return values;
}

const EMPTY_WORDS = new Uint32Array(0);

function popcount(bits: number): number {
  bits -= (bits >>> 1) & 0x55555555;
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A set of document numbers, one bit each. */
export class SlotSet {
  constructor(public words: Uint32Array = EMPTY_WORDS) {}

  /** An empty set able to hold numbers below `capacity` without growing. */
  static empty(capacity: number): SlotSet {
    return new SlotSet(new Uint32Array((capacity + 31) >>> 5));
  }

  static of(slots: Iterable<number>): SlotSet {
    const set = new SlotSet();
    for (const slot of slots) set.add(slot);
    return set;
  }

  copy(): SlotSet {
    return new SlotSet(this.words.slice());
  }

  /** Bytes of memory the set holds (for cache budgets). */
  get bytes(): number {
    return this.words.byteLength + 48;
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) this.grow(word + 1);
    this.words[word]! |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (slot & 31));
  }

  /** Keeps only the numbers also in `other`. */
  and(other: SlotSet): this {
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! &= theirs[i] ?? 0;
    return this;
  }

  /** Removes the numbers in `other`. */
  andNot(other: SlotSet): this {
    const words = this.words;
    const theirs = other.words;
    const length = Math.min(words.length, theirs.length);
    for (let i = 0; i < length; i++) words[i]! &= ~theirs[i]!;
    return this;
  }

  /** Adds the numbers of `other`. */
  or(other: SlotSet): this {
    if (other.words.length > this.words.length) this.grow(other.words.length);
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < theirs.length; i++) words[i]! |= theirs[i]!;
    return this;
  }

  /** ORs 128 words (one chunk of 4,096 numbers) in at word `offset`. */
  orWords(offset: number, source: Uint32Array): void {
    if (offset + source.length > this.words.length) this.grow(offset + source.length);
    const words = this.words;
    for (let i = 0; i < source.length; i++) words[offset + i]! |= source[i]!;
  }

  get size(): number {
    let count = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) count += popcount(words[i]!);
    return count;
  }

  isEmpty(): boolean {
    const words = this.words;
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
    return true;
  }

  /** How many numbers both sets hold. */
  countAnd(other: SlotSet): number {
    const words = this.words;
    const theirs = other.words;
    const length = Math.min(words.length, theirs.length);
    let count = 0;
    for (let i = 0; i < length; i++) {
      const bits = words[i]! & theirs[i]!;
      if (bits !== 0) count += popcount(bits);
    }
    return count;
  }

  /** Calls `visit` with each number in ascending order until it returns false. */
  forEach(visit: (slot: number) => boolean | void): void {
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let bits = words[i]!;
      while (bits !== 0) {
        const lowest = bits & -bits;
        if (visit((i << 5) + 31 - Math.clz32(lowest)) === false) return;
        bits ^= lowest;
      }
    }
  }

  /** The numbers in ascending order. */
  toArray(): number[] {
    const out: number[] = [];
    this.forEach((slot) => {
      out.push(slot);
    });
    return out;
  }

  private grow(minWords: number): void {
    const grown = new Uint32Array(Math.max(minWords, this.words.length * 2, 4));
    grown.set(this.words);
    this.words = grown;
  }
}
