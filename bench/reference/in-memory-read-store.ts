/*
 * The embedded read store as it was on 2026-11-26, before issue 28 moved it to disk: every collection
 * and its indexes held in memory, loaded whole at first use. Kept only as the bench's peer for the
 * in-process search time and the answers (bench/search-api-bench.ts); nothing in server/ uses it.
 */
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { Aggregator, Query, update as applyModifier } from 'mingo';
import type { SqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';
import { DocumentIndexes, valueAtPath } from './in-memory-index';
import {
  countByIndexed,
  countIndexed,
  countValues,
  findIndexed,
  findUnindexed,
  matcher,
  MINGO_OPTIONS,
} from './in-memory-query';
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
} from '../../server/src/infrastructure/read-store/read-store.port';

type Modifier = Parameters<typeof applyModifier>[1];

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
  /**
   * Slots, field indexes and sorted orders of the declared indexes (embedded-index.ts), built when a
   * query first needs them and kept current from then on. A rebuild writing a whole collection (often
   * in a CLI process that exits afterwards) does not maintain them batch by batch.
   */
  index: DocumentIndexes | null;
}

/**
 * A collection with documents gets its indexes when they are declared (at start, so the first query does
 * not wait for them); an empty one, as after a reset for a rebuild, when a query first needs them.
 */
function warm(state: CollectionState): void {
  if (state.docs.size > 0) indexesOf(state).prepare();
}

/** The collection's indexes, built from its documents and declared indexes when first asked for. */
function indexesOf(state: CollectionState): DocumentIndexes {
  if (!state.index) {
    const index = new DocumentIndexes();
    for (const doc of state.docs.values()) index.put(doc);
    for (const declared of state.indexes.values()) index.declare(declared.keys);
    index.prepare();
    state.index = index;
  }
  return state.index;
}

interface DocView {
  readonly name: string;
  get(id: string): ReadModel | undefined;
  all(): ReadModel[];
  /** The committed collection's indexes; absent inside a transaction, whose overlay they do not cover. */
  indexes?(): DocumentIndexes;
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
    indexes: () => indexesOf(state),
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

/**
 * A deep copy holding exactly what JSON keeps (what `JSON.parse(JSON.stringify(value))` gives: `toJSON`
 * called, undefined members dropped, undefined array elements and non-finite numbers null), without
 * going through text. Stored documents are such values, in memory as on disk.
 */
export function jsonCopy<T>(value: T): T {
  return copyJson(value) as T;
}

function copyJson(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  const source = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof source.toJSON === 'function') return copyJson(source.toJSON());
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyJson(value[i]) ?? null;
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const member = copyJson(source[key]);
    if (member !== undefined) copy[key] = member;
  }
  return copy;
}

/** Whether two JSON values are the same, members in the same order (as their JSON texts would be). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  const theirs = Object.keys(right);
  if (keys.length !== theirs.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== theirs[i] || !sameJson(left[keys[i]!], right[keys[i]!])) return false;
  }
  return true;
}

function matching(view: DocView, filter: Filter, options: FindOptions = {}): ReadModel[] {
  // The projections' common case, a document by id alone, needs no query engine.
  const id = pinnedId(filter);
  if (id !== undefined && Object.keys(filter).length === 1 && !options.score && !options.fields) {
    const doc = view.get(id);
    return doc && !options.skip && options.limit !== 0 ? [doc] : [];
  }
  if (view.indexes && id === undefined) {
    const found = findIndexed(view.indexes(), filter, options);
    if (found) return found;
  }
  if (options.after || options.score || options.fields)
    return findUnindexed(candidates(view, filter), filter, options);
  let cursor = new Query(filter, MINGO_OPTIONS).find<ReadModel>(candidates(view, filter));
  if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  return cursor.all();
}

function countMatching(view: DocView, filter: Filter): number {
  if (view.indexes && pinnedId(filter) === undefined) return countIndexed(view.indexes(), filter);
  const test = matcher(filter);
  let count = 0;
  for (const doc of candidates(view, filter)) if (test(doc)) count++;
  return count;
}

/** Facet counts: from the indexes when committed, else by reading the matching documents. */
function countByValues(view: DocView, filter: Filter, fields: readonly string[]): FieldCounts {
  if (view.indexes && pinnedId(filter) === undefined) return countByIndexed(view.indexes(), filter, fields);
  const counts: FieldCounts = Object.fromEntries(fields.map((field) => [field, {}]));
  const test = matcher(filter);
  for (const doc of candidates(view, filter)) {
    if (!test(doc)) continue;
    for (const field of fields) countValues(counts[field]!, valueAtPath(doc, field));
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

/**
 * The fields the common projection updates change directly: `$set` of top-level fields, `$push` of one
 * plain value onto a top-level array and `$inc` of a top-level number (or missing field) by a finite
 * number. Null when anything else is asked (dotted paths, modifiers, other operators, a field named by
 * two operators), which goes to mingo.
 */
function directFields(doc: Record<string, unknown>, update: Update): string[] | null {
  const fields: string[] = [];
  for (const operator of Object.keys(update)) {
    if (operator !== '$set' && operator !== '$push' && operator !== '$inc') return null;
    const operand = update[operator];
    if (!isPlainObject(operand)) return null;
    for (const key of Object.keys(operand)) {
      if (key.includes('.') || key.startsWith('$') || key === '_id') return null;
      const value = operand[key];
      const current = doc[key];
      if (operator === '$set' && value === undefined) return null;
      if (operator === '$push') {
        if (!Array.isArray(current) && current !== undefined) return null;
        if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return null;
      }
      if (operator === '$inc') {
        if (typeof value !== 'number' || !Number.isFinite(value)) return null;
        if (current !== undefined && typeof current !== 'number') return null;
      }
      fields.push(key);
    }
  }
  return new Set(fields).size === fields.length ? fields : null;
}

/** Applies an update that directFields accepted; the values are copied as JSON keeps them. */
function modifyDirectly(doc: Record<string, unknown>, update: Update): boolean {
  const set = update['$set'] as Record<string, unknown> | undefined;
  const push = update['$push'] as Record<string, unknown> | undefined;
  const inc = update['$inc'] as Record<string, number> | undefined;
  let changed = false;
  for (const [key, value] of Object.entries(set ?? {})) {
    const copy = jsonCopy(value);
    if (!sameJson(doc[key], copy)) {
      doc[key] = copy;
      changed = true;
    }
  }
  for (const [key, value] of Object.entries(push ?? {})) {
    doc[key] = [...((doc[key] as unknown[] | undefined) ?? []), jsonCopy(value) ?? null];
    changed = true;
  }
  for (const [key, by] of Object.entries(inc ?? {})) {
    const current = doc[key] as number | undefined;
    if (current === undefined || by !== 0) {
      const sum = (current ?? 0) + by;
      doc[key] = Number.isFinite(sum) ? sum : null;
      changed = true;
    }
  }
  return changed;
}

/** Applies an update document in place; returns whether anything changed. $setOnInsert is handled by the caller. */
function modify(doc: Record<string, unknown>, update: Update): boolean {
  const { $setOnInsert: _ignored, ...rest } = update;
  if (Object.keys(rest).length === 0) return false;
  if (directFields(doc, rest)) return modifyDirectly(doc, rest);
  return applyModifier(doc, rest as Modifier).length > 0;
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

/** The transaction's own copy of a document it writes, as JSON keeps it. */
function stage(doc: ReadModel): ReadModel {
  if (typeof doc._id !== 'string') throw new Error('Read-model documents need a string _id');
  return jsonCopy(doc);
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

/**
 * A collection as seen by one transaction: the committed state plus this transaction's changes. A changed
 * document is the transaction's own copy (committed documents are never changed in place), so later
 * updates in the same transaction change that copy directly, and it is serialized once, at commit.
 */
class TransactionOverlay implements DocView {
  /** Document id → the transaction's own copy, or null when deleted. */
  readonly changes = new Map<string, ReadModel | null>();
  /** Ids of copies changed by mingo's update operators, whose values may not be plain JSON yet. */
  readonly unnormalized = new Set<string>();
  private unique: Set<string> | null = null;
  /** Unique index name → key → id of the last document in this transaction that took the key. */
  private readonly claims = new Map<string, Map<string, string>>();

  constructor(readonly state: CollectionState) {}

  get name(): string {
    return this.state.name;
  }

  get(id: string): ReadModel | undefined {
    if (this.changes.has(id)) return this.changes.get(id) ?? undefined;
    return this.state.docs.get(id);
  }

  /** Whether `doc` is this transaction's own copy (so it may be changed in place). */
  owns(doc: ReadModel): boolean {
    return this.changes.get(doc._id) === doc;
  }

  /** The top-level fields that unique indexes read: changing them needs the duplicate check. */
  uniqueFields(): ReadonlySet<string> {
    if (!this.unique) {
      this.unique = new Set();
      for (const index of this.state.indexes.values()) {
        if (index.unique) for (const key of Object.keys(index.keys)) this.unique.add(key.split('.')[0]!);
      }
    }
    return this.unique;
  }

  all(): ReadModel[] {
    if (this.changes.size === 0) return baseList(this.state);
    const docs: ReadModel[] = [];
    for (const [id, doc] of this.state.docs) {
      if (!this.changes.has(id)) docs.push(doc);
      else {
        const changed = this.changes.get(id);
        if (changed) docs.push(changed);
      }
    }
    for (const [id, changed] of this.changes) if (changed && !this.state.docs.has(id)) docs.push(changed);
    return docs;
  }

  /** Takes `doc`, the transaction's own copy, as the document's new version. */
  put(doc: ReadModel): void {
    this.assertUnique(doc);
    this.changes.set(doc._id, doc);
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
      return doc ? (jsonCopy(doc) as T) : null;
    });
  }

  /** Matching documents after sort, skip and limit; only the returned page is copied. */
  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return settle(() => jsonCopy(matching(this.view(), filter, options)) as T[]);
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
      overlay.put(stage(doc));
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
        overlay.put(stage(fresh));
        return { matchedCount: 0, modifiedCount: 0, upsertedId: fresh._id };
      }
      if (doc._id !== undefined && doc._id !== current._id) {
        throw new Error(`The _id field cannot be changed from '${current._id}' to '${doc._id}'`);
      }
      const replacement = stage({ ...doc, _id: current._id });
      const changed = !sameJson(replacement, current);
      if (changed) overlay.put(replacement);
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
        overlay.put(stage(doc));
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
    const { $setOnInsert: _ignored, ...rest } = update;
    if (Object.keys(rest).length === 0) return false;
    const direct = directFields(current, rest);
    // The transaction's own copy changes in place, unless a unique index reads a changed field (then
    // the duplicate check must pass before anything changes).
    const unique = overlay.uniqueFields();
    if (direct && overlay.owns(current) && !direct.some((field) => unique.has(field)))
      return modifyDirectly(current, rest);
    // Copy on write: the committed document stays untouched until the transaction commits.
    const copy = jsonCopy(current);
    const changed = direct ? modifyDirectly(copy, rest) : applyModifier(copy, rest as Modifier).length > 0;
    if (!changed) return false;
    if (!direct) overlay.unnormalized.add(copy._id);
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
export class InMemoryReadStore implements ReadStore {
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
  flush(_projections?: readonly string[]): Promise<void> {
    return Promise.resolve();
  }

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
        warm(state);
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
      state.index?.declare(keys);
      warm(state);
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
          for (const [id, doc] of overlay.changes) {
            if (!doc) {
              this.statements.deleteDoc.run(overlay.name, id);
              continue;
            }
            const json = JSON.stringify(doc);
            this.statements.upsertDoc.run(overlay.name, id, json);
            // Values mingo's operators wrote may be more than JSON keeps (a Date): kept as read back.
            if (overlay.unnormalized.has(id)) overlay.changes.set(id, JSON.parse(json) as ReadModel);
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
    for (const [id, doc] of overlay.changes) {
      if (!doc) {
        if (state.docs.has(id)) state.index?.delete(id);
        state.docs.delete(id);
        continue;
      }
      state.docs.set(id, doc);
      state.index?.put(doc);
      for (const index of uniqueIndexes) index.owners.set(indexKey(doc, index.keys), id);
    }
    state.list = null;
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
      return { name, version, docs, list: null, indexes, index: null };
    })();
  }

  private readDataVersion(): number {
    return Number(this.db.pragma('data_version', { simple: true }));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}
