import { Query } from 'mingo';
import {
  compareValues,
  type DocumentIndexes,
  isKey,
  type Key,
  SlotSet,
  type SortedOrder,
  type SortKeys,
  valueAtPath,
} from './in-memory-index';
import type {
  FieldCounts,
  Filter,
  FindOptions,
  ReadModel,
  Score,
} from '../../server/src/infrastructure/read-store/read-store.port';

/**
 * The embedded read store's query engine over its indexes (embedded-index.ts). A filter's indexable
 * conditions (equality, array membership, `$in`, anchored prefix regex, and `$and`/`$or` of those on
 * fields that start a declared index) become slot sets; whatever the indexes cannot answer is tested
 * per candidate. A sorted page walks a declared index's order when one fits the sort, and stops at the
 * limit; relevance scores are summed from one slot set per score clause.
 */

/** Options shared by every mingo query: documents are never cloned by mingo, we clone the returned page. */
export const MINGO_OPTIONS = { idKey: '_id' } as const;

/** Below this many selected documents, sorting them is cheaper than walking a whole order. */
const WALK_MIN = 500;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
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

/** A predicate for any filter: the fast matcher for the simple forms, mingo for the rest. */
export function matcher(filter: Filter): (doc: ReadModel) => boolean {
  const simple = compileSimple(filter);
  if (simple) return simple;
  const query = new Query(filter, MINGO_OPTIONS);
  return (doc) => query.test(doc);
}

/** The slots the indexes give for a filter (null: no indexed condition), and whether they answer all of it. */
interface Plan {
  readonly set: SlotSet | null;
  readonly exact: boolean;
}

const UNPLANNED: Plan = { set: null, exact: false };

/** Plans a filter against the indexes; every set it returns is new (callers may change it). */
function plan(filter: Filter, indexes: DocumentIndexes): Plan {
  let set: SlotSet | null = null;
  let exact = true;
  const narrow = (part: SlotSet): void => {
    if (set) set.and(part);
    else set = part;
  };
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) {
        const sub = isPlainObject(part) ? plan(part, indexes) : UNPLANNED;
        if (sub.set) narrow(sub.set);
        exact &&= sub.exact;
      }
    } else if (key === '$or' && Array.isArray(value)) {
      const subs = value.map((part) => (isPlainObject(part) ? plan(part, indexes) : UNPLANNED));
      const [first, ...rest] = subs;
      if (first?.set && rest.every((sub) => sub.set !== null)) {
        for (const sub of rest) first.set.or(sub.set!);
        narrow(first.set);
      }
      exact &&= subs.length > 0 && subs.every((sub) => sub.exact);
    } else {
      const index = key.startsWith('$') ? undefined : indexes.field(key);
      const condition = index ? simpleCondition(value) : null;
      if (!index || !condition) {
        exact = false;
        continue;
      }
      const part = SlotSet.empty(indexes.capacity);
      if (condition.kind === 'prefix') index.addStartingWith(condition.prefix, part);
      else for (const k of condition.keys) index.addEqual(k, part);
      narrow(part);
    }
  }
  return { set, exact: exact && set !== null };
}

/** The slots of exactly the documents matching `filter` (a new set). */
function select(filter: Filter, indexes: DocumentIndexes, planned = plan(filter, indexes)): SlotSet {
  if (planned.set && planned.exact) return planned.set;
  if (!planned.set && Object.keys(filter).length === 0) return indexes.live.copy();
  const test = matcher(filter);
  const kept = SlotSet.empty(indexes.capacity);
  (planned.set ?? indexes.live).forEach((slot) => {
    if (test(indexes.docAt(slot)!)) kept.add(slot);
  });
  return kept;
}

/** How many documents match. */
export function countIndexed(indexes: DocumentIndexes, filter: Filter): number {
  return select(filter, indexes).size;
}

/** Facet counts: indexed fields from their postings, the others by reading the selected documents. */
export function countByIndexed(
  indexes: DocumentIndexes,
  filter: Filter,
  fields: readonly string[],
): FieldCounts {
  const selected = select(filter, indexes);
  const counts: FieldCounts = {};
  const rest: string[] = [];
  for (const field of fields) {
    const index = indexes.field(field);
    if (index) counts[field] = index.countWithin(selected);
    else rest.push(field);
  }
  if (rest.length === 0) return counts;
  for (const field of rest) counts[field] = {};
  selected.forEach((slot) => {
    const doc = indexes.docAt(slot)!;
    for (const field of rest) countValues(counts[field]!, valueAtPath(doc, field));
  });
  return counts;
}

/** Adds one document's value(s) of a field to its counts; an array counts each distinct element once. */
export function countValues(byValue: Record<string, number>, value: unknown): void {
  const values = Array.isArray(value) ? new Set(value) : [value];
  for (const v of values) {
    if (v === undefined || v === null || typeof v === 'object') continue;
    const key = String(v);
    byValue[key] = (byValue[key] ?? 0) + 1;
  }
}

/** A document of a page: the stored one (or a field selection of it) and its score. */
export type Keyed = { readonly doc: ReadModel; readonly score: number };

/** Compares two keyed documents by `sort` (the score field, when named, reads the computed score). */
export function comparator(sort: SortKeys, scoreField: string | undefined): (a: Keyed, b: Keyed) => number {
  const read = (item: Keyed, field: string): unknown =>
    field === scoreField ? item.score : valueAtPath(item.doc, field);
  return (a, b) => {
    for (const [field, direction] of sort) {
      const order = compareValues(read(a, field), read(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}

/** The first `count` items in comparator order, stable, without sorting everything. */
function smallest(items: Iterable<Keyed>, count: number, compare: (a: Keyed, b: Keyed) => number): Keyed[] {
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

/** Sorts (all, or the first skip + limit), skips and limits documents already filtered by `after`. */
function window(items: Keyed[], options: FindOptions, sort: SortKeys, scoreField?: string): Keyed[] {
  const skip = options.skip ?? 0;
  const end = options.limit ? skip + options.limit : undefined;
  if (sort.length === 0) return items.slice(skip, end);
  const compare = comparator(sort, scoreField);
  const ordered = end === undefined ? items.sort(compare) : smallest(items, end, compare);
  return ordered.slice(skip, end);
}

/** A result: the stored document, or only the fields asked for; with its score when scored. */
function shaped({ doc, score: points }: Keyed, options: FindOptions): ReadModel {
  let out: ReadModel = doc;
  if (options.fields) {
    out = { _id: doc._id };
    for (const field of options.fields) if (field in doc) out[field] = doc[field];
  }
  return options.score ? { ...out, [options.score.as]: points } : out;
}

/** The item standing for `after` in comparisons. */
function afterItem(options: FindOptions): Keyed | null {
  const after = options.after;
  if (!after) return null;
  const scoreField = options.score?.as;
  return { doc: { _id: '', ...after }, score: Number(scoreField ? after[scoreField] : 0) };
}

/**
 * Find without indexes (inside a transaction, whose own writes the indexes do not cover): tests the
 * given documents, then scores, sorts and pages them. Results are stored objects or shallow copies.
 */
export function findUnindexed(docs: Iterable<ReadModel>, filter: Filter, options: FindOptions): ReadModel[] {
  const test = matcher(filter);
  const score = options.score;
  const scorers = (score?.clauses ?? []).map((clause) => ({
    weight: clause.weight,
    test: matcher(clause.filter),
  }));
  const sort = Object.entries(options.sort ?? {});
  const compare = comparator(sort, score?.as);
  const after = afterItem(options);
  const items: Keyed[] = [];
  for (const doc of docs) {
    if (!test(doc)) continue;
    let points = 0;
    for (const scorer of scorers) if (scorer.test(doc)) points += scorer.weight;
    const item = { doc, score: points };
    if (after && compare(item, after) <= 0) continue;
    items.push(item);
  }
  return window(items, options, sort, score?.as).map((item) => shaped(item, options));
}

/** One slot set per score clause: a document's score is the sum of the weights of the sets holding it. */
function scorer(indexes: DocumentIndexes, score: Score | undefined): (slot: number) => number {
  if (!score) return () => 0;
  const clauses = score.clauses.map((clause) => ({
    weight: clause.weight,
    slots: select(clause.filter, indexes),
  }));
  return (slot) => {
    let points = 0;
    for (const clause of clauses) if (clause.slots.has(slot)) points += clause.weight;
    return points;
  };
}

/** The value a filter fixes a field to by equality (`{ f: v }`, `{ f: { $eq: v } }`, also inside `$and`). */
function boundValue(filter: Filter, field: string): { readonly value: Key } | null {
  const value = filter[field];
  if (isKey(value)) return { value };
  if (isPlainObject(value) && Object.keys(value).length === 1 && isKey(value['$eq']))
    return { value: value['$eq'] };
  const and = filter['$and'];
  if (Array.isArray(and)) {
    for (const part of and) {
      const bound = isPlainObject(part) ? boundValue(part, field) : null;
      if (bound) return bound;
    }
  }
  return null;
}

/** An order that yields `sort`: its leading keys fixed by the filter, the rest the sort's keys (or all reversed). */
interface Walk {
  readonly order: SortedOrder;
  /** The values of the leading keys the filter fixes. */
  readonly fixed: readonly Key[];
  /** 1 walks the order forwards, -1 backwards. */
  readonly direction: 1 | -1;
}

function samePrefix(keys: SortKeys, sort: SortKeys, flip: 1 | -1): boolean {
  return (
    sort.length <= keys.length &&
    sort.every(([field, direction], i) => keys[i]![0] === field && keys[i]![1] === direction * flip)
  );
}

function walkFor(indexes: DocumentIndexes, filter: Filter, sort: SortKeys): Walk | null {
  if (sort.length === 0) return null;
  for (const order of indexes.sortedOrders()) {
    const fixed: Key[] = [];
    for (let start = 0; start <= order.keys.length - sort.length; start++) {
      const rest = order.keys.slice(start);
      if (samePrefix(rest, sort, 1)) return { order, fixed, direction: 1 };
      if (samePrefix(rest, sort, -1)) return { order, fixed, direction: -1 };
      const bound = boundValue(filter, order.keys[start]![0]);
      if (!bound) break;
      fixed.push(bound.value);
    }
  }
  return null;
}

/** Where a walk starts: the first (or, backwards, last) position after `after`, else the start of the fixed range. */
function walkStart(walk: Walk, after: readonly unknown[] | null): number {
  const values = after ? [...walk.fixed, ...after] : walk.fixed;
  if (walk.direction === 1) return walk.order.seek(values, after === null);
  return walk.order.seek(values, after !== null) - 1;
}

/** A sorted page by walking an order: the selected documents in order, after `after`, until the window is full. */
function walkPage(
  indexes: DocumentIndexes,
  selected: SlotSet,
  walk: Walk,
  sort: SortKeys,
  scoreOf: (slot: number) => number,
  options: FindOptions,
): Keyed[] {
  const ordered = walk.order.ordered();
  const after = options.after ? sort.map(([field]) => options.after![field]) : null;
  const skip = options.skip ?? 0;
  const end = options.limit ? skip + options.limit : Infinity;
  const page: Keyed[] = [];
  const step = walk.direction;
  for (let i = walkStart(walk, after); i >= 0 && i < ordered.length && page.length < end; i += step) {
    const slot = ordered[i]!;
    if (selected.has(slot)) page.push({ doc: indexes.docAt(slot)!, score: scoreOf(slot) });
  }
  return page.slice(skip);
}

/**
 * A page sorted by score first: one walk over the order of the other sort keys, keeping for each score
 * the first skip + limit documents (later ones of the same score come after them), then the best scores.
 */
function scoredWalkPage(
  indexes: DocumentIndexes,
  selected: SlotSet,
  walk: Walk,
  rest: SortKeys,
  scoreDirection: 1 | -1,
  scoreOf: (slot: number) => number,
  options: FindOptions,
): Keyed[] {
  const ordered = walk.order.ordered();
  const skip = options.skip ?? 0;
  const end = options.limit ? skip + options.limit : Infinity;
  const after = options.after;
  const afterScore = after ? Number(after[options.score!.as]) : 0;
  // Positions from here on (in walk direction) come after `after` among documents of its score.
  const boundary = after
    ? walkStart(
        walk,
        rest.map(([field]) => after[field]),
      )
    : 0;
  const step = walk.direction;
  const byScore = new Map<number, Keyed[]>();
  for (let i = walkStart(walk, null); i >= 0 && i < ordered.length; i += step) {
    const slot = ordered[i]!;
    if (!selected.has(slot)) continue;
    const points = scoreOf(slot);
    if (after) {
      const order = (points - afterScore) * scoreDirection;
      const later = step === 1 ? i >= boundary : i <= boundary;
      if (order < 0 || (order === 0 && !later)) continue;
    }
    let bucket = byScore.get(points);
    if (!bucket) byScore.set(points, (bucket = []));
    if (bucket.length < end) bucket.push({ doc: indexes.docAt(slot)!, score: points });
  }
  const scores = [...byScore.keys()].sort((a, b) => (a - b) * scoreDirection);
  const page: Keyed[] = [];
  for (const points of scores) {
    for (const item of byScore.get(points)!) {
      if (page.length >= end) break;
      page.push(item);
    }
  }
  return page.slice(skip);
}

/**
 * Find with the indexes, or null when they do not help (no indexed condition and nothing the planner
 * alone supports: the caller then runs the query as it always has). Results are stored objects or
 * shallow copies.
 */
export function findIndexed(
  indexes: DocumentIndexes,
  filter: Filter,
  options: FindOptions,
): ReadModel[] | null {
  const planned = plan(filter, indexes);
  if (!planned.set && !options.after && !options.score && !options.fields) return null;
  const selected = select(filter, indexes, planned);
  const sort: SortKeys = Object.entries(options.sort ?? {});
  const score = options.score;
  const scoreOf = scorer(indexes, score);
  const scoreFirst = score !== undefined && sort[0]?.[0] === score.as;
  const rest = scoreFirst ? sort.slice(1) : sort;
  const walk = rest.some(([field]) => field === score?.as) ? null : walkFor(indexes, filter, rest);
  let page: Keyed[];
  if (walk && selected.size >= WALK_MIN) {
    page = scoreFirst
      ? scoredWalkPage(indexes, selected, walk, rest, sort[0]![1], scoreOf, options)
      : walkPage(indexes, selected, walk, sort, scoreOf, options);
  } else {
    const compare = comparator(sort, score?.as);
    const after = afterItem(options);
    const items: Keyed[] = [];
    selected.forEach((slot) => {
      const item = { doc: indexes.docAt(slot)!, score: scoreOf(slot) };
      if (!after || compare(item, after) > 0) items.push(item);
    });
    page = window(items, options, sort, score?.as);
  }
  return page.map((item) => shaped(item, options));
}
