import type { ReadModel, Sort } from '../../server/src/infrastructure/read-store/read-store.port';

/**
 * The embedded read store's in-memory indexes. Every document of a collection holds a slot, a small
 * integer given in insertion order, so a set of documents is a bitset over slots (SlotSet): intersections,
 * unions and counts are word operations, whatever the number of documents. Beside them:
 * - for each field that starts a declared index, the slots holding each value (FieldIndex), with the
 *   string values in sorted order for anchored prefixes;
 * - for each declared index of several keys, every slot in the index's key order (SortedOrder), so a
 *   sorted page walks the order and stops at its limit instead of sorting the candidates.
 * All of it changes only when a transaction commits; committed documents are never changed in place.
 */

export type Key = string | number | boolean;

const EMPTY_WORDS = new Uint32Array(0);

/** A set of slots, one bit each. */
export class SlotSet {
  constructor(public words: Uint32Array = EMPTY_WORDS) {}

  /** An empty set able to hold slots below `capacity`. */
  static empty(capacity: number): SlotSet {
    return new SlotSet(new Uint32Array((capacity + 31) >>> 5));
  }

  copy(): SlotSet {
    return new SlotSet(this.words.slice());
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

  /** Adds every slot of `slots`. */
  addAll(slots: Uint32Array): void {
    const words = this.words;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      words[slot >>> 5]! |= 1 << (slot & 31);
    }
  }

  /** Keeps only the slots also in `other`. */
  and(other: SlotSet): void {
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! &= theirs[i] ?? 0;
  }

  /** Adds the slots of `other`. */
  or(other: SlotSet): void {
    if (other.words.length > this.words.length) this.grow(other.words.length);
    const words = this.words;
    const theirs = other.words;
    for (let i = 0; i < theirs.length; i++) words[i]! |= theirs[i]!;
  }

  get size(): number {
    let count = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let bits = words[i]!;
      bits -= (bits >>> 1) & 0x55555555;
      bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
      count += (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return count;
  }

  /** How many slots both sets hold. */
  countAnd(other: SlotSet): number {
    const words = this.words;
    const theirs = other.words;
    const length = Math.min(words.length, theirs.length);
    let count = 0;
    for (let i = 0; i < length; i++) {
      let bits = words[i]! & theirs[i]!;
      bits -= (bits >>> 1) & 0x55555555;
      bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
      count += (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return count;
  }

  /** How many of `slots` are in the set. */
  countOf(slots: Uint32Array): number {
    const words = this.words;
    let count = 0;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (((words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0) count++;
    }
    return count;
  }

  /** Calls `visit` with each slot in ascending order until it returns false. */
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

  private grow(minWords: number): void {
    const grown = new Uint32Array(Math.max(minWords, this.words.length * 2, 4));
    grown.set(this.words);
    this.words = grown;
  }
}

/** The slots holding one value of a field: appended on add; removals are collected and applied when read. */
class Posting {
  private slots = new Uint32Array(2);
  private length = 0;
  private removed: Set<number> | null = null;
  /** The slot of the last add (-1 after its removal), so an array's repeated element is listed once. */
  private lastAdded = -1;
  /** The slots as a set, for a value many documents hold; dropped at every change. */
  private set: SlotSet | null = null;

  get size(): number {
    return this.length - (this.removed?.size ?? 0);
  }

  add(slot: number): void {
    // Removed earlier in the same commit (a document that changed but kept this value): still listed.
    if (this.removed?.delete(slot)) {
      this.lastAdded = slot;
      this.set = null;
      return;
    }
    // A document's values are added one after another, so a repeated element meets its own slot here.
    if (slot === this.lastAdded) return;
    this.lastAdded = slot;
    this.set = null;
    if (this.length === this.slots.length) {
      const grown = new Uint32Array(this.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots[this.length++] = slot;
  }

  /** `slot` must be listed (the index removes exactly what it added; repeats are harmless). */
  remove(slot: number): void {
    (this.removed ??= new Set()).add(slot);
    if (this.lastAdded === slot) this.lastAdded = -1;
    this.set = null;
  }

  /** Adds the live slots to `into`: word by word when the value is common, else slot by slot. */
  addTo(into: SlotSet): void {
    const slots = this.view();
    if (slots.length <= into.words.length) into.addAll(slots);
    else into.or(this.asSet(into));
  }

  /** How many of the live slots `within` holds. */
  countIn(within: SlotSet): number {
    const slots = this.view();
    return slots.length <= within.words.length ? within.countOf(slots) : within.countAnd(this.asSet(within));
  }

  /** The live slots as a set (kept until the next change); `like` gives the capacity, which covers every slot. */
  private asSet(like: SlotSet): SlotSet {
    if (!this.set) {
      this.set = SlotSet.empty(like.words.length * 32);
      this.set.addAll(this.view());
    }
    return this.set;
  }

  /** The live slots, in no particular order. */
  view(): Uint32Array {
    const removed = this.removed;
    if (removed) {
      let kept = 0;
      for (let i = 0; i < this.length; i++) {
        const slot = this.slots[i]!;
        if (!removed.has(slot)) this.slots[kept++] = slot;
      }
      this.length = kept;
      this.removed = null;
    }
    return this.slots.subarray(0, this.length);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

export function isKey(value: unknown): value is Key {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function valueAtPath(doc: unknown, path: string): unknown {
  if (!path.includes('.')) return isPlainObject(doc) ? doc[path] : undefined;
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (!isPlainObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

const NO_KEYS: readonly Key[] = [];

/** The values a document is indexed under: a scalar, or each scalar element of an array (repeats included). */
function indexKeys(doc: ReadModel, field: string): readonly Key[] {
  const value = valueAtPath(doc, field);
  if (isKey(value)) return [value];
  if (!Array.isArray(value)) return NO_KEYS;
  return value.every(isKey) ? value : value.filter(isKey);
}

/** Merges two sorted string lists, dropping duplicates. */
function mergeSorted(left: readonly string[], right: readonly string[]): string[] {
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const next = j >= right.length || (i < left.length && left[i]! <= right[j]!) ? left[i++]! : right[j++]!;
    if (merged.length === 0 || merged[merged.length - 1] !== next) merged.push(next);
  }
  return merged;
}

/** For one field: value → the slots holding it (array fields: each element). */
export class FieldIndex {
  private readonly postings = new Map<Key, Posting>();
  private sortedKeys: string[] = [];
  private addedKeys: string[] = [];
  private keysRemoved = false;

  constructor(readonly field: string) {}

  add(doc: ReadModel, slot: number): void {
    for (const key of indexKeys(doc, this.field)) {
      let posting = this.postings.get(key);
      if (!posting) {
        this.postings.set(key, (posting = new Posting()));
        if (typeof key === 'string') this.addedKeys.push(key);
      }
      posting.add(slot);
    }
  }

  remove(doc: ReadModel, slot: number): void {
    for (const key of indexKeys(doc, this.field)) {
      const posting = this.postings.get(key);
      if (!posting) continue;
      posting.remove(slot);
      if (posting.size === 0) {
        this.postings.delete(key);
        if (typeof key === 'string') this.keysRemoved = true;
      }
    }
  }

  /** Adds the slots holding `key` to `into`. */
  addEqual(key: Key, into: SlotSet): void {
    this.postings.get(key)?.addTo(into);
  }

  /** Adds the slots holding a string value that starts with `prefix` to `into`. */
  addStartingWith(prefix: string, into: SlotSet): void {
    const keys = this.sorted();
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < keys.length && keys[i]!.startsWith(prefix); i++) {
      this.postings.get(keys[i]!)!.addTo(into);
    }
  }

  /** How many slots of `within` hold each value (facet counts). */
  countWithin(within: SlotSet): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, posting] of this.postings) {
      const count = posting.countIn(within);
      if (count > 0) counts[String(key)] = count;
    }
    return counts;
  }

  /** The string values in sorted order (sorted now if changes are pending). */
  sorted(): string[] {
    if (this.keysRemoved) {
      this.sortedKeys = this.sortedKeys.filter((key) => this.postings.has(key));
      this.keysRemoved = false;
    }
    if (this.addedKeys.length > 0) {
      const added = this.addedKeys.filter((key) => this.postings.has(key)).sort();
      this.sortedKeys = mergeSorted(this.sortedKeys, added);
      this.addedKeys = [];
    }
    return this.sortedKeys;
  }
}

function rank(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 4;
  return 3;
}

/** MongoDB's order for the scalar values read models sort on: missing/null, numbers, strings, booleans. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1 || ra === 4) return Number(a) - Number(b);
  if (ra === 2) return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  return 0;
}

export type SortKeys = readonly (readonly [field: string, direction: 1 | -1])[];

/** Every slot in the order of an index's keys (ties by slot); changed slots are re-placed when next read. */
export class SortedOrder {
  readonly keys: SortKeys;
  private slots = new Uint32Array(0);
  private readonly touched = new Set<number>();

  constructor(
    keys: Sort,
    private readonly docAt: (slot: number) => ReadModel | undefined,
  ) {
    this.keys = Object.entries(keys);
  }

  /** Marks a slot whose document was added, changed or removed. */
  touch(slot: number): void {
    this.touched.add(slot);
  }

  /** The slots of every document, in order. */
  ordered(): Uint32Array {
    if (this.touched.size > 0) this.refresh();
    return this.slots;
  }

  /**
   * The first position whose document's keys come after `values` (values for the first keys of the
   * order), or, with `orEqual`, after or level with them.
   */
  seek(values: readonly unknown[], orEqual: boolean): number {
    const slots = this.ordered();
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = this.compareTo(this.docAt(slots[middle]!)!, values);
      if (order < 0 || (order === 0 && !orEqual)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compareTo(doc: ReadModel, values: readonly unknown[]): number {
    for (let i = 0; i < values.length; i++) {
      const [field, direction] = this.keys[i]!;
      const order = compareValues(valueAtPath(doc, field), values[i]);
      if (order !== 0) return order * direction;
    }
    return 0;
  }

  private compareSlots = (a: number, b: number): number => {
    const left = this.docAt(a)!;
    const right = this.docAt(b)!;
    for (const [field, direction] of this.keys) {
      const order = compareValues(valueAtPath(left, field), valueAtPath(right, field));
      if (order !== 0) return order * direction;
    }
    return a - b;
  };

  /**
   * The touched slots still holding a document are sorted (with the key values read once each when they
   * are many) and inserted at their places among the untouched ones, found by binary search.
   */
  private refresh(): void {
    const touched = this.touched;
    const fresh = Uint32Array.from([...touched].filter((slot) => this.docAt(slot) !== undefined));
    fresh.sort(fresh.length > 256 ? this.columnComparator(fresh) : this.compareSlots);
    const kept = this.slots.filter((slot) => !touched.has(slot));
    const merged = new Uint32Array(kept.length + fresh.length);
    let from = 0;
    for (let j = 0; j < fresh.length; j++) {
      const slot = fresh[j]!;
      let low = from;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.compareSlots(kept[middle]!, slot) < 0) low = middle + 1;
        else high = middle;
      }
      merged.set(kept.subarray(from, low), from + j);
      merged[low + j] = slot;
      from = low;
    }
    merged.set(kept.subarray(from), from + fresh.length);
    this.slots = merged;
    touched.clear();
  }

  /** compareSlots over key values read once per slot, compared as plain strings or numbers where they all are. */
  private columnComparator(slots: Uint32Array): (a: number, b: number) => number {
    const size = slots.reduce((max, slot) => Math.max(max, slot), 0) + 1;
    const columns = this.keys.map(([field, direction]) => {
      const values = new Array<unknown>(size);
      let strings = true;
      let numbers = true;
      for (const slot of slots) {
        const value = valueAtPath(this.docAt(slot), field);
        values[slot] = value;
        strings &&= typeof value === 'string';
        numbers &&= typeof value === 'number';
      }
      return { values, direction, kind: strings ? 'string' : numbers ? 'number' : 'any' };
    });
    return (a, b) => {
      for (const { values, direction, kind } of columns) {
        const left = values[a];
        const right = values[b];
        let order: number;
        if (kind === 'number') order = (left as number) - (right as number);
        else if (kind === 'string')
          order = (left as string) < (right as string) ? -1 : left === right ? 0 : 1;
        else order = compareValues(left, right);
        if (order !== 0) return order * direction;
      }
      return a - b;
    };
  }
}

/**
 * A collection's documents by slot, with the field indexes and sorted orders of its declared indexes.
 * Slots are never reused while the collection is loaded, so ascending slot order is insertion order
 * (the natural order of a find without sort); when more than half the slots are empty, the documents
 * are renumbered.
 */
export class DocumentIndexes {
  private readonly slotOf = new Map<string, number>();
  private docs: (ReadModel | undefined)[] = [];
  private holes = 0;
  /** Every slot holding a document. */
  live = new SlotSet();
  private readonly fields = new Map<string, FieldIndex>();
  private readonly orders = new Map<string, SortedOrder>();
  private readonly declared: Sort[] = [];

  /** Indexes the index's first field (as MongoDB, an index serves queries on its leading field) and, for several keys, its order. */
  declare(keys: Sort): void {
    this.declared.push(keys);
    const names = Object.keys(keys);
    const [first] = names;
    if (first !== undefined && first !== '_id' && !this.fields.has(first)) {
      const index = new FieldIndex(first);
      this.forEachDoc((doc, slot) => index.add(doc, slot));
      this.fields.set(first, index);
    }
    const name = JSON.stringify(keys);
    if (names.length > 1 && !this.orders.has(name)) {
      const order = new SortedOrder(keys, this.docAt);
      this.forEachDoc((_doc, slot) => order.touch(slot));
      this.orders.set(name, order);
    }
  }

  /** Adds a document, or replaces the one with its `_id`. */
  put(doc: ReadModel): void {
    let slot = this.slotOf.get(doc._id);
    if (slot === undefined) {
      slot = this.docs.length;
      this.docs.push(doc);
      this.slotOf.set(doc._id, slot);
      this.live.add(slot);
    } else {
      const old = this.docs[slot]!;
      for (const field of this.fields.values()) field.remove(old, slot);
      this.docs[slot] = doc;
    }
    for (const field of this.fields.values()) field.add(doc, slot);
    for (const order of this.orders.values()) order.touch(slot);
  }

  delete(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const old = this.docs[slot]!;
    for (const field of this.fields.values()) field.remove(old, slot);
    for (const order of this.orders.values()) order.touch(slot);
    this.docs[slot] = undefined;
    this.slotOf.delete(id);
    this.live.delete(slot);
    this.holes++;
    if (this.holes > 1024 && this.holes > this.slotOf.size) this.renumber();
  }

  readonly docAt = (slot: number): ReadModel | undefined => this.docs[slot];

  /** One more than the highest slot in use: the size a slot set needs. */
  get capacity(): number {
    return this.docs.length;
  }

  field(name: string): FieldIndex | undefined {
    return this.fields.get(name);
  }

  /** Brings the orders and the sorted values up to date now, so the next query does not wait for them. */
  prepare(): void {
    for (const order of this.orders.values()) order.ordered();
    for (const field of this.fields.values()) field.sorted();
  }

  sortedOrders(): Iterable<SortedOrder> {
    return this.orders.values();
  }

  private forEachDoc(visit: (doc: ReadModel, slot: number) => void): void {
    this.docs.forEach((doc, slot) => {
      if (doc) visit(doc, slot);
    });
  }

  /** Gives the documents consecutive slots again and rebuilds every index. */
  private renumber(): void {
    const docs = this.docs.filter((doc): doc is ReadModel => doc !== undefined);
    this.slotOf.clear();
    this.docs = [];
    this.holes = 0;
    this.live = new SlotSet();
    this.fields.clear();
    this.orders.clear();
    const declared = this.declared.splice(0);
    for (const doc of docs) this.put(doc);
    for (const keys of declared) this.declare(keys);
  }
}
