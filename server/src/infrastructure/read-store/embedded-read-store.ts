import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { Aggregator, Query, update as applyModifier } from 'mingo';
import type { SqliteDatabase } from '../sqlite/sqlite-database';
import {
  cachedPlan,
  comparator,
  compileSimple,
  FieldIndex,
  type IndexSource,
  type Keyed,
  type Plan,
  smallest,
  valueAtPath,
} from './embedded-query';
import type {
  FieldCounts,
  Filter,
  FindOptions,
  ProjectionTransaction,
  ReadCollection,
  ReadModel,
  ReadStore,
  Sort,
  Update,
  UpdateResult,
  WriteCollection,
} from './read-store.port';

type Modifier = Parameters<typeof applyModifier>[1];

/** Options shared by every mingo query: documents are never cloned by mingo, we clone the returned page. */
const MINGO_OPTIONS = { idKey: '_id' } as const;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS read_models (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  );
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    projection TEXT PRIMARY KEY,
    position TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS read_model_indexes (
    collection TEXT NOT NULL,
    name TEXT NOT NULL,
    keys TEXT NOT NULL,
    is_unique INTEGER NOT NULL,
    PRIMARY KEY (collection, name)
  );
  CREATE TABLE IF NOT EXISTS read_model_versions (
    collection TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  );
`;

/** Thrown when a write would give two documents the same key in a unique index (or the same `_id`). */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(collection: string, index: string, key: string) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key: ${key}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Thrown when another connection changed a collection while this process's transaction was running. */
export class ConcurrentReadModelChangeError extends Error {
  constructor(collection: string) {
    super(`Read-model collection '${collection}' was changed by another connection during the transaction`);
    this.name = 'ConcurrentReadModelChangeError';
  }
}

interface IndexState {
  readonly name: string;
  readonly keys: Sort;
  readonly unique: boolean;
  /** Index key → owning document id; kept for unique indexes only. */
  readonly owners: Map<string, string>;
}

interface CollectionState {
  readonly name: string;
  version: number;
  readonly docs: Map<string, ReadModel>;
  /** `docs` as an array, rebuilt lazily after a commit, so a query does not copy the map each time. */
  list: ReadModel[] | null;
  readonly indexes: Map<string, IndexState>;
  /** Value → ids maps for every field that starts a declared index (embedded-query.ts). */
  readonly fields: Map<string, FieldIndex>;
  /** Query plans and facet counts of the current version; emptied at every commit. */
  readonly plans: Map<string, Plan | FieldCounts>;
}

interface DocView {
  readonly name: string;
  get(id: string): ReadModel | undefined;
  all(): ReadModel[];
  /** The committed collection's field indexes; absent inside a transaction, whose overlay they do not cover. */
  readonly indexes?: IndexSource;
}

interface StagedDoc {
  readonly doc: ReadModel;
  readonly json: string;
}

/** Indexes the first field of an index's keys (as MongoDB, an index serves queries on its leading field). */
function addFieldIndex(fields: Map<string, FieldIndex>, keys: Sort, docs: Iterable<ReadModel>): void {
  const [first] = Object.keys(keys);
  if (first === undefined || first === '_id' || fields.has(first)) return;
  const index = new FieldIndex(first);
  for (const doc of docs) index.add(doc);
  fields.set(first, index);
}

function baseList(state: CollectionState): ReadModel[] {
  state.list ??= Array.from(state.docs.values());
  return state.list;
}

function baseView(state: CollectionState): DocView {
  return {
    name: state.name,
    get: (id) => state.docs.get(id),
    all: () => baseList(state),
    indexes: { field: (name) => state.fields.get(name), plans: state.plans },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

function hasOperatorKeys(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((k) => k.startsWith('$'));
}

function indexName(keys: Sort): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

/** Missing fields index as null, as in MongoDB, so two documents without the field collide in a unique index. */
function indexKey(doc: ReadModel, keys: Sort): string {
  return JSON.stringify(Object.keys(keys).map((field) => valueAtPath(doc, field) ?? null));
}

/** The `_id` a filter pins by plain equality, used to avoid scanning the collection for the common by-id access. */
function pinnedId(filter: Filter): string | undefined {
  const id = filter['_id'];
  if (typeof id === 'string') return id;
  if (isPlainObject(id) && Object.keys(id).length === 1 && typeof id['$eq'] === 'string') return id['$eq'];
  return undefined;
}

function candidates(view: DocView, filter: Filter): ReadModel[] {
  const id = pinnedId(filter);
  if (id === undefined) return view.all();
  const doc = view.get(id);
  return doc ? [doc] : [];
}

/** The documents a filter selects, with the indexes when they can serve it, else by testing every document. */
function selected(view: DocView, filter: Filter): { docs: Iterable<ReadModel>; size: number | null } {
  if (Object.keys(filter).length === 0) return { docs: view.all(), size: view.all().length };
  const id = pinnedId(filter);
  const planned = id === undefined && view.indexes ? cachedPlan(filter, view.indexes) : null;
  let docs: ReadModel[];
  if (planned?.ids) {
    docs = [];
    for (const candidate of planned.ids) {
      const doc = view.get(candidate);
      if (doc) docs.push(doc);
    }
    if (planned.exact) return { docs, size: docs.length };
  } else docs = candidates(view, filter);
  const simple = compileSimple(filter);
  const query = simple ? null : new Query(filter, MINGO_OPTIONS);
  const kept = docs.filter((doc) => (simple ? simple(doc) : query!.test(doc)));
  return { docs: kept, size: kept.length };
}

/** Whether the planner and the fast path handle this query (else mingo runs it, as it always has). */
function usesPlanner(view: DocView, filter: Filter, options: FindOptions): boolean {
  if (options.after || options.score || options.fields) return true;
  if (!view.indexes || pinnedId(filter) !== undefined) return false;
  return cachedPlan(filter, view.indexes).ids !== null;
}

/** Sorts, pages (skip/limit/after), scores and projects the selected documents. Results are stored objects or shallow copies. */
function page(docs: Iterable<ReadModel>, options: FindOptions): ReadModel[] {
  const score = options.score;
  const scorers = (score?.clauses ?? []).map((clause) => ({
    weight: clause.weight,
    test:
      compileSimple(clause.filter) ?? ((doc: ReadModel) => new Query(clause.filter, MINGO_OPTIONS).test(doc)),
  }));
  const sort = options.sort ?? {};
  const compare = comparator(sort, score?.as);
  const after = options.after;
  const afterItem: Keyed | null = after
    ? { doc: { _id: '', ...after }, score: Number(score ? after[score.as] : 0) }
    : null;
  const items: Keyed[] = [];
  for (const doc of docs) {
    let points = 0;
    for (const scorer of scorers) if (scorer.test(doc)) points += scorer.weight;
    const item = { doc, score: points };
    if (afterItem && compare(item, afterItem) <= 0) continue;
    items.push(item);
  }
  const skip = options.skip ?? 0;
  let ordered: Keyed[];
  if (Object.keys(sort).length === 0) ordered = items;
  else if (options.limit) ordered = smallest(items, skip + options.limit, compare);
  else ordered = items.sort(compare);
  const window = ordered.slice(skip, options.limit ? skip + options.limit : undefined);
  return window.map(({ doc, score: points }) => {
    let out: ReadModel = doc;
    if (options.fields) {
      out = { _id: doc._id };
      for (const field of options.fields) if (field in doc) out[field] = doc[field];
    }
    return score ? { ...out, [score.as]: points } : out;
  });
}

/** A copy of a stored document: JSON round trip, since stored documents are exactly what JSON keeps (faster than structuredClone). */
function copyOf<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function matching(view: DocView, filter: Filter, options: FindOptions = {}): ReadModel[] {
  // The projections' common case, a document by id alone, needs no query engine.
  const id = pinnedId(filter);
  if (id !== undefined && Object.keys(filter).length === 1 && !options.score && !options.fields) {
    const doc = view.get(id);
    return doc && !options.skip && options.limit !== 0 ? [doc] : [];
  }
  if (usesPlanner(view, filter, options)) return page(selected(view, filter).docs, options);
  let cursor = new Query(filter, MINGO_OPTIONS).find<ReadModel>(candidates(view, filter));
  if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  return cursor.all();
}

function countMatching(view: DocView, filter: Filter): number {
  if (view.indexes && pinnedId(filter) === undefined) {
    const planned = cachedPlan(filter, view.indexes);
    if (planned.ids && planned.exact) return planned.ids.size;
    if (planned.ids) return selected(view, filter).size ?? 0;
  }
  const query = new Query(filter, MINGO_OPTIONS);
  let count = 0;
  for (const doc of candidates(view, filter)) if (query.test(doc)) count++;
  return count;
}

/** Facet counts, remembered per filter and fields until the collection changes (like query plans). */
function countByValues(view: DocView, filter: Filter, fields: readonly string[]): FieldCounts {
  const memo = view.indexes?.plans;
  if (!memo) return countValues(view, filter, fields);
  const key = `countBy ${JSON.stringify(fields)} ${JSON.stringify(filter)}`;
  let counts = memo.get(key) as FieldCounts | undefined;
  if (!counts) {
    counts = countValues(view, filter, fields);
    if (memo.size >= 16) memo.clear();
    memo.set(key, counts);
  }
  return structuredClone(counts);
}

function countValues(view: DocView, filter: Filter, fields: readonly string[]): FieldCounts {
  const counts: FieldCounts = {};
  // Indexed fields of an index-answered filter are counted from the indexes, without reading documents.
  const planned = view.indexes && pinnedId(filter) === undefined ? cachedPlan(filter, view.indexes) : null;
  const ids = planned?.exact ? planned.ids : null;
  const rest: string[] = [];
  for (const field of fields) {
    const index = ids ? view.indexes?.field(field) : undefined;
    if (ids && index) counts[field] = index.countWithin(ids);
    else rest.push(field);
  }
  if (rest.length === 0) return counts;
  for (const field of rest) counts[field] = {};
  for (const doc of selected(view, filter).docs) {
    for (const field of rest) {
      const value = valueAtPath(doc, field);
      const values = Array.isArray(value) ? new Set(value) : [value];
      const byValue = counts[field]!;
      for (const v of values) {
        if (v === undefined || v === null || typeof v === 'object') continue;
        const key = String(v);
        byValue[key] = (byValue[key] ?? 0) + 1;
      }
    }
  }
  return counts;
}

function aggregateView<R>(view: DocView, pipeline: readonly Record<string, unknown>[]): R[] {
  const results = new Aggregator([...pipeline], MINGO_OPTIONS).run(view.all());
  // Stages like $match pass stored documents through by reference: the caller gets copies.
  return structuredClone(results) as R[];
}

/** The fields an upsert copies from its filter: plain equalities and $eq, also inside $and. */
function equalityFields(filter: Filter, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) if (isPlainObject(part)) equalityFields(part, into);
    } else if (key.startsWith('$') || value instanceof RegExp) {
      continue;
    } else if (isPlainObject(value) && hasOperatorKeys(value)) {
      if ('$eq' in value) into[key] = value['$eq'];
    } else {
      into[key] = value;
    }
  }
  return into;
}

function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !k.startsWith('$'))) {
    throw new Error('An update document must contain only update operators ($set, $inc, ...)');
  }
}

/** Applies an update document in place; returns whether anything changed. $setOnInsert is handled by the caller. */
/**
 * The common projection updates done directly: `$set` of top-level fields and `$push` of one plain
 * value onto a top-level array. Anything else (dotted paths, modifiers, other operators) goes to mingo.
 * Returns null when the fast path does not apply.
 */
function modifyDirectly(doc: Record<string, unknown>, update: Update): boolean | null {
  const operators = Object.keys(update);
  if (operators.some((op) => op !== '$set' && op !== '$push')) return null;
  const set = update['$set'];
  const push = update['$push'];
  if (set !== undefined && !isPlainObject(set)) return null;
  if (push !== undefined && !isPlainObject(push)) return null;
  const setKeys = set ? Object.keys(set) : [];
  const pushKeys = push ? Object.keys(push) : [];
  if ([...setKeys, ...pushKeys].some((key) => key.includes('.') || key.startsWith('$') || key === '_id'))
    return null;
  if (setKeys.some((key) => pushKeys.includes(key))) return null;
  for (const key of pushKeys) {
    const value = push![key];
    if (!Array.isArray(doc[key]) && doc[key] !== undefined) return null;
    if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return null;
  }
  let changed = false;
  for (const key of setKeys) {
    const value = set![key];
    if (value === undefined) return null;
    if (JSON.stringify(doc[key]) !== JSON.stringify(value)) {
      doc[key] = structuredClone(value);
      changed = true;
    }
  }
  for (const key of pushKeys) {
    doc[key] = [...((doc[key] as unknown[] | undefined) ?? []), structuredClone(push![key])];
    changed = true;
  }
  return changed;
}

function modify(doc: Record<string, unknown>, update: Update): boolean {
  const { $setOnInsert: _ignored, ...rest } = update;
  if (Object.keys(rest).length === 0) return false;
  return modifyDirectly(doc, rest) ?? applyModifier(doc, rest as Modifier).length > 0;
}

function upsertDocument(filter: Filter, update: Update): ReadModel {
  const { _id: id, ...seed } = structuredClone(equalityFields(filter));
  // mingo refuses to $set an _id, so the filter's _id goes in directly.
  const doc: Record<string, unknown> = id === undefined ? {} : { _id: id };
  if (Object.keys(seed).length > 0) applyModifier(doc, { $set: seed });
  modify(doc, update);
  const onInsert = update['$setOnInsert'];
  if (isPlainObject(onInsert) && Object.keys(onInsert).length > 0) {
    applyModifier(doc, { $set: onInsert });
  }
  const finalId = doc['_id'];
  if (finalId === undefined) return { _id: randomUUID(), ...doc };
  if (typeof finalId !== 'string') throw new Error('Read-model documents need a string _id');
  return { ...doc, _id: finalId };
}

function stage(doc: ReadModel): StagedDoc {
  if (typeof doc._id !== 'string') throw new Error('Read-model documents need a string _id');
  const json = JSON.stringify(doc);
  // Stored documents are exactly what JSON keeps, in memory as on disk (no Dates, no undefined).
  return { doc: JSON.parse(json) as ReadModel, json };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Runs synchronous work and reports its outcome as a promise, so a throw becomes a rejection. */
function settle<R>(work: () => R): Promise<R> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(toError(error));
  }
}

/** A collection as seen by one transaction: the committed state plus this transaction's copy-on-write changes. */
class TransactionOverlay implements DocView {
  /** Document id → new version, or null when deleted. */
  readonly changes = new Map<string, StagedDoc | null>();
  /** Unique index name → key → id of the last document in this transaction that took the key. */
  private readonly claims = new Map<string, Map<string, string>>();

  constructor(readonly state: CollectionState) {}

  get name(): string {
    return this.state.name;
  }

  get(id: string): ReadModel | undefined {
    if (this.changes.has(id)) return this.changes.get(id)?.doc;
    return this.state.docs.get(id);
  }

  all(): ReadModel[] {
    if (this.changes.size === 0) return baseList(this.state);
    const docs: ReadModel[] = [];
    for (const [id, doc] of this.state.docs) {
      if (!this.changes.has(id)) docs.push(doc);
      else {
        const changed = this.changes.get(id);
        if (changed) docs.push(changed.doc);
      }
    }
    for (const [id, changed] of this.changes) if (changed && !this.state.docs.has(id)) docs.push(changed.doc);
    return docs;
  }

  put(doc: ReadModel): void {
    this.putStaged(stage(doc));
  }

  putStaged(staged: StagedDoc): void {
    this.assertUnique(staged.doc);
    this.changes.set(staged.doc._id, staged);
  }

  remove(id: string): void {
    this.changes.set(id, null);
  }

  private assertUnique(doc: ReadModel): void {
    for (const index of this.state.indexes.values()) {
      if (!index.unique) continue;
      const key = indexKey(doc, index.keys);
      let claims = this.claims.get(index.name);
      if (!claims) this.claims.set(index.name, (claims = new Map<string, string>()));
      // Either record may be stale (the holder changed since); the holder's current key decides.
      for (const holder of [claims.get(key), index.owners.get(key)]) {
        if (holder === undefined || holder === doc._id) continue;
        const other = this.get(holder);
        if (other && indexKey(other, index.keys) === key)
          throw new DuplicateKeyError(this.name, index.name, key);
      }
      claims.set(key, doc._id);
    }
  }
}

/** One projection's unit of work in the embedded store; usable only while its `work` function runs. */
class EmbeddedTransaction implements ProjectionTransaction {
  readonly overlays = new Map<string, TransactionOverlay>();
  checkpoint: bigint | null = null;
  private finished = false;

  constructor(private readonly openCollection: (name: string) => CollectionState) {}

  /** Returns the collection with this transaction's writes visible to its reads. */
  collection<T extends ReadModel = ReadModel>(name: string): WriteCollection<T> {
    return new EmbeddedWriteCollection<T>(() => this.overlay(name));
  }

  /** Records the checkpoint committed together with the writes. */
  setCheckpoint(position: bigint): void {
    this.assertOpen();
    if (position < 0n) throw new Error('A checkpoint cannot be negative');
    this.checkpoint = position;
  }

  finish(): void {
    this.finished = true;
  }

  private overlay(name: string): TransactionOverlay {
    this.assertOpen();
    let overlay = this.overlays.get(name);
    if (!overlay) this.overlays.set(name, (overlay = new TransactionOverlay(this.openCollection(name))));
    return overlay;
  }

  private assertOpen(): void {
    if (this.finished) throw new Error('The read-store transaction has already finished');
  }
}

/** Read operations over committed state. */
class EmbeddedReadCollection<T extends ReadModel> implements ReadCollection<T> {
  constructor(protected readonly view: () => DocView) {}

  /** The first matching document (natural order), as a copy. */
  findOne(filter: Filter): Promise<T | null> {
    return settle(() => {
      const [doc] = matching(this.view(), filter, { limit: 1 });
      return doc ? (copyOf(doc) as T) : null;
    });
  }

  /** Matching documents after sort, skip and limit; only the returned page is copied. */
  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return settle(() => copyOf(matching(this.view(), filter, options)) as T[]);
  }

  /** Number of matching documents. */
  count(filter: Filter): Promise<number> {
    return settle(() => countMatching(this.view(), filter));
  }

  /** Document counts per value of each field among the matching documents. */
  countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts> {
    return settle(() => countByValues(this.view(), filter, fields));
  }

  /** Runs an aggregation pipeline ($match, $group, $sort, $limit, $project, ...). */
  aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    return settle(() => aggregateView<R>(this.view(), pipeline));
  }
}

/** Read and write operations inside a transaction; writes land in the overlay until commit. */
class EmbeddedWriteCollection<T extends ReadModel>
  extends EmbeddedReadCollection<T>
  implements WriteCollection<T>
{
  constructor(private readonly overlay: () => TransactionOverlay) {
    super(overlay);
  }

  /** Inserts a new document; rejects a duplicate `_id`. */
  insertOne(doc: T): Promise<void> {
    return settle(() => {
      const overlay = this.overlay();
      if (overlay.get(doc._id)) throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([doc._id]));
      overlay.put(doc);
    });
  }

  /** Replaces the first matching document (keeping its `_id`), or inserts `doc` when upserting. */
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return settle(() => {
      const overlay = this.overlay();
      const [current] = matching(overlay, filter, { limit: 1 });
      if (!current) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        const fresh = { ...doc, _id: doc._id ?? pinnedId(filter) ?? randomUUID() };
        if (overlay.get(fresh._id))
          throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([fresh._id]));
        overlay.put(fresh);
        return { matchedCount: 0, modifiedCount: 0, upsertedId: fresh._id };
      }
      if (doc._id !== undefined && doc._id !== current._id) {
        throw new Error(`The _id field cannot be changed from '${current._id}' to '${doc._id}'`);
      }
      const replacement = { ...doc, _id: current._id };
      const staged = stage(replacement);
      const changed = staged.json !== JSON.stringify(current);
      if (changed) overlay.putStaged(staged);
      return { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null };
    });
  }

  /** Updates the first matching document, or inserts the filter's equality fields plus the update when upserting. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return settle(() => {
      assertOperatorUpdate(update);
      const overlay = this.overlay();
      const [current] = matching(overlay, filter, { limit: 1 });
      if (!current) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        const doc = upsertDocument(filter, update);
        if (overlay.get(doc._id))
          throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([doc._id]));
        overlay.put(doc);
        return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
      }
      const modified = this.modifyOne(overlay, current, update);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null };
    });
  }

  /** Updates every matching document. */
  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return settle(() => {
      assertOperatorUpdate(update);
      const overlay = this.overlay();
      const targets = matching(overlay, filter);
      let modifiedCount = 0;
      for (const current of targets) if (this.modifyOne(overlay, current, update)) modifiedCount++;
      return { matchedCount: targets.length, modifiedCount, upsertedId: null };
    });
  }

  /** Deletes the first matching document; returns how many were deleted (0 or 1). */
  deleteOne(filter: Filter): Promise<number> {
    return settle(() => {
      const overlay = this.overlay();
      const [current] = matching(overlay, filter, { limit: 1 });
      if (!current) return 0;
      overlay.remove(current._id);
      return 1;
    });
  }

  /** Deletes every matching document; returns how many were deleted. */
  deleteMany(filter: Filter): Promise<number> {
    return settle(() => {
      const overlay = this.overlay();
      const targets = matching(overlay, filter);
      for (const doc of targets) overlay.remove(doc._id);
      return targets.length;
    });
  }

  private modifyOne(overlay: TransactionOverlay, current: ReadModel, update: Update): boolean {
    // Copy on write: the committed document stays untouched until the transaction commits.
    const copy = copyOf(current);
    if (!modify(copy, update)) return false;
    overlay.put(copy);
    return true;
  }
}

interface Statements {
  readonly dataVersionRows: Statement<[], { collection: string; version: number }>;
  readonly version: Statement<[string], { version: number }>;
  readonly bumpVersion: Statement<[string], { version: number }>;
  readonly docs: Statement<[string], { id: string; doc: string }>;
  readonly indexes: Statement<[string], { name: string; keys: string; is_unique: number }>;
  readonly upsertDoc: Statement<[string, string, string]>;
  readonly deleteDoc: Statement<[string, string]>;
  readonly deleteCollection: Statement<[string]>;
  readonly insertIndex: Statement<[string, string, string, number]>;
  readonly checkpoint: Statement<[string], { position: string }>;
  readonly setCheckpoint: Statement<[string, string]>;
  readonly deleteCheckpoint: Statement<[string]>;
}

/**
 * The embedded profile's ReadStore: MongoDB semantics (via mingo) over collections kept in memory and
 * written through to the SQLite file that also holds the events. Each collection loads lazily; a
 * transaction stages copy-on-write changes and commits them with the checkpoint in one SQLite
 * transaction. Another process writing the same file (a CLI rebuild) is noticed through
 * `PRAGMA data_version` and a per-collection version, and the affected caches reload.
 * The database connection belongs to the caller: `close()` does not close it.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly statements: Statements;
  private readonly collections = new Map<string, CollectionState>();
  private dataVersion: number;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    this.statements = {
      dataVersionRows: db.prepare('SELECT collection, version FROM read_model_versions'),
      version: db.prepare('SELECT version FROM read_model_versions WHERE collection = ?'),
      bumpVersion: db.prepare(
        `INSERT INTO read_model_versions (collection, version) VALUES (?, 1)
         ON CONFLICT (collection) DO UPDATE SET version = version + 1 RETURNING version`,
      ),
      docs: db.prepare('SELECT id, doc FROM read_models WHERE collection = ? ORDER BY rowid'),
      indexes: db.prepare('SELECT name, keys, is_unique FROM read_model_indexes WHERE collection = ?'),
      upsertDoc: db.prepare(
        `INSERT INTO read_models (collection, id, doc) VALUES (?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
      ),
      deleteDoc: db.prepare('DELETE FROM read_models WHERE collection = ? AND id = ?'),
      deleteCollection: db.prepare('DELETE FROM read_models WHERE collection = ?'),
      insertIndex: db.prepare(
        'INSERT INTO read_model_indexes (collection, name, keys, is_unique) VALUES (?, ?, ?, ?)',
      ),
      checkpoint: db.prepare('SELECT position FROM projection_checkpoints WHERE projection = ?'),
      setCheckpoint: db.prepare(
        `INSERT INTO projection_checkpoints (projection, position) VALUES (?, ?)
         ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
      ),
      deleteCheckpoint: db.prepare('DELETE FROM projection_checkpoints WHERE projection = ?'),
    };
    this.dataVersion = this.readDataVersion();
  }

  /** Read access to committed documents. */
  collection<T extends ReadModel = ReadModel>(name: string): ReadCollection<T> {
    return new EmbeddedReadCollection<T>(() => baseView(this.open(name)));
  }

  /** Runs `work`, then commits its writes and checkpoint in one SQLite transaction; nothing on error. */
  transaction(projection: string, work: (tx: ProjectionTransaction) => Promise<void>): Promise<void> {
    return this.enqueue(async () => {
      const tx = new EmbeddedTransaction((name) => this.open(name));
      try {
        await work(tx);
      } finally {
        tx.finish();
      }
      this.commit(projection, tx);
    });
  }

  /** The stored checkpoint, read from SQLite each time (cheap, and always current across processes). */
  getCheckpoint(projection: string): Promise<bigint | null> {
    return settle(() => {
      this.assertOpen();
      const row = this.statements.checkpoint.get(projection);
      return row ? BigInt(row.position) : null;
    });
  }

  /** Empties the collections (their indexes stay) and deletes the checkpoint, in one SQLite transaction. */
  reset(projection: string, collections: readonly string[]): Promise<void> {
    return this.enqueue(() => {
      this.assertOpen();
      this.db.transaction(() => {
        for (const name of collections) {
          this.statements.deleteCollection.run(name);
          this.statements.bumpVersion.get(name);
        }
        this.statements.deleteCheckpoint.run(projection);
      })();
      for (const name of collections) this.collections.delete(name);
    });
  }

  /** Records an index; a unique one is enforced on every later write and checked against existing documents. */
  ensureIndex(collection: string, keys: Sort, options?: { unique?: boolean }): Promise<void> {
    return this.enqueue(() => {
      const state = this.open(collection);
      const name = indexName(keys);
      const unique = options?.unique ?? false;
      const existing = state.indexes.get(name);
      if (existing) {
        if (existing.unique !== unique)
          throw new Error(`Index '${name}' on '${collection}' exists with other options`);
        return;
      }
      const index: IndexState = { name, keys: { ...keys }, unique, owners: new Map() };
      if (unique) {
        for (const doc of state.docs.values()) {
          const key = indexKey(doc, keys);
          if (index.owners.has(key)) throw new DuplicateKeyError(collection, name, key);
          index.owners.set(key, doc._id);
        }
      }
      const version = this.db.transaction(() => {
        this.assertVersion(state);
        this.statements.insertIndex.run(collection, name, JSON.stringify(keys), unique ? 1 : 0);
        return this.bumpVersion(collection);
      })();
      state.indexes.set(name, index);
      addFieldIndex(state.fields, keys, state.docs.values());
      state.plans.clear();
      state.version = version;
    });
  }

  /** Waits for queued transactions and forgets the caches; the SQLite connection stays open for its owner. */
  async close(): Promise<void> {
    await this.queue;
    this.closed = true;
    this.collections.clear();
  }

  private enqueue(task: () => Promise<void> | void): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private commit(projection: string, tx: EmbeddedTransaction): void {
    const changed = [...tx.overlays.values()].filter((overlay) => overlay.changes.size > 0);
    if (changed.length === 0 && tx.checkpoint === null) return;
    const versions = this.db
      .transaction(() => {
        const next = new Map<TransactionOverlay, number>();
        for (const overlay of changed) {
          this.assertVersion(overlay.state);
          for (const [id, staged] of overlay.changes) {
            if (staged) this.statements.upsertDoc.run(overlay.name, id, staged.json);
            else this.statements.deleteDoc.run(overlay.name, id);
          }
          next.set(overlay, this.bumpVersion(overlay.name));
        }
        if (tx.checkpoint !== null) this.statements.setCheckpoint.run(projection, tx.checkpoint.toString());
        return next;
      })
      .immediate();
    for (const [overlay, version] of versions) this.swapIn(overlay, version);
  }

  /** Applies committed changes to the in-memory collection and its unique indexes. */
  private swapIn(overlay: TransactionOverlay, version: number): void {
    const { state } = overlay;
    const uniqueIndexes = [...state.indexes.values()].filter((index) => index.unique);
    // Release every old key before taking new ones, so documents may swap keys within one transaction.
    for (const id of overlay.changes.keys()) {
      const old = state.docs.get(id);
      if (!old) continue;
      for (const index of uniqueIndexes) {
        const key = indexKey(old, index.keys);
        if (index.owners.get(key) === id) index.owners.delete(key);
      }
    }
    for (const [id, staged] of overlay.changes) {
      const old = state.docs.get(id);
      if (old) for (const field of state.fields.values()) field.remove(old);
      if (!staged) {
        state.docs.delete(id);
        continue;
      }
      state.docs.set(id, staged.doc);
      for (const field of state.fields.values()) field.add(staged.doc);
      for (const index of uniqueIndexes) index.owners.set(indexKey(staged.doc, index.keys), id);
    }
    state.list = null;
    state.plans.clear();
    state.version = version;
    if (this.collections.get(state.name) !== state) this.collections.set(state.name, state);
  }

  private assertVersion(state: CollectionState): void {
    const onDisk = this.statements.version.get(state.name)?.version ?? 0;
    if (onDisk !== state.version) {
      this.collections.delete(state.name);
      throw new ConcurrentReadModelChangeError(state.name);
    }
  }

  private bumpVersion(collection: string): number {
    const row = this.statements.bumpVersion.get(collection);
    if (!row) throw new Error(`Could not bump the version of read-model collection '${collection}'`);
    return row.version;
  }

  private open(name: string): CollectionState {
    this.assertOpen();
    this.syncWithOtherConnections();
    let state = this.collections.get(name);
    if (!state) this.collections.set(name, (state = this.load(name)));
    return state;
  }

  /** Drops the caches of collections another connection has committed to since we last looked. */
  private syncWithOtherConnections(): void {
    const dataVersion = this.readDataVersion();
    if (dataVersion === this.dataVersion) return;
    this.dataVersion = dataVersion;
    const onDisk = new Map(this.statements.dataVersionRows.all().map((row) => [row.collection, row.version]));
    for (const [name, state] of this.collections) {
      if ((onDisk.get(name) ?? 0) !== state.version) this.collections.delete(name);
    }
  }

  private load(name: string): CollectionState {
    // A read transaction gives one consistent snapshot of version, documents and indexes.
    return this.db.transaction((): CollectionState => {
      const docs = new Map<string, ReadModel>();
      for (const row of this.statements.docs.iterate(name))
        docs.set(row.id, JSON.parse(row.doc) as ReadModel);
      const indexes = new Map<string, IndexState>();
      for (const row of this.statements.indexes.all(name)) {
        const keys = JSON.parse(row.keys) as Sort;
        const index: IndexState = { name: row.name, keys, unique: row.is_unique === 1, owners: new Map() };
        if (index.unique) for (const doc of docs.values()) index.owners.set(indexKey(doc, keys), doc._id);
        indexes.set(row.name, index);
      }
      const version = this.statements.version.get(name)?.version ?? 0;
      const fields = new Map<string, FieldIndex>();
      for (const index of indexes.values()) addFieldIndex(fields, index.keys, docs.values());
      return { name, version, docs, list: null, indexes, fields, plans: new Map() };
    })();
  }

  private readDataVersion(): number {
    return Number(this.db.pragma('data_version', { simple: true }));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}
