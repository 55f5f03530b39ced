import type { Statement } from 'better-sqlite3';
import { Aggregator } from 'mingo';
import { BoundedCache } from './embedded-cache';
import { type CollectionInfo, column, type FieldInfo, type OrderInfo } from './embedded-catalog';
import { pinnedId } from './read-model-documents';
import {
  anchoredPrefix,
  compareKeyed,
  countValues,
  MINGO_OPTIONS,
  matcher,
  type SortKeys,
  sortKeys,
} from './embedded-matcher';
import { addContainer } from './embedded-postings';
import {
  isKey,
  isPlainObject,
  NULL_POSTING,
  OBJECT_POSTING,
  postingMapKey,
  postingValue,
  SlotSet,
  type SqlValue,
  fromPostingValue,
  valueAtPath,
} from './embedded-values';
import type { FieldCounts, Filter, FindOptions, ReadModel, Score } from './read-store.port';

/**
 * The embedded read store's queries over committed documents, read from SQLite when a query needs them.
 * A filter's conditions on indexed fields (equality, array membership, `$in`, ranges, anchored prefixes,
 * `$and`/`$or` of those, and `_id`) become sets of document numbers from the postings; whatever they
 * cannot answer is tested per document (mingo for the rarer operators). A sorted page walks a declared
 * index's SQLite order (or a field's postings in value order) and stops at its limit, or, for a few
 * documents, reads their sort keys and sorts them. Relevance scores split the selected documents into
 * one set per score, each walked in turn. Facet counts intersect the selection with every value's
 * postings. Postings read and recent selections stay in a bounded cache until the collection changes.
 */

/** Prepared statements by SQL text, shared by every query of one store. */
export interface Statements {
  prepare(sql: string): Statement;
}

/** Documents selected by a filter: a set, or every document of the collection. */
type Selection = { readonly all: true } | { readonly all: false; readonly set: SlotSet };
const ALL: Selection = { all: true };

interface Plan {
  /** Null: no indexed condition (every document is a candidate). */
  readonly set: SlotSet | null;
  /** Whether the set is exactly the matching documents (else each candidate is tested). */
  readonly exact: boolean;
}

/** A selected document on its way to a page, with its score when the query is scored. */
interface Ranked {
  readonly docno: number;
  readonly score: number;
}

/** Microseconds, roughly, to read one row of a walk and one document's sort keys (the walk-or-sort choice). */
const WALK_ROW_COST = 0.4;
const KEY_ROW_COST = 1.5;
const DOC_COST = 12;

/** A walk of SQLite's index that reads more rows than this takes the order as numbers instead. */
const RANK_AFTER_ROWS = 3000;

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);
const TOP_CHAR = String.fromCodePoint(0x10ffff);

/** The caches every collection of a store shares. */
export class EngineCaches {
  /** Postings read (a value's, a prefix's or a range's documents) and filters' selections. */
  readonly sets = new BoundedCache<SlotSet>(24 * 2 ** 20, (set) => set.bytes);
  /** A declared index's order as document numbers, for walks that would read many rows (embedded-engine.ts). */
  readonly ranks = new BoundedCache<Uint32Array>(8 * 2 ** 20, (rank) => rank.byteLength);
  /** Every value's postings of a field (facet counts). */
  readonly values = new BoundedCache<Map<string, { value: SqlValue; set: SlotSet }>>(8 * 2 ** 20, (map) => {
    let bytes = 0;
    for (const entry of map.values()) bytes += entry.set.bytes + 64;
    return bytes;
  });

  /** Small figures: a collection's size. */
  readonly numbers = new BoundedCache<number>(2 ** 20, () => 8);

  dropCollection(collection: number): void {
    this.sets.dropCollection(collection);
    this.ranks.dropCollection(collection);
    this.values.dropCollection(collection);
    this.numbers.dropCollection(collection);
  }

  clear(): void {
    this.sets.clear();
    this.ranks.clear();
    this.values.clear();
    this.numbers.clear();
  }
}

/** Turns a stored sort key back into the value it stands for (embedded-values.ts, sqlKey). */
function fromSqlKey(value: unknown): unknown {
  if (!Buffer.isBuffer(value)) return value;
  if (value.length === 1) return value[0] === 2;
  if (value.length === 0) return null;
  return JSON.parse(value.subarray(1).toString('utf8')) as unknown;
}

/** Committed documents of one collection (none when it has never been written). */
export class DiskCollection {
  constructor(
    private readonly sql: Statements,
    private readonly caches: EngineCaches,
    readonly info: CollectionInfo | null,
  ) {}

  private cacheKey(kind: string, ...parts: readonly unknown[]): string {
    return `${this.info!.id}:${this.info!.version}:${kind}:${parts.map(String).join('\u0000')}`;
  }

  // ---- documents -------------------------------------------------------------------------------

  /** A document's number and stored JSON by `_id`. */
  byId(id: string): { docno: number; text: string } | undefined {
    if (!this.info) return undefined;
    const row = this.sql.prepare(`SELECT docno, doc FROM ${this.info.docs} WHERE id = ?`).raw().get(id) as
      [number, string] | undefined;
    return row ? { docno: row[0], text: row[1] } : undefined;
  }

  text(docno: number): string | undefined {
    return this.sql.prepare(`SELECT doc FROM ${this.info!.docs} WHERE docno = ?`).pluck().get(docno) as
      string | undefined;
  }

  doc(docno: number): ReadModel {
    const text = this.text(docno);
    if (text === undefined) throw new Error(`Document ${docno} of '${this.info!.name}' is missing`);
    return JSON.parse(text) as ReadModel;
  }

  idOf(docno: number): string | undefined {
    return this.sql.prepare(`SELECT id FROM ${this.info!.docs} WHERE docno = ?`).pluck().get(docno) as
      string | undefined;
  }

  /** Every document in natural (insertion) order, read a page at a time (so the caller may write meanwhile). */
  *scan(): Generator<{ docno: number; doc: ReadModel }> {
    if (!this.info) return;
    const page = this.sql
      .prepare(`SELECT docno, doc FROM ${this.info.docs} WHERE docno > ? ORDER BY docno LIMIT 500`)
      .raw();
    let after = 0;
    for (;;) {
      const rows = page.all(after) as [number, string][];
      for (const [docno, text] of rows) yield { docno, doc: JSON.parse(text) as ReadModel };
      if (rows.length < 500) return;
      after = rows[rows.length - 1]![0];
    }
  }

  /** How many documents the collection holds (counted once per version of the collection). */
  size(): number {
    if (!this.info) return 0;
    const key = this.cacheKey('size');
    let size = this.caches.numbers.get(key);
    if (size === undefined) {
      size = this.sql.prepare(`SELECT count(*) FROM ${this.info.docs}`).pluck().get() as number;
      this.caches.numbers.set(this.info.id, key, size);
    }
    return size;
  }

  /** One more than the highest document number (the size a set of them needs). */
  capacity(): number {
    if (!this.info) return 0;
    const max = this.sql.prepare(`SELECT max(docno) FROM ${this.info.docs}`).pluck().get() as number | null;
    return (max ?? 0) + 1;
  }

  private everyDocument(): SlotSet {
    const key = this.cacheKey('all');
    let set = this.caches.sets.get(key);
    if (!set) {
      set = SlotSet.empty(this.capacity());
      for (const docno of this.sql.prepare(`SELECT docno FROM ${this.info!.docs}`).pluck().iterate())
        set.add(docno as number);
      this.caches.sets.set(this.info!.id, key, set);
    }
    return set;
  }

  // ---- postings --------------------------------------------------------------------------------

  private loadSet(kind: string, field: FieldInfo, parts: readonly unknown[], read: () => SlotSet): SlotSet {
    const key = this.cacheKey(kind, field.id, ...parts);
    let set = this.caches.sets.get(key);
    if (!set) {
      set = read();
      this.caches.sets.set(this.info!.id, key, set);
    }
    return set;
  }

  /**
   * A field without postings whose values an order's SQLite index holds (the first field of an index of
   * high cardinality), when no document has held an array in it: `equal`, `startingWith` and `range` read
   * that index instead of postings. Else undefined: conditions on the field are tested per document.
   */
  private keyedLead(path: string): FieldInfo | undefined {
    const lead = this.info!.leadOfOrder(path);
    return lead && !lead.field.multikey ? lead.field : undefined;
  }

  /** The documents whose value in an order's first column meets an SQL condition (`{k}` stands for the column). */
  private fromOrder(
    field: FieldInfo,
    condition: string,
    params: readonly unknown[],
    keep?: (value: SqlValue) => boolean,
  ): SlotSet {
    const { order } = this.info!.leadOfOrder(field.path)!;
    const k = order.columns[0]!;
    const set = new SlotSet();
    const rows = this.sql
      .prepare(
        `SELECT docno, ${k} FROM ${this.info!.docs} INDEXED BY ${order.sqlName} WHERE ${condition.replaceAll('{k}', k)}`,
      )
      .raw()
      .iterate(...params) as IterableIterator<[number, SqlValue]>;
    for (const [docno, value] of rows) if (!keep || keep(value)) set.add(docno);
    return set;
  }

  /** The documents whose field holds `value` (a posting value). Shared: never change it. */
  equal(field: FieldInfo, value: SqlValue): SlotSet {
    return this.loadSet('eq', field, [postingMapKey(value)], () => {
      if (!this.info!.isPosted(field.path))
        return Buffer.isBuffer(value) && value.length === 0
          ? this.fromOrder(field, '{k} IS NULL', [])
          : this.fromOrder(field, '{k} = ?', [value]);
      const set = new SlotSet();
      const rows = this.sql
        .prepare(`SELECT chunk, bits FROM ${this.info!.post} WHERE field = ? AND value = ?`)
        .raw()
        .iterate(field.id, value) as IterableIterator<[number, Buffer]>;
      for (const [chunk, bits] of rows) addContainer(set, chunk, bits);
      return set;
    });
  }

  /** The documents whose field holds a string starting with `prefix`. Shared: never change it. */
  startingWith(field: FieldInfo, prefix: string): SlotSet {
    return this.loadSet('prefix', field, [prefix], () => {
      if (!this.info!.isPosted(field.path))
        return this.fromOrder(
          field,
          '{k} >= ? AND {k} < ?',
          [prefix, prefix + TOP_CHAR],
          (value) => typeof value === 'string' && value.startsWith(prefix),
        );
      const set = new SlotSet();
      const rows = this.sql
        .prepare(
          `SELECT value, chunk, bits FROM ${this.info!.post} WHERE field = ? AND value >= ? AND value < ?`,
        )
        .raw()
        .iterate(field.id, prefix, prefix + TOP_CHAR) as IterableIterator<[SqlValue, number, Buffer]>;
      for (const [value, chunk, bits] of rows)
        if (typeof value === 'string' && value.startsWith(prefix)) addContainer(set, chunk, bits);
      return set;
    });
  }

  /**
   * The documents whose field holds a value within the bounds, all numbers or all strings (MongoDB
   * compares a bound only with values of its own type). Shared: never change it.
   */
  range(
    field: FieldInfo,
    low: { value: number | string; inclusive: boolean } | null,
    high: { value: number | string; inclusive: boolean } | null,
  ): SlotSet {
    const type = typeof (low ?? high)!.value;
    const parts = [low?.value, low?.inclusive, high?.value, high?.inclusive, type];
    return this.loadSet('range', field, parts, () => {
      const conditions = ['field = ?'];
      const params: unknown[] = [field.id];
      if (low) {
        conditions.push(low.inclusive ? 'value >= ?' : 'value > ?');
        params.push(low.value);
      } else if (type === 'string') conditions.push("value >= ''");
      if (high) {
        conditions.push(high.inclusive ? 'value <= ?' : 'value < ?');
        params.push(high.value);
      } else conditions.push(type === 'string' ? "value < x''" : "value < ''");
      if (!this.info!.isPosted(field.path))
        return this.fromOrder(
          field,
          conditions
            .slice(1)
            .map((condition) => condition.replace('value', '{k}'))
            .join(' AND '),
          params.slice(1),
          (value) => typeof value === type,
        );
      const set = new SlotSet();
      const rows = this.sql
        .prepare(`SELECT value, chunk, bits FROM ${this.info!.post} WHERE ${conditions.join(' AND ')}`)
        .raw()
        .iterate(...params) as IterableIterator<[SqlValue, number, Buffer]>;
      for (const [value, chunk, bits] of rows) if (typeof value === type) addContainer(set, chunk, bits);
      return set;
    });
  }

  /** Every value of a field with its documents (facet counts). Shared: never change it. */
  allValues(field: FieldInfo): Map<string, { value: SqlValue; set: SlotSet }> {
    const key = this.cacheKey('values', field.id);
    let values = this.caches.values.get(key);
    if (!values) {
      values = new Map();
      const rows = this.sql
        .prepare(`SELECT value, chunk, bits FROM ${this.info!.post} WHERE field = ?`)
        .raw()
        .iterate(field.id) as IterableIterator<[SqlValue, number, Buffer]>;
      for (const [value, chunk, bits] of rows) {
        const mapKey = postingMapKey(value);
        let entry = values.get(mapKey);
        if (!entry) values.set(mapKey, (entry = { value, set: new SlotSet() }));
        addContainer(entry.set, chunk, bits);
      }
      this.caches.values.set(this.info!.id, key, values);
    }
    return values;
  }

  /** The numbers of the documents with these `_id`s. */
  private idsToSet(ids: readonly string[]): SlotSet {
    const set = new SlotSet();
    const lookup = this.sql.prepare(`SELECT docno FROM ${this.info!.docs} WHERE id = ?`).pluck();
    for (const id of ids) {
      const docno = lookup.get(id) as number | undefined;
      if (docno !== undefined) set.add(docno);
    }
    return set;
  }

  // ---- planning --------------------------------------------------------------------------------

  /** The sets the postings give for a filter; every set in a plan is the plan's own (callers may change it). */
  private plan(filter: Filter): Plan {
    let set: SlotSet | null = null;
    let exact = true;
    const narrow = (part: SlotSet, shared: boolean): void => {
      if (set) set.and(part);
      else set = shared ? part.copy() : part;
    };
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const part of value) {
          const sub = isPlainObject(part) ? this.plan(part) : { set: null, exact: false };
          if (sub.set) narrow(sub.set, false);
          exact &&= sub.exact;
        }
      } else if (key === '$or' && Array.isArray(value)) {
        const subs = value.map((part) =>
          isPlainObject(part) ? this.plan(part) : { set: null, exact: false },
        );
        if (subs.length > 0 && subs.every((sub) => sub.set !== null)) {
          const union = subs[0]!.set!;
          for (const sub of subs.slice(1)) union.or(sub.set!);
          narrow(union, false);
        }
        exact &&= subs.length > 0 && subs.every((sub) => sub.exact);
      } else if (key === '_id') {
        const ids = idCondition(value);
        if (ids) narrow(this.idsToSet(ids), false);
        else exact = false;
      } else if (key.startsWith('$')) {
        exact = false;
      } else {
        const field = this.info!.isPosted(key) ?? this.keyedLead(key);
        const condition = field ? this.fieldCondition(field, value) : null;
        if (!condition) {
          exact = false;
          continue;
        }
        narrow(condition.set, condition.shared);
        exact &&= condition.exact;
      }
    }
    return { set, exact: exact && (set !== null || Object.keys(filter).length === 0) };
  }

  private fieldCondition(
    field: FieldInfo,
    value: unknown,
  ): { set: SlotSet; exact: boolean; shared: boolean } | null {
    if (isKey(value)) return { set: this.equal(field, postingValue(value)), exact: true, shared: true };
    if (value === null) return { set: this.equal(field, NULL_POSTING), exact: false, shared: true };
    if (!isPlainObject(value)) return null;
    const operators = Object.keys(value);
    if (operators.length === 0) return null;
    if (operators.length === 1 && operators[0] === '$eq') return this.fieldCondition(field, value['$eq']);
    if (operators.length === 1 && operators[0] === '$in') {
      const values = value['$in'];
      if (!Array.isArray(values) || !values.every((v) => isKey(v) || v === null)) return null;
      const set = new SlotSet();
      for (const v of values) set.or(this.equal(field, v === null ? NULL_POSTING : postingValue(v as never)));
      return { set, exact: !values.includes(null), shared: false };
    }
    if ('$regex' in value) {
      const prefix = anchoredPrefix(value);
      return prefix === null ? null : { set: this.startingWith(field, prefix), exact: true, shared: true };
    }
    if (operators.every((operator) => RANGE_OPERATORS.has(operator)))
      return this.rangeCondition(field, value);
    return null;
  }

  private rangeCondition(
    field: FieldInfo,
    value: Record<string, unknown>,
  ): { set: SlotSet; exact: boolean; shared: boolean } | null {
    const bounds = Object.entries(value);
    const type = typeof bounds[0]![1];
    if ((type !== 'number' && type !== 'string') || bounds.some(([, bound]) => typeof bound !== type))
      return null;
    if (bounds.some(([, bound]) => typeof bound === 'number' && !Number.isFinite(bound))) return null;
    const lows = bounds.filter(([operator]) => operator === '$gt' || operator === '$gte');
    const highs = bounds.filter(([operator]) => operator === '$lt' || operator === '$lte');
    if (lows.length > 1 || highs.length > 1) return null;
    const low = lows[0] ? { value: lows[0][1] as number | string, inclusive: lows[0][0] === '$gte' } : null;
    const high = highs[0]
      ? { value: highs[0][1] as number | string, inclusive: highs[0][0] === '$lte' }
      : null;
    // An array may meet the two bounds with two different elements: then each bound is its own range.
    if (low && high && field.multikey) {
      const set = this.range(field, low, null)
        .copy()
        .and(this.range(field, null, high));
      return { set, exact: true, shared: false };
    }
    return { set: this.range(field, low, high), exact: true, shared: true };
  }

  /** The documents matching a filter exactly. */
  select(filter: Filter): Selection {
    if (!this.info) return { all: false, set: new SlotSet() };
    if (Object.keys(filter).length === 0) return ALL;
    const key = this.cacheKey('select', filterKey(filter));
    const cached = this.caches.sets.get(key);
    if (cached) return { all: false, set: cached };
    const planned = this.plan(filter);
    let set: SlotSet;
    if (planned.set && planned.exact) set = planned.set;
    else {
      const test = matcher(filter);
      set = new SlotSet();
      if (planned.set) {
        planned.set.forEach((docno) => {
          if (test(this.doc(docno))) set.add(docno);
        });
      } else for (const { docno, doc } of this.scan()) if (test(doc)) set.add(docno);
    }
    this.caches.sets.set(this.info.id, key, set);
    return { all: false, set };
  }

  private selectionSize(selection: Selection): number {
    return selection.all ? this.size() : selection.set.size;
  }

  private selectionSet(selection: Selection): SlotSet {
    return selection.all ? this.everyDocument() : selection.set;
  }

  // ---- answers ---------------------------------------------------------------------------------

  count(filter: Filter): number {
    if (!this.info) return 0;
    return this.selectionSize(this.select(filter));
  }

  countBy(filter: Filter, fields: readonly string[]): FieldCounts {
    const counts: FieldCounts = Object.fromEntries(fields.map((field) => [field, {}]));
    if (!this.info) return counts;
    const selection = this.select(filter);
    const unposted: string[] = [];
    for (const path of fields) {
      const field = this.info.isPosted(path);
      if (!field) {
        unposted.push(path);
        continue;
      }
      const byValue = counts[path]!;
      for (const { value, set } of this.allValues(field).values()) {
        const plain = fromPostingValue(value);
        if (plain === null) continue;
        const count = selection.all ? set.size : set.countAnd(selection.set);
        if (count > 0) byValue[String(plain)] = (byValue[String(plain)] ?? 0) + count;
      }
    }
    if (unposted.length > 0) {
      const visit = (doc: ReadModel) => {
        for (const path of unposted) countValues(counts[path]!, valueAtPath(doc, path));
      };
      if (selection.all) for (const { doc } of this.scan()) visit(doc);
      else selection.set.forEach((docno) => visit(this.doc(docno)));
    }
    return counts;
  }

  aggregate<R>(pipeline: readonly Record<string, unknown>[]): R[] {
    const docs = [...this.scan()].map(({ doc }) => doc);
    return new Aggregator([...pipeline], MINGO_OPTIONS).run(docs) as R[];
  }

  /** Matching documents after sort, keyset (`after`), skip and limit; scored and shaped as asked. */
  find(filter: Filter, options: FindOptions = {}): ReadModel[] {
    if (!this.info) return [];
    const id = pinnedId(filter);
    if (id !== undefined && Object.keys(filter).length === 1 && !options.score && !options.after) {
      const found = this.byId(id);
      if (!found || options.skip || options.limit === 0) return [];
      return [shape(JSON.parse(found.text) as ReadModel, options, 0)];
    }
    return this.page(this.select(filter), filter, options).map(({ docno, score }) =>
      shape(this.doc(docno), options, score),
    );
  }

  /** The page's documents (numbers and scores), in order. */
  page(selection: Selection, filter: Filter, options: FindOptions): Ranked[] {
    const skip = options.skip ?? 0;
    const end = options.limit ? skip + options.limit : Infinity;
    const sort = sortKeys(options.sort);
    const score = options.score;
    if (score && sort[0]?.[0] === score.as && !sort.slice(1).some(([field]) => field === score.as))
      return this.scoredPage(selection, filter, sort, score, options, end).slice(skip, end);
    if (score) return this.sortedByScore(selection, sort, score, options, end).slice(skip, end);
    return this.sortedPage(selection, filter, sort, options.after ?? null, end)
      .slice(skip, end)
      .map((docno) => ({ docno, score: 0 }));
  }

  /** Score first: one set per score, best first, each paged by the rest of the sort. */
  private scoredPage(
    selection: Selection,
    filter: Filter,
    sort: SortKeys,
    score: Score,
    options: FindOptions,
    end: number,
  ): Ranked[] {
    const direction = sort[0]![1];
    const rest = sort.slice(1);
    const after = options.after ?? null;
    const afterScore = after ? Number(after[score.as]) : 0;
    const classes = this.scoreClasses(selection, score);
    const scores = [...classes.keys()].sort((a, b) => (a - b) * direction);
    const page: Ranked[] = [];
    for (const points of scores) {
      if (page.length >= end) break;
      if (after && (points - afterScore) * direction < 0) continue;
      const classAfter = after && points === afterScore ? after : null;
      if (after && points === afterScore && rest.length === 0) continue;
      const wanted = end === Infinity ? Infinity : end - page.length;
      for (const docno of this.sortedPage(
        { all: false, set: classes.get(points)! },
        filter,
        rest,
        classAfter,
        wanted,
      ))
        page.push({ docno, score: points });
    }
    return page;
  }

  /** The selected documents grouped by score: each clause splits every group into those it holds and the rest. */
  private scoreClasses(selection: Selection, score: Score): Map<number, SlotSet> {
    let classes = new Map<number, SlotSet>([[0, this.selectionSet(selection).copy()]]);
    for (const clause of score.clauses) {
      const holds = this.select(clause.filter);
      const next = new Map<number, SlotSet>();
      const put = (points: number, set: SlotSet) => {
        if (set.isEmpty()) return;
        const existing = next.get(points);
        if (existing) existing.or(set);
        else next.set(points, set);
      };
      for (const [points, set] of classes) {
        if (holds.all) {
          put(points + clause.weight, set);
          continue;
        }
        put(points + clause.weight, set.copy().and(holds.set));
        put(points, set.andNot(holds.set));
      }
      classes = next;
    }
    return classes;
  }

  /** Scored, with the score not first in the sort: every selected document's keys are read and sorted. */
  private sortedByScore(
    selection: Selection,
    sort: SortKeys,
    score: Score,
    options: FindOptions,
    end: number,
  ): Ranked[] {
    const scoreOf = new Map<number, number>();
    for (const [points, set] of this.scoreClasses(selection, score))
      set.forEach((docno) => void scoreOf.set(docno, points));
    const docnos = [...scoreOf.keys()];
    const values = this.sortValues(
      docnos,
      sort.map(([field]) => field),
      score.as,
      scoreOf,
    );
    const after = options.after ? sort.map(([field]) => options.after![field]) : null;
    const items = docnos
      .map((docno, i) => ({ docno, values: values[i]! }))
      .filter((item) => !after || compareKeyed(sort, item.values, after) > 0);
    items.sort((a, b) => compareKeyed(sort, a.values, b.values) || a.docno - b.docno);
    return items.slice(0, end).map(({ docno }) => ({ docno, score: scoreOf.get(docno)! }));
  }

  /**
   * Up to `count` selected documents in `sort` order, strictly after `after`: by walking an order when
   * that reads fewer rows than sorting the selection would, else by reading the selection's sort keys.
   */
  sortedPage(
    selection: Selection,
    filter: Filter,
    sort: SortKeys,
    after: Readonly<Record<string, unknown>> | null,
    count: number,
  ): number[] {
    if (count <= 0) return [];
    if (sort.length === 0) {
      const out: number[] = [];
      if (selection.all) {
        for (const docno of this.sql
          .prepare(`SELECT docno FROM ${this.info!.docs} ORDER BY docno`)
          .pluck()
          .iterate()) {
          out.push(docno as number);
          if (out.length >= count) break;
        }
      } else
        selection.set.forEach((docno) => {
          out.push(docno);
          return out.length < count;
        });
      return out;
    }
    const afterValues = after ? sort.map(([field]) => after[field]) : null;
    const selected = this.selectionSize(selection);
    if (selected === 0) return [];
    const total = selection.all ? selected : this.size();
    const walk = this.walkFor(filter, sort);
    if (walk) {
      const rows = Math.min(total, count === Infinity ? total : (count * total) / selected);
      const perKey = this.keyedAll(sort) ? KEY_ROW_COST : DOC_COST;
      // A walk reads rows until the page is full; where the selected documents sit late in the order
      // (prices and fields go together), it stops once it has cost what sorting the selection costs.
      const budget = selection.all ? Infinity : Math.max(1000, (selected * perKey) / WALK_ROW_COST);
      if (rows * WALK_ROW_COST < selected * perKey || selection.all) {
        const walked = walk.run(selection, afterValues, count, budget);
        if (walked) return walked;
      }
    }
    return this.sortSelection(selection, sort, afterValues, count);
  }

  private keyedAll(sort: SortKeys): boolean {
    const keyed = new Set(this.info!.keyed().map((field) => field.path));
    return sort.every(([field]) => keyed.has(field));
  }

  /** Reads every selected document's sort keys, sorts, and keeps the first `count` after `after`. */
  private sortSelection(
    selection: Selection,
    sort: SortKeys,
    after: readonly unknown[] | null,
    count: number,
  ): number[] {
    const docnos = this.selectionSet(selection).toArray();
    const values = this.sortValues(
      docnos,
      sort.map(([field]) => field),
    );
    const items: { docno: number; values: readonly unknown[] }[] = [];
    for (let i = 0; i < docnos.length; i++) {
      if (after && compareKeyed(sort, values[i]!, after) <= 0) continue;
      items.push({ docno: docnos[i]!, values: values[i]! });
    }
    items.sort((a, b) => compareKeyed(sort, a.values, b.values) || a.docno - b.docno);
    return items.slice(0, count).map((item) => item.docno);
  }

  /** The values of `fields` for each document: from the keys table when it holds them all, else from the documents. */
  sortValues(
    docnos: readonly number[],
    fields: readonly string[],
    scoreField?: string,
    scoreOf?: ReadonlyMap<number, number>,
  ): unknown[][] {
    const plain = fields.filter((field) => field !== scoreField);
    const keyed = new Map(this.info!.keyed().map((field) => [field.path, field]));
    const withScore = (docno: number, read: (field: string) => unknown) =>
      fields.map((field) => (field === scoreField ? scoreOf!.get(docno) : read(field)));
    if (plain.length > 0 && plain.every((field) => keyed.has(field))) {
      const columns = plain.map((field) => column(keyed.get(field)!));
      const statement = this.sql
        .prepare(`SELECT ${columns.join(', ')} FROM ${this.info!.docs} WHERE docno = ?`)
        .raw();
      return docnos.map((docno) => {
        const row = (statement.get(docno) as unknown[] | undefined) ?? [];
        return withScore(docno, (field) => fromSqlKey(row[plain.indexOf(field)]));
      });
    }
    return docnos.map((docno) => {
      const doc = this.doc(docno);
      return withScore(docno, (field) => valueAtPath(doc, field));
    });
  }

  // ---- walks -----------------------------------------------------------------------------------

  /**
   * The order that gives most of `sort`: a declared index with the filter fixing its first keys (the one
   * that walks the most sort keys, so fewer ties are sorted in memory), else a field's postings.
   */
  private walkFor(filter: Filter, sort: SortKeys): Walker | null {
    if (sort[0]![0] === '_id') return new IdWalker(this, sort[0]![1] === -1);
    let best: { order: OrderInfo; fixed: unknown[]; covered: number; direction: 1 | -1 } | null = null;
    for (const order of this.info!.orders()) {
      const fixed: unknown[] = [];
      for (let start = 0; start < order.keys.length; start++) {
        const rest = order.keys.slice(start);
        const covered = coveredLength(rest, sort);
        if (covered > (best?.covered ?? 0))
          best = { order, fixed: [...fixed], covered, direction: coveredDirection(rest, sort) };
        const bound = boundValue(filter, order.keys[start]![0]);
        if (!bound) break;
        fixed.push(bound.value);
      }
    }
    if (best) return new OrderWalker(this, best.order, best.fixed, sort, best.covered, best.direction);
    const field = this.info!.isPosted(sort[0]![0]);
    if (field && sort[0]![0] !== '_id') return new PostingsWalker(this, field, sort);
    return null;
  }

  /** Sorts a group of documents equal on the walked keys by the rest of the sort, after `after`. */
  sortGroup(
    group: readonly number[],
    sort: SortKeys,
    covered: number,
    after: readonly unknown[] | null,
  ): number[] {
    if (group.length === 0) return [];
    const extra = sort.slice(covered);
    if (extra.length === 0 && !after) return [...group];
    const values = this.sortValues(
      group,
      sort.map(([field]) => field),
    );
    const items = group
      .map((docno, i) => ({ docno, values: values[i]! }))
      .filter((item) => !after || compareKeyed(sort, item.values, after) > 0);
    if (extra.length > 0) items.sort((a, b) => compareKeyed(sort, a.values, b.values) || a.docno - b.docno);
    return items.map((item) => item.docno);
  }

  statement(sql: string): Statement {
    return this.sql.prepare(sql);
  }

  /** The documents of an order's range (its first keys fixed), in the order's own direction; kept until the collection changes. */
  rank(order: OrderInfo, fixed: readonly unknown[], sql: string, params: readonly unknown[]): Uint32Array {
    const key = this.cacheKey('rank', order.index.id, filterKey({ fixed: [...fixed] }));
    let rank = this.caches.ranks.get(key);
    if (!rank) {
      rank = Uint32Array.from(
        this.sql
          .prepare(sql)
          .pluck()
          .all(...params) as number[],
      );
      this.caches.ranks.set(this.info!.id, key, rank);
    }
    return rank;
  }

  hasRank(order: OrderInfo, fixed: readonly unknown[]): boolean {
    return (
      this.caches.ranks.get(this.cacheKey('rank', order.index.id, filterKey({ fixed: [...fixed] }))) !==
      undefined
    );
  }
}

/** A filter as text that tells apart what JSON alone would not (regular expressions, dates, undefined). */
export function filterKey(filter: Filter): string {
  return JSON.stringify(filter, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    if (original instanceof RegExp) return `\u0000re:${original.source}/${original.flags}`;
    if (original instanceof Date) return `\u0000date:${original.toISOString()}`;
    if (original === undefined) return '\u0000undefined';
    return value;
  });
}

/** How many leading keys of an order give the sort's first keys (all in the same or all in the opposite direction). */
function coveredLength(order: SortKeys, sort: SortKeys): number {
  let longest = 0;
  for (const flip of [1, -1] as const) {
    let n = 0;
    while (
      n < order.length &&
      n < sort.length &&
      order[n]![0] === sort[n]![0] &&
      order[n]![1] === sort[n]![1] * flip
    )
      n++;
    longest = Math.max(longest, n);
  }
  return longest;
}

/** 1 when the order runs the sort's way, -1 when backwards (the direction that covers more keys). */
function coveredDirection(order: SortKeys, sort: SortKeys): 1 | -1 {
  let same = 0;
  while (
    same < order.length &&
    same < sort.length &&
    order[same]![0] === sort[same]![0] &&
    order[same]![1] === sort[same]![1]
  )
    same++;
  return same > 0 && same >= coveredLength(order, sort) ? 1 : -1;
}

/** The `_id`s a condition on `_id` names by equality or `$in`, or null. */
function idCondition(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (!isPlainObject(value) || Object.keys(value).length !== 1) return null;
  if (typeof value['$eq'] === 'string') return [value['$eq']];
  const ids = value['$in'];
  return Array.isArray(ids) && ids.every((id): id is string => typeof id === 'string') ? ids : null;
}

/** The value a filter fixes a field to by equality (`{ f: v }`, `{ f: { $eq: v } }`, also inside `$and`). */
function boundValue(filter: Filter, field: string): { readonly value: unknown } | null {
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

interface Walker {
  /** Sort keys beyond the walked ones (sorted within groups of equal walked keys). */
  readonly extra: SortKeys;
  /** The page, or null when reading it would take more than `budget` rows. */
  run(selection: Selection, after: readonly unknown[] | null, count: number, budget: number): number[] | null;
}

function inSelection(selection: Selection, docno: number): boolean {
  return selection.all || selection.set.has(docno);
}

function sqlValueOf(value: unknown): unknown {
  if (typeof value === 'boolean') return Buffer.from([value ? 2 : 1]);
  if (value !== null && typeof value === 'object')
    return Buffer.concat([OBJECT_POSTING, Buffer.from(JSON.stringify(value))]);
  return value ?? null;
}

/** Walks a declared index's SQLite order (its leading keys fixed by the filter). */
class OrderWalker implements Walker {
  readonly extra: SortKeys;
  private readonly keyColumns: readonly string[];

  constructor(
    private readonly collection: DiskCollection,
    private readonly order: OrderInfo,
    private readonly fixed: readonly unknown[],
    private readonly sort: SortKeys,
    /** How many sort keys the order gives. */
    private readonly covered: number,
    /** 1 walks the order forwards, -1 backwards. */
    private readonly direction: 1 | -1,
  ) {
    this.extra = sort.slice(covered);
    this.keyColumns = order.columns.slice(fixed.length);
  }

  /** The order's range as document numbers, in the order's own direction (built once per version of the collection). */
  private rank(): Uint32Array {
    const conditions = this.fixed.map((_value, i) => `${this.order.columns[i]} IS ?`);
    const forward = this.order.keys
      .slice(this.fixed.length)
      .map(([, dir], i) => `${this.keyColumns[i]} ${dir === 1 ? 'ASC' : 'DESC'}`)
      .join(', ');
    const sql =
      `SELECT docno FROM ${this.collection.info!.docs} INDEXED BY ${this.order.sqlName}` +
      `${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} ORDER BY ${forward}`;
    return this.collection.rank(this.order, this.fixed, sql, this.fixed.map(sqlValueOf));
  }

  /**
   * A page from the order held as document numbers: the first position after `after` found by binary
   * search (reading the sort keys of the documents it probes), then the selected documents from there.
   */
  private ranked(selection: Selection, after: readonly unknown[] | null, count: number): number[] {
    const rank = this.rank();
    const at = (i: number) => (this.direction === 1 ? rank[i]! : rank[rank.length - 1 - i]!);
    let start = 0;
    if (after) {
      const fields = this.sort.map(([field]) => field);
      let low = 0;
      let high = rank.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const [values] = this.collection.sortValues([at(middle)], fields);
        if (compareKeyed(this.sort, values!, after) > 0) high = middle;
        else low = middle + 1;
      }
      start = low;
    }
    const out: number[] = [];
    for (let i = start; i < rank.length && out.length < count; i++) {
      const docno = at(i);
      if (inSelection(selection, docno)) out.push(docno);
    }
    return out;
  }

  /** The ORDER BY of a walk: every column after the fixed ones, in the walk's direction. */
  private orderBy(): string {
    return this.order.keys
      .slice(this.fixed.length)
      .map(([, dir], i) => `${this.keyColumns[i]} ${dir * this.direction === 1 ? 'ASC' : 'DESC'}`)
      .join(', ');
  }

  /**
   * One ranged scan: the fixed keys, then `equal` more keys equal to `after`'s, then the next beyond it
   * (`beyond`: '>' or '<' or 'null' for the nulls that come last in a descending walk).
   */
  private *scan(
    after: readonly unknown[] | null,
    equal: number,
    beyond: '>' | '<' | 'null' | null,
  ): Generator<unknown[]> {
    const info = this.collection.info!;
    const conditions: string[] = [];
    const params: unknown[] = [];
    this.fixed.forEach((value, i) => {
      conditions.push(`${this.order.columns[i]} IS ?`);
      params.push(sqlValueOf(value));
    });
    for (let i = 0; i < equal; i++) {
      conditions.push(`${this.keyColumns[i]} IS ?`);
      params.push(sqlValueOf(after![i]));
    }
    if (beyond !== null) {
      const column = this.keyColumns[equal]!;
      if (beyond === 'null') conditions.push(`${column} IS NULL`);
      else {
        const value = after![equal];
        if (value === null || value === undefined) {
          if (beyond === '<') return;
          conditions.push(`${column} IS NOT NULL`);
        } else {
          conditions.push(`${column} ${beyond} ?`);
          params.push(sqlValueOf(value));
        }
      }
    }
    const covered = this.keyColumns.slice(0, this.covered);
    const sql =
      `SELECT docno${covered.length > 0 && this.extra.length > 0 ? `, ${covered.join(', ')}` : ''} ` +
      `FROM ${info.docs} INDEXED BY ${this.order.sqlName}` +
      `${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} ORDER BY ${this.orderBy()}`;
    yield* this.collection
      .statement(sql)
      .raw()
      .iterate(...params) as IterableIterator<unknown[]>;
  }

  /** The scans that together give every row after `after`, in order. */
  private *scans(after: readonly unknown[] | null): Generator<unknown[]> {
    if (!after) {
      yield* this.scan(null, 0, null);
      return;
    }
    // Rows equal on the first i walked keys and beyond `after` on key i, for i from the last walked key down.
    for (let i = this.covered - 1; i >= 0; i--) {
      const ascending = this.order.keys[this.fixed.length + i]![1] * this.direction === 1;
      yield* this.scan(after, i, ascending ? '>' : '<');
      if (!ascending && after[i] !== null && after[i] !== undefined) yield* this.scan(after, i, 'null');
    }
  }

  run(
    selection: Selection,
    after: readonly unknown[] | null,
    count: number,
    budget: number,
  ): number[] | null {
    const out: number[] = [];
    let read = 0;
    if (this.extra.length === 0) {
      // The order already held as numbers, or a walk of SQLite's index that reads too many rows (the
      // selected documents sit late in the order): the numbers, read once and kept.
      if (this.collection.hasRank(this.order, this.fixed)) return this.ranked(selection, after, count);
      // With all sort keys walked, `after` is exact on them: equal rows are not after it.
      let long = false;
      for (const row of this.scans(after ? after.slice(0, this.covered) : null)) {
        if (++read > Math.min(budget, RANK_AFTER_ROWS)) {
          long = true;
          break;
        }
        const docno = row[0] as number;
        if (!inSelection(selection, docno)) continue;
        out.push(docno);
        if (out.length >= count) break;
      }
      return long ? this.ranked(selection, after, count) : out;
    }
    // Groups of rows equal on the walked keys are sorted by the extra keys; the group equal to `after`
    // on the walked keys is read whole and cut at `after`.
    let group: number[] = [];
    let groupKey: string | null = null;
    const flush = () => {
      out.push(...this.collection.sortGroup(group, this.sort, this.covered, after));
      group = [];
    };
    const scans = after
      ? [this.scan(after, this.covered, null), this.scans(after.slice(0, this.covered))]
      : [this.scans(null)];
    for (const rows of scans) {
      for (const row of rows) {
        if (++read > budget) return null;
        const key = JSON.stringify(row.slice(1), (_k, v: unknown) =>
          Buffer.isBuffer(v) ? v.toString('hex') : v,
        );
        if (key !== groupKey) {
          flush();
          if (out.length >= count) break;
          groupKey = key;
        }
        const docno = row[0] as number;
        if (inSelection(selection, docno)) group.push(docno);
      }
      flush();
      groupKey = null;
      if (out.length >= count) break;
    }
    return out.slice(0, count);
  }
}

/** Walks one field's postings in value order (documents with the field missing or null first, ascending). */
/**
 * `_id` first in the sort: the documents table's unique index on `id`, read in its order until the page
 * is full (ids are unique, so the rest of the sort never decides). Paging a whole collection by `_id`
 * reads a page's rows, not every document (the file-pages backfill pages the catalogue so at every start).
 */
class IdWalker implements Walker {
  readonly extra: SortKeys = [];

  constructor(
    private readonly collection: DiskCollection,
    private readonly descending: boolean,
  ) {}

  run(
    selection: Selection,
    after: readonly unknown[] | null,
    count: number,
    budget: number,
  ): number[] | null {
    const bound = after?.[0];
    if (bound !== undefined && bound !== null && typeof bound !== 'string') return null;
    const beyond = typeof bound === 'string' ? ` WHERE id ${this.descending ? '<' : '>'} ?` : '';
    const sql = `SELECT docno FROM ${this.collection.info!.docs}${beyond} ORDER BY id ${this.descending ? 'DESC' : 'ASC'}`;
    const rows = this.collection
      .statement(sql)
      .pluck()
      .iterate(...(typeof bound === 'string' ? [bound] : [])) as IterableIterator<number>;
    const page: number[] = [];
    let read = 0;
    for (const docno of rows) {
      // Leaving the loop closes the statement's iterator.
      if (++read > budget) return null;
      if (!inSelection(selection, docno)) continue;
      page.push(docno);
      if (page.length >= count) break;
    }
    return page;
  }
}

class PostingsWalker implements Walker {
  readonly extra: SortKeys;

  constructor(
    private readonly collection: DiskCollection,
    private readonly field: FieldInfo,
    private readonly sort: SortKeys,
  ) {
    this.extra = sort.slice(1);
  }

  private *rows(
    condition: string,
    params: readonly unknown[],
    descending: boolean,
  ): Generator<[SqlValue, number, Buffer]> {
    const info = this.collection.info!;
    const sql =
      `SELECT value, chunk, bits FROM ${info.post} WHERE field = ? AND ${condition} ` +
      `ORDER BY value ${descending ? 'DESC' : 'ASC'}, chunk ${descending ? 'DESC' : 'ASC'}`;
    yield* this.collection
      .statement(sql)
      .raw()
      .iterate(this.field.id, ...params) as IterableIterator<[SqlValue, number, Buffer]>;
  }

  /** Posting rows in sort order: nulls, numbers and strings, objects and booleans (reversed when descending). */
  private *ordered(after: unknown): Generator<[SqlValue, number, Buffer]> {
    const descending = this.sort[0]![1] === -1;
    const nulls = () => this.rows('value = ?', [NULL_POSTING], descending);
    const scalars = (extra: string, params: unknown[]) =>
      this.rows(`value < x''${extra}`, params, descending);
    const blobs = (extra: string, params: unknown[]) => this.rows(`value > x''${extra}`, params, descending);
    const bound = after === undefined ? null : sqlValueOf(after);
    if (after === undefined) {
      if (!descending) yield* nulls();
      yield* descending ? blobs('', []) : scalars('', []);
      yield* descending ? scalars('', []) : blobs('', []);
      if (descending) yield* nulls();
      return;
    }
    const beyond = descending ? '<' : '>';
    if (bound === null) {
      if (descending) return;
      yield* scalars('', []);
      yield* blobs('', []);
      return;
    }
    if (descending) {
      if (Buffer.isBuffer(bound)) yield* blobs(` AND value < ?`, [bound]);
      yield* scalars(Buffer.isBuffer(bound) ? '' : ` AND value < ?`, Buffer.isBuffer(bound) ? [] : [bound]);
      yield* nulls();
    } else {
      if (!Buffer.isBuffer(bound)) yield* scalars(` AND value ${beyond} ?`, [bound]);
      yield* blobs(
        Buffer.isBuffer(bound) ? ` AND value ${beyond} ?` : '',
        Buffer.isBuffer(bound) ? [bound] : [],
      );
    }
  }

  run(
    selection: Selection,
    after: readonly unknown[] | null,
    count: number,
    budget: number,
  ): number[] | null {
    const out: number[] = [];
    const seen = new SlotSet();
    let read = 0;
    const descending = this.sort[0]![1] === -1;
    let group: number[] = [];
    let groupValue: string | null = null;
    const flush = (groupAfter: readonly unknown[] | null) => {
      out.push(...this.collection.sortGroup(group, this.sort, 1, groupAfter));
      group = [];
    };
    const take = (rows: Iterable<[SqlValue, number, Buffer]>, groupAfter: readonly unknown[] | null) => {
      for (const [value, chunk, bits] of rows) {
        const key = postingMapKey(value);
        if (key !== groupValue) {
          flush(groupAfter);
          if (out.length >= count) return true;
          groupValue = key;
        }
        const docnos = containerDocumentsOrdered(chunk, bits, descending);
        read += docnos.length;
        if (read > budget) return false;
        for (const docno of docnos) {
          if (seen.has(docno) || !inSelection(selection, docno)) continue;
          seen.add(docno);
          group.push(docno);
        }
      }
      flush(groupAfter);
      groupValue = null;
      return true;
    };
    if (after && this.extra.length > 0) {
      // The documents level with `after` on the walked key, cut at `after` by the extra keys.
      const level = after[0] === undefined || after[0] === null ? NULL_POSTING : sqlValueOf(after[0]);
      if (!take(this.rows('value = ?', [level], descending), after)) return null;
    }
    if (out.length < count && !take(this.ordered(after ? (after[0] ?? null) : undefined), null)) return null;
    return out.slice(0, count);
  }
}

function containerDocumentsOrdered(chunk: number, bits: Buffer, descending: boolean): number[] {
  const set = new SlotSet();
  addContainer(set, chunk, bits);
  const docnos = set.toArray();
  return descending ? docnos.reverse() : docnos;
}

/** A result: the stored document, or only the fields asked for (and `_id`); with its score when scored. */
export function shape(doc: ReadModel, options: FindOptions, points: number): ReadModel {
  let out: ReadModel = doc;
  if (options.fields) {
    out = { _id: doc._id };
    for (const field of options.fields) if (field in doc) out[field] = doc[field];
  }
  if (options.score) out[options.score.as] = points;
  return out;
}
