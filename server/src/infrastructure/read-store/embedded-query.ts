import type { Filter, ReadModel, Sort } from './read-store.port';

/**
 * The embedded read store's indexes and query planner: for each field that starts a declared index, a
 * map from value to the ids of the documents holding it (array fields: each element), plus the values in
 * sorted order for anchored prefix regexes. A filter's indexable conditions give candidate ids (sets
 * intersected for AND, united for OR); whatever the index cannot answer is checked per candidate.
 */

type Key = string | number | boolean;

export class FieldIndex {
  private readonly postings = new Map<Key, Set<string>>();
  private sortedStrings: string[] | null = null;

  constructor(readonly field: string) {}

  add(doc: ReadModel): void {
    for (const key of indexKeys(doc, this.field)) {
      let ids = this.postings.get(key);
      if (!ids) {
        this.postings.set(key, (ids = new Set()));
        if (typeof key === 'string') this.sortedStrings = null;
      }
      ids.add(doc._id);
    }
  }

  remove(doc: ReadModel): void {
    for (const key of indexKeys(doc, this.field)) {
      const ids = this.postings.get(key);
      if (!ids) continue;
      ids.delete(doc._id);
      if (ids.size === 0) {
        this.postings.delete(key);
        if (typeof key === 'string') this.sortedStrings = null;
      }
    }
  }

  /** How many of `ids` hold each value (facet counts straight from the index). */
  countWithin(ids: ReadonlySet<string>): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, holders] of this.postings) {
      let count = 0;
      if (holders.size <= ids.size) {
        for (const id of holders) if (ids.has(id)) count++;
      } else {
        for (const id of ids) if (holders.has(id)) count++;
      }
      if (count > 0) counts[String(key)] = count;
    }
    return counts;
  }

  equal(key: Key): ReadonlySet<string> {
    return this.postings.get(key) ?? EMPTY;
  }

  /** The ids of documents with a string value starting with `prefix`. */
  startingWith(prefix: string): ReadonlySet<string> {
    const keys = this.sorted();
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const sets: ReadonlySet<string>[] = [];
    for (let i = low; i < keys.length && keys[i]!.startsWith(prefix); i++)
      sets.push(this.postings.get(keys[i]!)!);
    return union(sets);
  }

  private sorted(): string[] {
    if (!this.sortedStrings) {
      this.sortedStrings = [...this.postings.keys()].filter((k): k is string => typeof k === 'string').sort();
    }
    return this.sortedStrings;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

function isKey(value: unknown): value is Key {
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

function indexKeys(doc: ReadModel, field: string): Key[] {
  const value = valueAtPath(doc, field);
  if (isKey(value)) return [value];
  if (Array.isArray(value)) return [...new Set(value.filter(isKey))];
  return [];
}

function union(sets: readonly ReadonlySet<string>[]): ReadonlySet<string> {
  if (sets.length === 0) return EMPTY;
  if (sets.length === 1) return sets[0]!;
  const all = new Set<string>();
  for (const set of sets) for (const id of set) all.add(id);
  return all;
}

function intersect(sets: readonly ReadonlySet<string>[]): ReadonlySet<string> {
  const [smallest, ...rest] = [...sets].sort((a, b) => a.size - b.size);
  if (!smallest || rest.length === 0) return smallest ?? EMPTY;
  const result = new Set<string>();
  outer: for (const id of smallest) {
    for (const set of rest) if (!set.has(id)) continue outer;
    result.add(id);
  }
  return result;
}

const REGEX_META = /[.*+?()[\]{}|^$\\]/;

/** The literal after `^` of an anchored regex without flags, or null ("^abc" → "abc"; "^a\\.b" → "a.b"). */
export function anchoredPrefix(condition: Record<string, unknown>): string | null {
  const pattern = condition['$regex'];
  const options = condition['$options'];
  if (typeof pattern !== 'string' || !pattern.startsWith('^')) return null;
  if (options !== undefined && options !== '') return null;
  if (Object.keys(condition).some((key) => key !== '$regex' && key !== '$options')) return null;
  let literal = '';
  for (let i = 1; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '\\') {
      const next = pattern.charAt(i + 1);
      if (!next || /[0-9A-Za-z]/.test(next)) return null;
      literal += next;
      i++;
    } else if (REGEX_META.test(char)) return null;
    else literal += char;
  }
  return literal;
}

/** A condition on one field in the simple forms the indexes and the fast matcher understand. */
type SimpleCondition =
  | { readonly kind: 'in'; readonly keys: readonly Key[] }
  | { readonly kind: 'prefix'; readonly prefix: string };

function simpleCondition(value: unknown): SimpleCondition | null {
  if (isKey(value)) return { kind: 'in', keys: [value] };
  if (!isPlainObject(value)) return null;
  const operators = Object.keys(value);
  if (operators.length === 1 && operators[0] === '$eq' && isKey(value['$eq']))
    return { kind: 'in', keys: [value['$eq']] };
  if (operators.length === 1 && operators[0] === '$in' && Array.isArray(value['$in'])) {
    const keys = value['$in'] as unknown[];
    return keys.every(isKey) ? { kind: 'in', keys } : null;
  }
  const prefix = anchoredPrefix(value);
  return prefix === null ? null : { kind: 'prefix', prefix };
}

export interface IndexSource {
  field(name: string): FieldIndex | undefined;
  /** Plans kept for the collection's current version (a query asks for the same filter several times). */
  readonly plans?: Map<string, unknown>;
}

const PLAN_CACHE_SIZE = 16;

/** plan(), remembered per filter until the collection changes (the cache is emptied at every commit). */
export function cachedPlan(filter: Filter, indexes: IndexSource): Plan {
  if (!indexes.plans) return plan(filter, indexes);
  const key = JSON.stringify(filter);
  let found = indexes.plans.get(key) as Plan | undefined;
  if (!found) {
    found = plan(filter, indexes);
    if (indexes.plans.size >= PLAN_CACHE_SIZE) indexes.plans.clear();
    indexes.plans.set(key, found);
  }
  return found;
}

/** Candidate ids for a filter, and whether the indexes answered the whole filter (no per-document check needed). */
export interface Plan {
  readonly ids: ReadonlySet<string> | null;
  readonly exact: boolean;
}

/** Plans a filter against the indexes; `ids: null` means every document is a candidate. */
export function plan(filter: Filter, indexes: IndexSource): Plan {
  const parts: ReadonlySet<string>[] = [];
  let exact = true;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) {
        const sub = isPlainObject(part) ? plan(part, indexes) : { ids: null, exact: false };
        if (sub.ids) parts.push(sub.ids);
        exact &&= sub.exact;
      }
    } else if (key === '$or' && Array.isArray(value)) {
      const subs = value.map((part) =>
        isPlainObject(part) ? plan(part, indexes) : { ids: null, exact: false },
      );
      if (subs.every((sub) => sub.ids !== null)) parts.push(union(subs.map((sub) => sub.ids!)));
      exact &&= subs.every((sub) => sub.exact && sub.ids !== null);
    } else {
      const index = key.startsWith('$') ? undefined : indexes.field(key);
      const condition = index ? simpleCondition(value) : null;
      if (!index || !condition) {
        exact = false;
        continue;
      }
      parts.push(
        condition.kind === 'prefix'
          ? index.startingWith(condition.prefix)
          : union(condition.keys.map((k) => index.equal(k))),
      );
    }
  }
  return { ids: parts.length > 0 ? intersect(parts) : null, exact: exact && parts.length > 0 };
}

/** A plain predicate for filters in the simple forms; null when the filter needs the full query engine. */
export function compileSimple(filter: Filter): ((doc: ReadModel) => boolean) | null {
  const tests: ((doc: ReadModel) => boolean)[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if ((key === '$and' || key === '$or') && Array.isArray(value)) {
      const subs = value.map((part) => (isPlainObject(part) ? compileSimple(part) : null));
      if (subs.some((sub) => sub === null)) return null;
      const compiled = subs as ((doc: ReadModel) => boolean)[];
      tests.push(
        key === '$and' ? (doc) => compiled.every((t) => t(doc)) : (doc) => compiled.some((t) => t(doc)),
      );
      continue;
    }
    if (key.startsWith('$')) return null;
    const condition = simpleCondition(value);
    if (!condition) return null;
    tests.push((doc) => {
      const found = valueAtPath(doc, key);
      const values: unknown[] = Array.isArray(found) ? found : [found];
      return condition.kind === 'in'
        ? values.some((v) => condition.keys.includes(v as Key))
        : values.some((v) => typeof v === 'string' && v.startsWith(condition.prefix));
    });
  }
  return (doc) => tests.every((t) => t(doc));
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

export type Keyed = { readonly doc: ReadModel; readonly score: number };

/** Compares two keyed documents by `sort` (the score field, when named, reads the computed score). */
export function comparator(sort: Sort, scoreField: string | undefined): (a: Keyed, b: Keyed) => number {
  const keys = Object.entries(sort);
  const read = (item: Keyed, field: string): unknown =>
    field === scoreField ? item.score : valueAtPath(item.doc, field);
  return (a, b) => {
    for (const [field, direction] of keys) {
      const order = compareValues(read(a, field), read(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}

/** The first `count` items in comparator order, stable, without sorting everything. */
export function smallest(
  items: Iterable<Keyed>,
  count: number,
  compare: (a: Keyed, b: Keyed) => number,
): Keyed[] {
  const best: Keyed[] = [];
  if (count <= 0) return best;
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, best[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}
