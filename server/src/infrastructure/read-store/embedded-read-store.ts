import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { Aggregator } from 'mingo';
import { commitDerived, type SqliteDatabase } from '../sqlite/sqlite-database';
import { type StoredText, TextArena, TextSlice, textOf } from '../sqlite/sqlite-texts';
import { BackgroundWriter, PlanCheckFailedError, type SqlParam, WritePlan } from '../sqlite/sqlite-writer';
import {
  Catalog,
  CATALOG_WRITES,
  type CollectionInfo,
  column,
  type FieldInfo,
  indexName,
  type IndexInfo,
} from './embedded-catalog';
import { assertOperatorUpdate, jsonCopy, modify, pinnedId, upsertDocument } from './read-model-documents';
import { DiskCollection, EngineCaches, shape } from './embedded-engine';
import { IdFilter } from './embedded-id-filter';
import { compareKeyed, countValues, MINGO_OPTIONS, matcher, sortKeys } from './embedded-matcher';
import { chunkOf, mergeContainer, newContainer } from './embedded-postings';
import { postingMapKey, postingValuesOf, type SqlValue, sqlKey, valueAtPath } from './embedded-values';
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
 * What a document gives the collection's indexes: the posting values of each posted field (and whether it
 * holds an array), and the value of each key column. Computed when a document is written, from the
 * caller's object, so the commit need not parse the document again.
 */
interface IndexValues {
  readonly posted: readonly (readonly SqlValue[])[];
  readonly arrays: readonly boolean[];
  readonly keys: readonly SqlValue[];
}

const NO_VALUES: IndexValues = { posted: [], arrays: [], keys: [] };

/** Whether JSON would keep this value as it is (no Date, no toJSON, no NaN): then it indexes as stored. */
function plainValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value))
    return value.every((element) => typeof element !== 'object' || element === null || plainValue(element));
  return (
    Object.getPrototypeOf(value) === Object.prototype &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** The document's index values, or null when a value is one JSON would change (then parse the text instead). */
function indexValuesOf(info: CollectionInfo | null, doc: ReadModel): IndexValues | null {
  if (!info || info.indexes.length === 0) return NO_VALUES;
  const posted: SqlValue[][] = [];
  const arrays: boolean[] = [];
  for (const field of info.posted()) {
    const value = valueAtPath(doc, field.path);
    if (!plainValue(value)) return null;
    posted.push(postingValuesOf(value));
    arrays.push(Array.isArray(value));
  }
  const keys: SqlValue[] = [];
  for (const field of info.keyed()) {
    const value = valueAtPath(doc, field.path);
    if (!plainValue(value)) return null;
    keys.push(sqlKey(value));
  }
  return { posted, arrays, keys };
}

/** Index values as the stored JSON gives them (always plain). */
function storedValuesOf(info: CollectionInfo, doc: ReadModel): IndexValues {
  return indexValuesOf(info, doc)!;
}

/** Whether a key column's value stands for an array (sqlKey: x'00' and its JSON). */
function isArrayKey(key: SqlValue): boolean {
  return Buffer.isBuffer(key) && key.length > 1 && key[0] === 0 && key[1] === 0x5b;
}

/** A unique index's keys of one document, as text (several for a single field holding an array). */
function uniqueKeys(info: CollectionInfo, index: IndexInfo, values: IndexValues): string[] {
  const paths = Object.keys(index.keys);
  const posted = paths.length === 1 ? info.posted().findIndex((field) => field.path === paths[0]) : -1;
  if (posted >= 0) return values.posted[posted]!.map(postingMapKey);
  const keyed = info.keyed();
  return [
    JSON.stringify(
      paths.map((path) => {
        const key = values.keys[keyed.findIndex((field) => field.path === path)] ?? null;
        return Buffer.isBuffer(key) ? `x${key.toString('hex')}` : key;
      }),
    ),
  ];
}

/** A document a transaction wrote: its text (null once changed in place), its parsed form (when read), its index values. */
interface Staged {
  doc: ReadModel | null;
  /** Its JSON text: what gets stored (null: made from `doc` at commit). */
  text: StoredText | null;
  values: IndexValues | null;
  readonly deleted: boolean;
}

/** A document as committed when the transaction first looked: its number and its JSON. */
interface Base {
  readonly docno: number;
  readonly text: string;
  doc?: ReadModel;
}

/** A document as a commit on its way to the file writes it. */
interface PendingDoc {
  readonly docno: number;
  readonly text: StoredText;
}

function parsedBase(base: Base): ReadModel {
  base.doc ??= JSON.parse(base.text) as ReadModel;
  return base.doc;
}

/** Lookups by id in a collection before its id filter is built (embedded-id-filter.ts). */
const ID_FILTER_AFTER_LOOKUPS = 1000;

/** A sortable position for merging: committed documents by number, new ones after them in insertion order. */
const NEW_DOCUMENT = 2 ** 40;

/**
 * One collection as a transaction sees it: the committed documents (read from SQLite when asked for)
 * plus the transaction's own changes, kept in memory until the commit writes each changed document once.
 */
class Overlay {
  readonly changes = new Map<string, Staged>();
  private readonly bases = new Map<string, Base | null>();
  /** Unique index name → key → id of the last document in this transaction that took the key. */
  private readonly claims = new Map<string, Map<string, string>>();
  /** The collection's version when the transaction first read it (a commit needs it unchanged). */
  readonly versionSeen: number;
  private unique: readonly IndexInfo[] | undefined;

  constructor(
    private readonly store: EmbeddedReadStore,
    readonly name: string,
    private readonly texts: TextArena,
  ) {
    this.versionSeen = store.infoOf(name)?.version ?? -1;
  }

  disk(): DiskCollection {
    return this.store.disk(this.name);
  }

  /** The committed document with this id as first seen by the transaction. */
  base(id: string): Base | null {
    let base = this.bases.get(id);
    if (base === undefined) {
      // The id filter holds the ids of commits on their way to the file too: a new id needs neither look.
      const info = this.store.infoOf(this.name);
      if (!info || !this.store.mightHold(info, id)) base = null;
      else base = this.store.pendingBase(this.name, id) ?? this.disk().byId(id) ?? null;
      this.bases.set(id, base);
    }
    return base;
  }

  /** The document as this transaction sees it (not a copy: never hand it out). */
  current(id: string): ReadModel | undefined {
    const staged = this.changes.get(id);
    if (staged) {
      if (staged.deleted) return undefined;
      staged.doc ??= JSON.parse(textOf(staged.text!)) as ReadModel;
      return staged.doc;
    }
    const base = this.base(id);
    return base ? parsedBase(base) : undefined;
  }

  /** A copy of the document for a caller. */
  copyOf(id: string): ReadModel | undefined {
    const staged = this.changes.get(id);
    if (staged) {
      if (staged.deleted) return undefined;
      return staged.text !== null ? (JSON.parse(textOf(staged.text)) as ReadModel) : jsonCopy(staged.doc!);
    }
    const base = this.base(id);
    return base ? (JSON.parse(base.text) as ReadModel) : undefined;
  }

  /** The transaction's own changeable copy of a document (made on first change). */
  working(id: string): ReadModel | undefined {
    const staged = this.changes.get(id);
    if (staged) {
      if (staged.deleted) return undefined;
      staged.doc ??= JSON.parse(textOf(staged.text!)) as ReadModel;
      return staged.doc;
    }
    const base = this.base(id);
    if (!base) return undefined;
    const doc = JSON.parse(base.text) as ReadModel;
    this.changes.set(id, { doc, text: base.text, values: null, deleted: false });
    return doc;
  }

  /** The text of the document as this transaction sees it. */
  textOf(id: string): string | undefined {
    const staged = this.changes.get(id);
    if (staged) {
      if (staged.deleted) return undefined;
      staged.text ??= JSON.stringify(staged.doc);
      return textOf(staged.text);
    }
    return this.base(id)?.text;
  }

  /**
   * Takes a new version of a document: `doc` as the caller gave it (read now for the index values, never
   * kept: the caller may change it afterwards) and its JSON text, which is what gets stored, kept as bytes
   * in the transaction's shared memory until the commit has written it (sqlite-texts.ts).
   */
  put(doc: ReadModel, text: string): void {
    const info = this.store.infoOf(this.name);
    const values = indexValuesOf(info, doc) ?? storedValuesOf(info!, JSON.parse(text) as ReadModel);
    this.assertUnique(doc._id, values);
    this.changes.set(doc._id, { doc: null, text: this.texts.put(text), values, deleted: false });
  }

  /** A change made in place to the working copy: its text and index values are made anew at commit. */
  touched(doc: ReadModel): void {
    const staged = this.changes.get(doc._id)!;
    staged.text = null;
    staged.values = null;
  }

  remove(id: string): void {
    this.base(id);
    this.changes.set(id, { doc: null, text: null, values: null, deleted: true });
  }

  /** The index values of the document as this transaction sees it. */
  private valuesOf(id: string): IndexValues | null {
    const info = this.store.infoOf(this.name);
    const staged = this.changes.get(id);
    if (staged && !staged.deleted && staged.values) return staged.values;
    const doc = this.current(id);
    return doc && info ? storedValuesOf(info, doc) : null;
  }

  uniqueIndexes(): readonly IndexInfo[] {
    // Indexes change only between transactions (ensureIndex waits its turn like a transaction).
    this.unique ??= this.store.infoOf(this.name)?.indexes.filter((index) => index.unique) ?? [];
    return this.unique;
  }

  private assertUnique(id: string, values: IndexValues): void {
    const info = this.store.infoOf(this.name);
    if (!info) return;
    for (const index of info.indexes) {
      if (!index.unique) continue;
      let claims = this.claims.get(index.name);
      if (!claims) this.claims.set(index.name, (claims = new Map<string, string>()));
      for (const key of uniqueKeys(info, index, values)) {
        // Either record may be stale (the holder changed since); the holder's current keys decide.
        const holders = [claims.get(key), ...this.committedHolders(info, index, values, key)];
        for (const holder of holders) {
          if (holder === undefined || holder === id) continue;
          const theirs = this.valuesOf(holder);
          if (theirs && uniqueKeys(info, index, theirs).includes(key))
            throw new DuplicateKeyError(this.name, index.name, key);
        }
        claims.set(key, id);
      }
    }
  }

  /** Ids of committed documents holding the unique key `key` (one of the document's `values`). */
  private committedHolders(
    info: CollectionInfo,
    index: IndexInfo,
    values: IndexValues,
    key: string,
  ): string[] {
    const disk = this.disk();
    const paths = Object.keys(index.keys);
    let docnos: number[];
    const posted = paths.length === 1 ? info.posted().findIndex((field) => field.path === paths[0]) : -1;
    if (posted >= 0) {
      const value = values.posted[posted]!.find((candidate) => postingMapKey(candidate) === key)!;
      docnos = disk.equal(info.posted()[posted]!, value).toArray();
    } else {
      const order = info.orders().find((candidate) => candidate.index.id === index.id)!;
      const keyed = info.keyed();
      const conditions = order.columns.map((c) => `${c} IS ?`).join(' AND ');
      docnos = disk
        .statement(`SELECT docno FROM ${info.docs} WHERE ${conditions}`)
        .pluck()
        .all(
          ...paths.map((path) => values.keys[keyed.findIndex((field) => field.path === path)] ?? null),
        ) as number[];
    }
    return docnos.map((docno) => disk.idOf(docno)).filter((holder): holder is string => holder !== undefined);
  }

  // ---- reads that see the transaction's own writes ---------------------------------------------

  find(filter: Filter, options: FindOptions = {}): ReadModel[] {
    const id = pinnedId(filter);
    if (id !== undefined && Object.keys(filter).length === 1 && !options.score && !options.after) {
      const doc = this.copyOf(id);
      return doc && !options.skip && options.limit !== 0 ? [shape(doc, options, 0)] : [];
    }
    if (this.changes.size === 0) return this.disk().find(filter, options);
    const sort = sortKeys(options.sort);
    const skip = options.skip ?? 0;
    const end = options.limit ? skip + options.limit : Infinity;
    const disk = this.disk();
    const committed = disk.info
      ? disk.page(disk.select(filter), filter, {
          ...options,
          skip: 0,
          limit: end === Infinity ? undefined : end + this.changes.size,
        })
      : [];
    const items: { doc: ReadModel; position: number; score: number; copy: boolean }[] = [];
    for (const { docno, score } of committed) {
      const doc = disk.doc(docno);
      if (!this.changes.has(doc._id)) items.push({ doc, position: docno, score, copy: false });
    }
    const test = matcher(filter);
    const scorers = (options.score?.clauses ?? []).map((clause) => ({
      weight: clause.weight,
      test: matcher(clause.filter),
    }));
    const scoreField = options.score?.as;
    const valuesOf = (item: { doc: ReadModel; score: number }) =>
      sort.map(([field]) => (field === scoreField ? item.score : valueAtPath(item.doc, field)));
    const after = options.after ? sort.map(([field]) => options.after![field]) : null;
    let fresh = 0;
    for (const [changedId, staged] of this.changes) {
      if (staged.deleted) continue;
      const doc = this.current(changedId)!;
      if (!test(doc)) continue;
      let points = 0;
      for (const scorer of scorers) if (scorer.test(doc)) points += scorer.weight;
      const item = {
        doc,
        position: this.base(changedId)?.docno ?? NEW_DOCUMENT + fresh++,
        score: points,
        copy: true,
      };
      if (after && compareKeyed(sort, valuesOf(item), after) <= 0) continue;
      items.push(item);
    }
    items.sort((a, b) =>
      sort.length > 0
        ? compareKeyed(sort, valuesOf(a), valuesOf(b)) || a.position - b.position
        : a.position - b.position,
    );
    return items
      .slice(skip, end)
      .map((item) => shape(item.copy ? jsonCopy(item.doc) : item.doc, options, item.score));
  }

  /** Whether a document with this id exists as the transaction sees it (without reading it). */
  exists(id: string): boolean {
    const staged = this.changes.get(id);
    return staged ? !staged.deleted : this.base(id) !== null;
  }

  /** The id of the first document matching `filter` (by id without reading the document). */
  firstMatchingId(filter: Filter): string | undefined {
    const id = pinnedId(filter);
    if (id !== undefined && Object.keys(filter).length === 1) return this.exists(id) ? id : undefined;
    return this.find(filter, { limit: 1, fields: [] })[0]?._id;
  }

  /** The documents matching `filter` as the transaction sees them (its own, not copies). */
  matching(filter: Filter, limit?: number): ReadModel[] {
    const id = pinnedId(filter);
    if (id !== undefined && Object.keys(filter).length === 1) {
      const doc = this.current(id);
      return doc ? [doc] : [];
    }
    return this.find(filter, limit === undefined ? {} : { limit }).map((doc) => this.current(doc._id)!);
  }

  count(filter: Filter): number {
    const disk = this.disk();
    let count = disk.count(filter);
    if (this.changes.size === 0) return count;
    const test = matcher(filter);
    for (const [id, staged] of this.changes) {
      const base = this.base(id);
      if (base && test(parsedBase(base))) count--;
      if (!staged.deleted && test(this.current(id)!)) count++;
    }
    return count;
  }

  countBy(filter: Filter, fields: readonly string[]): FieldCounts {
    const counts = this.disk().countBy(filter, fields);
    if (this.changes.size === 0) return counts;
    const test = matcher(filter);
    const adjust = (doc: ReadModel, by: 1 | -1) => {
      for (const field of fields) {
        const delta: Record<string, number> = {};
        countValues(delta, valueAtPath(doc, field));
        const byValue = counts[field]!;
        for (const [value, n] of Object.entries(delta)) {
          const next = (byValue[value] ?? 0) + n * by;
          if (next === 0) delete byValue[value];
          else byValue[value] = next;
        }
      }
    };
    for (const [id, staged] of this.changes) {
      const base = this.base(id);
      if (base && test(parsedBase(base))) adjust(parsedBase(base), -1);
      if (!staged.deleted && test(this.current(id)!)) adjust(this.current(id)!, 1);
    }
    return counts;
  }

  aggregate<R>(pipeline: readonly Record<string, unknown>[]): R[] {
    if (this.changes.size === 0) return this.disk().aggregate<R>(pipeline);
    const docs: ReadModel[] = [];
    for (const { doc } of this.disk().scan()) if (!this.changes.has(doc._id)) docs.push(doc);
    for (const [id, staged] of this.changes) if (!staged.deleted) docs.push(jsonCopy(this.current(id)!));
    return structuredClone(new Aggregator([...pipeline], MINGO_OPTIONS).run(docs)) as R[];
  }
}

/** One projection's unit of work in the embedded store; usable only while its `work` function runs. */
class EmbeddedTransaction implements ProjectionTransaction {
  readonly overlays = new Map<string, Overlay>();
  /** The new documents' texts, as bytes (sqlite-texts.ts). */
  private readonly texts = new TextArena();
  checkpoint: bigint | null = null;
  private finished = false;

  constructor(private readonly store: EmbeddedReadStore) {}

  collection<T extends ReadModel = ReadModel>(name: string): WriteCollection<T> {
    return new EmbeddedWriteCollection<T>(this.store, () => this.overlay(name));
  }

  setCheckpoint(position: bigint): void {
    this.assertOpen();
    if (position < 0n) throw new Error('A checkpoint cannot be negative');
    this.checkpoint = position;
  }

  finish(): void {
    this.finished = true;
  }

  private overlay(name: string): Overlay {
    this.assertOpen();
    let overlay = this.overlays.get(name);
    if (!overlay) this.overlays.set(name, (overlay = new Overlay(this.store, name, this.texts)));
    return overlay;
  }

  private assertOpen(): void {
    if (this.finished) throw new Error('The read-store transaction has already finished');
  }
}

/** Read operations over committed documents. */
class EmbeddedReadCollection<T extends ReadModel> implements ReadCollection<T> {
  constructor(
    protected readonly store: EmbeddedReadStore,
    private readonly name: string,
  ) {}

  findOne(filter: Filter): Promise<T | null> {
    return this.store.whenWritten(() =>
      this.store.read(this.name, (disk) => (disk.find(filter, { limit: 1 })[0] as T) ?? null),
    );
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.store.whenWritten(() =>
      this.store.read(this.name, (disk) => disk.find(filter, options) as T[]),
    );
  }

  count(filter: Filter): Promise<number> {
    return this.store.whenWritten(() => this.store.read(this.name, (disk) => disk.count(filter)));
  }

  countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts> {
    return this.store.whenWritten(() => this.store.read(this.name, (disk) => disk.countBy(filter, fields)));
  }

  aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    return this.store.whenWritten(() => this.store.read(this.name, (disk) => disk.aggregate<R>(pipeline)));
  }
}

/** Reads and writes inside a transaction: writes stay in the overlay until the commit. */
class EmbeddedWriteCollection<T extends ReadModel> implements WriteCollection<T> {
  constructor(
    private readonly store: EmbeddedReadStore,
    private readonly overlay: () => Overlay,
  ) {}

  /**
   * Runs one operation of the transaction. No read transaction and no look at other connections here:
   * the commit refuses to write over a collection another connection changed meanwhile. An operation
   * that needs more of the file than documents by id (a query, a unique key's holders) first waits for
   * the commits on their way to it (the store answers reads by id from them).
   */
  private run<R>(work: (overlay: Overlay) => R, reads: Filter | 'document' | 'file'): Promise<R> {
    if (this.store.writing && !this.byIdAlone(reads))
      return this.store.whenWritten(() => work(this.overlay()));
    return settle(() => work(this.overlay()));
  }

  /**
   * Whether an operation reads the file only by id: one whose filter names an `_id` alone, or that is given
   * a whole document ('document'), in a collection without a unique index to check it against.
   */
  private byIdAlone(reads: Filter | 'document' | 'file'): boolean {
    if (reads === 'file') return false;
    if (reads !== 'document' && (pinnedId(reads) === undefined || Object.keys(reads).length !== 1))
      return false;
    return this.overlay().uniqueIndexes().length === 0;
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.run((overlay) => (overlay.find(filter, { limit: 1 })[0] as T) ?? null, filter);
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.run(
      (overlay) => overlay.find(filter, options) as T[],
      options?.score || options?.after ? 'file' : filter,
    );
  }

  count(filter: Filter): Promise<number> {
    return this.run((overlay) => overlay.count(filter), 'file');
  }

  countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts> {
    return this.run((overlay) => overlay.countBy(filter, fields), 'file');
  }

  aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    return this.run((overlay) => overlay.aggregate<R>(pipeline), 'file');
  }

  insertOne(doc: T): Promise<void> {
    return this.run((overlay) => {
      if (typeof doc._id !== 'string') throw new Error('Read-model documents need a string _id');
      if (overlay.exists(doc._id))
        throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([doc._id]));
      overlay.put(doc, JSON.stringify(doc));
    }, 'document');
  }

  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.run((overlay) => {
      const currentId = overlay.firstMatchingId(filter);
      if (currentId === undefined) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        const fresh = doc._id === undefined ? { ...doc, _id: pinnedId(filter) ?? randomUUID() } : doc;
        if (typeof fresh._id !== 'string') throw new Error('Read-model documents need a string _id');
        if (overlay.exists(fresh._id))
          throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([fresh._id]));
        overlay.put(fresh, JSON.stringify(fresh));
        return { matchedCount: 0, modifiedCount: 0, upsertedId: fresh._id };
      }
      if (doc._id !== undefined && doc._id !== currentId)
        throw new Error(`The _id field cannot be changed from '${currentId}' to '${doc._id}'`);
      const replacement = doc._id === undefined ? { ...doc, _id: currentId } : doc;
      const text = JSON.stringify(replacement);
      const changed = text !== overlay.textOf(currentId);
      if (changed) overlay.put(replacement, text);
      return { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null };
    }, filter);
  }

  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.run((overlay) => {
      assertOperatorUpdate(update);
      const currentId = overlay.firstMatchingId(filter);
      if (currentId === undefined) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        const doc = upsertDocument(filter, update);
        if (overlay.exists(doc._id))
          throw new DuplicateKeyError(overlay.name, '_id_', JSON.stringify([doc._id]));
        overlay.put(doc, JSON.stringify(doc));
        return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
      }
      const modified = this.modifyOne(overlay, currentId, update);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null };
    }, filter);
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.run((overlay) => {
      assertOperatorUpdate(update);
      const targets = overlay.matching(filter).map((doc) => doc._id);
      let modifiedCount = 0;
      for (const id of targets) if (this.modifyOne(overlay, id, update)) modifiedCount++;
      return { matchedCount: targets.length, modifiedCount, upsertedId: null };
    }, filter);
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.run((overlay) => {
      const currentId = overlay.firstMatchingId(filter);
      if (currentId === undefined) return 0;
      overlay.remove(currentId);
      return 1;
    }, filter);
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.run((overlay) => {
      const targets = overlay.matching(filter).map((doc) => doc._id);
      for (const id of targets) overlay.remove(id);
      return targets.length;
    }, filter);
  }

  /** Changes the transaction's own copy (a copy first when a unique index must check the result). */
  private modifyOne(overlay: Overlay, id: string, update: Update): boolean {
    if (overlay.uniqueIndexes().length > 0) {
      const copy = jsonCopy(overlay.current(id)!);
      if (!modify(copy, update)) return false;
      overlay.put(copy, JSON.stringify(copy));
      return true;
    }
    const doc = overlay.working(id)!;
    if (!modify(doc, update)) return false;
    overlay.touched(doc);
    return true;
  }
}

/** The documents a commit adds to and removes from one value's postings. */
interface PostingChange {
  readonly value: SqlValue;
  readonly adds: number[];
  readonly removes: number[];
}

/** One field's posting changes of a commit, by value (strings and numbers in maps of their own, no key text made). */
class FieldChanges {
  readonly strings = new Map<string, PostingChange>();
  readonly numbers = new Map<number, PostingChange>();
  readonly others = new Map<string, PostingChange>();

  entry(value: SqlValue): PostingChange {
    let entry: PostingChange | undefined;
    if (typeof value === 'string') {
      entry = this.strings.get(value);
      if (!entry) this.strings.set(value, (entry = { value, adds: [], removes: [] }));
    } else if (typeof value === 'number') {
      entry = this.numbers.get(value);
      if (!entry) this.numbers.set(value, (entry = { value, adds: [], removes: [] }));
    } else {
      const key = postingMapKey(value);
      entry = this.others.get(key);
      if (!entry) this.others.set(key, (entry = { value, adds: [], removes: [] }));
    }
    return entry;
  }

  *all(): Generator<PostingChange> {
    yield* this.strings.values();
    yield* this.numbers.values();
    yield* this.others.values();
  }
}

/**
 * Where a commit's statements go: run at once on the store's connection, or recorded in a plan for the
 * background writer, with what later transactions must see of it (`batch`) until it is on the disk.
 */
interface Writes {
  run(sql: string, params: readonly (SqlValue | TextSlice)[]): void;
  readonly batch: PendingBatch | null;
}

/** A value as this thread's connection binds it: a text slice as its bytes (stored with CAST(? AS TEXT)). */
function bound(param: SqlValue | TextSlice): SqlParam {
  return param instanceof TextSlice ? param.bytes() : param;
}

/**
 * A commit handed to the background writer and not yet confirmed: what later transactions read of it
 * instead of the file (its documents by id, its posting containers, its checkpoint) until it is written.
 */
class PendingBatch {
  /** Collection name → id → the document as this commit writes it (null: deleted). */
  readonly docs = new Map<string, Map<string, PendingDoc | null>>();
  /** Texts this commit made from changed documents, as bytes (sqlite-texts.ts). */
  readonly texts = new TextArena();
  /** Collection id → posting key (containerKey) → the container as this commit writes it (null: deleted). */
  readonly containers = new Map<number, Map<string, Buffer | null>>();
  readonly written: CollectionInfo[] = [];
  readonly inserted: [CollectionInfo, string[]][] = [];
  checkpoint: { readonly projection: string; readonly position: bigint } | null = null;
  /** Settles (never rejects) once the writer has answered and the store has taken the answer in. */
  done: Promise<void> = Promise.resolve();
  error: Error | null = null;
  /** Whether a caller was told of `error` (a transaction that depended on this commit, or a flush). */
  reported = false;
  /** Whether the transaction that made this commit was rejected (for a commit it depended on). */
  ownerTold = false;

  docsOf(name: string): Map<string, PendingDoc | null> {
    let docs = this.docs.get(name);
    if (!docs) this.docs.set(name, (docs = new Map<string, PendingDoc | null>()));
    return docs;
  }

  containersOf(collection: number): Map<string, Buffer | null> {
    let containers = this.containers.get(collection);
    if (!containers) this.containers.set(collection, (containers = new Map<string, Buffer | null>()));
    return containers;
  }
}

/** A posting container's key among a pending commit's containers. */
function containerKey(field: number, value: SqlValue, chunk: number): string {
  return `${field}\u0000${chunk}\u0000${postingMapKey(value)}`;
}

/** Writes one collection's changes of a commit: documents with their key columns, then postings grouped by chunk. */
class CollectionWriter {
  private readonly posted: readonly FieldInfo[];
  private readonly keyed: readonly FieldInfo[];
  /** Positions in `keyed` of the fields without postings (whose arrays markArrays notes from the key). */
  private readonly unposted: readonly number[];
  private readonly postings: FieldChanges[];
  /** The highest document number in use; a new document takes the next (assigned here, not by SQLite). */
  private lastDocno: number;
  /** Chunks above this one held no documents before the commit: their containers are new. */
  private readonly freshAbove: number;
  /** Ids of the documents this commit inserted. */
  readonly inserted: string[] = [];
  private readonly sql: { insert: string; update: string; remove: string; updateKeys: string | null };
  private readonly docs: Map<string, PendingDoc | null> | null;
  /** Where a commit on its way to the file keeps the texts it makes (null: one written at once). */
  private readonly texts: TextArena | null;

  constructor(
    private readonly store: EmbeddedReadStore,
    private readonly info: CollectionInfo,
    private readonly out: Writes,
  ) {
    this.posted = info.posted();
    this.keyed = info.keyed();
    this.unposted = this.keyed.flatMap((field, i) => (this.posted.includes(field) ? [] : [i]));
    this.postings = this.posted.map(() => new FieldChanges());
    this.lastDocno = store.lastDocno(info);
    this.freshAbove = this.lastDocno === 0 ? -1 : chunkOf(this.lastDocno);
    this.docs = out.batch?.docsOf(info.name) ?? null;
    this.texts = out.batch?.texts ?? null;
    const columns = this.keyed.map(column);
    const assign = columns.map((c) => `, ${c} = ?`).join('');
    this.sql = {
      insert: `INSERT INTO ${info.docs} (docno, id, doc${columns.map((c) => `, ${c}`).join('')}) VALUES (?, ?, CAST(? AS TEXT)${', ?'.repeat(columns.length)})`,
      update: `UPDATE ${info.docs} SET doc = CAST(? AS TEXT)${assign} WHERE docno = ?`,
      remove: `DELETE FROM ${info.docs} WHERE docno = ?`,
      updateKeys:
        columns.length === 0
          ? null
          : `UPDATE ${info.docs} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE docno = ?`,
    };
  }

  /** Notes a document's values (a value it holds twice is noted once: its document number is then last). */
  private note(field: number, values: readonly SqlValue[], docno: number, add: boolean): void {
    const changes = this.postings[field]!;
    for (const value of values) {
      const entry = changes.entry(value);
      const docnos = add ? entry.adds : entry.removes;
      if (docnos[docnos.length - 1] !== docno) docnos.push(docno);
    }
  }

  private markArrays(values: IndexValues): void {
    values.arrays.forEach((array, i) => {
      const field = this.posted[i]!;
      if (array && !field.multikey) this.store.markMultikey(this.info, field, this.out);
    });
    for (const i of this.unposted) {
      const field = this.keyed[i]!;
      if (!field.multikey && isArrayKey(values.keys[i]!)) this.store.markMultikey(this.info, field, this.out);
    }
  }

  /** Writes one document's new version (or its removal); `base` is the committed version. */
  write(id: string, staged: Staged, base: Base | null): void {
    if (staged.deleted) {
      if (!base) return;
      const old = storedValuesOf(this.info, parsedBase(base));
      this.out.run(this.sql.remove, [base.docno]);
      this.docs?.set(id, null);
      old.posted.forEach((values, i) => this.note(i, values, base.docno, false));
      return;
    }
    let text = staged.text;
    if (text === null) {
      const made = JSON.stringify(staged.doc);
      text = this.texts ? this.texts.put(made) : made;
    }
    const values =
      staged.values ??
      indexValuesOf(this.info, staged.doc ?? (JSON.parse(textOf(text)) as ReadModel)) ??
      storedValuesOf(this.info, JSON.parse(textOf(text)) as ReadModel);
    this.markArrays(values);
    if (!base) {
      const docno = ++this.lastDocno;
      this.out.run(this.sql.insert, [docno, id, text, ...values.keys]);
      this.docs?.set(id, { docno, text });
      values.posted.forEach((posted, i) => this.note(i, posted, docno, true));
      this.inserted.push(id);
      return;
    }
    if (textOf(text) === base.text) return;
    const old = storedValuesOf(this.info, parsedBase(base));
    this.out.run(this.sql.update, [text, ...values.keys, base.docno]);
    this.docs?.set(id, { docno: base.docno, text });
    values.posted.forEach((now, i) => {
      const then = old.posted[i]!;
      if (now.length === 1 && then.length === 1 && sameKey(now[0]!, then[0]!)) return;
      const nowKeys = new Set(now.map(postingMapKey));
      const thenKeys = new Set(then.map(postingMapKey));
      this.note(
        i,
        now.filter((value) => !thenKeys.has(postingMapKey(value))),
        base.docno,
        true,
      );
      this.note(
        i,
        then.filter((value) => !nowKeys.has(postingMapKey(value))),
        base.docno,
        false,
      );
    });
  }

  /** Indexes an existing document by a new index: its posting values of `field`, its key columns. */
  backfill(docno: number, doc: ReadModel, field: FieldInfo | null, keys: boolean): void {
    const values = storedValuesOf(this.info, doc);
    if (keys) this.markArrays({ ...values, arrays: [] });
    if (field) {
      const i = this.posted.indexOf(field);
      if (values.arrays[i] && !field.multikey) this.store.markMultikey(this.info, field, this.out);
      this.note(i, values.posted[i]!, docno, true);
    }
    if (keys && this.sql.updateKeys) this.out.run(this.sql.updateKeys, [...values.keys, docno]);
  }

  /** Writes every touched container: merged with the stored one, or new above the chunks in use. */
  finish(): void {
    const post = this.info.post;
    const select = this.store
      .prepare(`SELECT bits FROM ${post} WHERE field = ? AND value = ? AND chunk = ?`)
      .pluck();
    const upsert = `INSERT INTO ${post} (field, value, chunk, bits) VALUES (?, ?, ?, ?) ON CONFLICT (field, value, chunk) DO UPDATE SET bits = excluded.bits`;
    const insert = `INSERT INTO ${post} (field, value, chunk, bits) VALUES (?, ?, ?, ?)`;
    const remove = `DELETE FROM ${post} WHERE field = ? AND value = ? AND chunk = ?`;
    // While commits are on their way to the file, a container is read from the last one that wrote it.
    const pending = this.store.pendingContainers(this.info);
    const recorded = this.out.batch?.containersOf(this.info.id) ?? null;
    const existingOf = (field: number, value: SqlValue, chunk: number): Buffer | undefined => {
      if (pending) {
        const key = containerKey(field, value, chunk);
        for (const containers of pending) {
          const found = containers.get(key);
          if (found !== undefined) return found ?? undefined;
        }
      }
      return select.get(field, value, chunk) as Buffer | undefined;
    };
    const put = (sql: string, field: number, value: SqlValue, chunk: number, bits: Buffer | null): void => {
      this.out.run(sql, bits ? [field, value, chunk, bits] : [field, value, chunk]);
      recorded?.set(containerKey(field, value, chunk), bits);
    };
    this.postings.forEach((changes, i) => {
      const fieldId = this.posted[i]!.id;
      for (const { value, adds, removes } of changes.all()) {
        // The common case of a rebuild: only additions, ascending, all in one chunk.
        if (removes.length === 0 && adds.length > 0) {
          const chunk = chunkOf(adds[0]!);
          let simple = chunkOf(adds[adds.length - 1]!) === chunk;
          for (let k = 1; simple && k < adds.length; k++) simple = adds[k]! > adds[k - 1]!;
          if (simple) {
            if (chunk > this.freshAbove) put(insert, fieldId, value, chunk, newContainer(chunk, adds));
            else {
              const existing = existingOf(fieldId, value, chunk);
              put(upsert, fieldId, value, chunk, mergeContainer(chunk, existing, adds, removes));
            }
            continue;
          }
        }
        const chunks = new Map<number, { adds: number[]; removes: number[] }>();
        const group = (docno: number) => {
          const chunk = chunkOf(docno);
          let entry = chunks.get(chunk);
          if (!entry) chunks.set(chunk, (entry = { adds: [], removes: [] }));
          return entry;
        };
        for (const docno of removes) group(docno).removes.push(docno);
        for (const docno of adds) group(docno).adds.push(docno);
        for (const [chunk, change] of chunks) {
          if (chunk > this.freshAbove && change.removes.length === 0) {
            const bits = newContainer(chunk, change.adds);
            if (bits) put(insert, fieldId, value, chunk, bits);
            continue;
          }
          const existing = existingOf(fieldId, value, chunk);
          const merged = mergeContainer(chunk, existing, change.adds, change.removes);
          if (merged) put(upsert, fieldId, value, chunk, merged);
          else if (existing) put(remove, fieldId, value, chunk, null);
        }
      }
    });
    this.store.setLastDocno(this.info, this.lastDocno);
  }
}

function sameKey(a: SqlValue, b: SqlValue): boolean {
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  return a === b;
}

export interface EmbeddedReadStoreOptions {
  /**
   * A transaction changing at least this many documents is written by the background writer while the
   * caller goes on (BACKGROUND_WRITES_FROM); Infinity: every commit on the caller's thread.
   */
  readonly backgroundWritesFrom?: number;
}

/**
 * Documents a transaction must change to be written on the background writer's thread: a rebuild's batch
 * (thousands of documents) is, a live batch (a few) is not, since handing it over costs more than writing it.
 */
export const BACKGROUND_WRITES_FROM = 4096;

const CHECKPOINT_UPSERT = `INSERT INTO projection_checkpoints (projection, position) VALUES (?, ?)
         ON CONFLICT (projection) DO UPDATE SET position = excluded.position`;

/**
 * The embedded profile's ReadStore: MongoDB semantics over collections kept in the SQLite file that also
 * holds the events, read when a query needs them (embedded-catalog.ts for the tables, embedded-engine.ts
 * for the queries). A transaction keeps its changes in memory and commits them, with the checkpoint, in
 * one SQLite transaction. Another process writing the same file (a CLI rebuild) is noticed through
 * `PRAGMA data_version` and the collections' versions. The database connection belongs to the caller:
 * `close()` does not close it.
 *
 * A large transaction (a rebuild's batch) is written on a thread of its own (sqlite-writer.ts): its
 * promise resolves once the commit is planned and handed over, and the caller applies its next batch
 * while the last is written. Until the writer confirms it, the store answers reads by id from the
 * handed-over commit (documents, posting containers, checkpoint), and every other read waits for it. A
 * commit that fails rejects the transactions that read from it and the next `flush`.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly catalog: Catalog;
  private readonly infos = new Map<string, CollectionInfo | null>();
  private readonly caches = new EngineCaches();
  /** Collection id → a filter of its ids, built at its first write (embedded-id-filter.ts). */
  private readonly idFilters = new Map<number, IdFilter>();
  /** Collection id → lookups by id answered without a filter (it is built once they are many). */
  private readonly idLookups = new Map<number, number>();
  private readonly prepared = new Map<string, Statement>();
  private readonly checkpoints: {
    readonly get: Statement<[string], string>;
    readonly set: Statement<[string, string]>;
    readonly remove: Statement<[string]>;
  };
  private readonly dataVersionStatement: Statement<[], number>;
  private dataVersion: number;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Collection id → the highest document number in use (a commit assigns the next ones). */
  private readonly lastDocnos = new Map<number, number>();
  private readonly backgroundFrom: number;
  /** Made at the first commit it takes; null where there is none (a database in memory). */
  private writer: BackgroundWriter | null | undefined;
  /** Commits handed to the writer and not yet answered, oldest first. */
  private readonly inFlight: PendingBatch[] = [];
  /** A commit failed: what is kept in memory is forgotten once nothing is in flight any more. */
  private forgetWhenWritten = false;
  /** A background commit's failure that no transaction was rejected with yet (the next flush is). */
  private failedUnreported: Error | null = null;
  /**
   * Projection → the failure of a commit of its checkpoint that no transaction of it was rejected with. Its
   * next transaction is: it would otherwise read the checkpoint before the lost commit and go on after it.
   */
  private readonly failedCheckpoints = new Map<string, Error>();
  /** Set when close() begins: what commits after it does so on this thread, before the writer stops. */
  private closing = false;

  constructor(
    private readonly db: SqliteDatabase,
    options: EmbeddedReadStoreOptions = {},
  ) {
    this.backgroundFrom = options.backgroundWritesFrom ?? BACKGROUND_WRITES_FROM;
    this.catalog = new Catalog(db);
    this.checkpoints = {
      get: db
        .prepare<[string], string>('SELECT position FROM projection_checkpoints WHERE projection = ?')
        .pluck(),
      set: db.prepare(CHECKPOINT_UPSERT),
      remove: db.prepare('DELETE FROM projection_checkpoints WHERE projection = ?'),
    };
    this.dataVersionStatement = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.dataVersion = this.dataVersionStatement.get()!;
    this.moveLegacyReadModels();
  }

  /**
   * A data folder written before the read store moved to its own tables (2026-11-26) keeps its read models
   * in `read_models`, one JSON row per document, with their declared indexes in `read_model_indexes`. They
   * move here once, a collection per SQLite transaction (its rows leave the old table in the same one, so
   * a start stopped halfway goes on where it stopped); the projections' checkpoints stay as they are.
   */
  private moveLegacyReadModels(): void {
    const legacy = this.db
      .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'read_models'")
      .pluck()
      .get();
    if (!legacy) return;
    const collections = this.db
      .prepare<[], string>('SELECT DISTINCT collection FROM read_models')
      .pluck()
      .all();
    const hasIndexTable = this.db
      .prepare<[], string>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'read_model_indexes'",
      )
      .pluck()
      .get();
    for (const name of collections) {
      this.db
        .transaction(() => {
          const indexes = hasIndexTable
            ? this.db
                .prepare<[string], { keys: string; is_unique: number }>(
                  'SELECT keys, is_unique FROM read_model_indexes WHERE collection = ?',
                )
                .all(name)
            : [];
          for (const index of indexes)
            if (
              !this.infoOf(name)?.indexes.some(
                (known) => known.name === indexName(JSON.parse(index.keys) as Sort),
              )
            )
              this.addIndex(name, JSON.parse(index.keys) as Sort, index.is_unique === 1, false);
          let info = this.infoOf(name);
          if (!info) this.infos.set(name, (info = this.catalog.create(name)));
          const writer = new CollectionWriter(this, info, this.direct);
          const rows = this.db
            .prepare<[string], { id: string; doc: string }>(
              'SELECT id, doc FROM read_models WHERE collection = ? ORDER BY rowid',
            )
            .all(name);
          for (const row of rows)
            writer.write(row.id, { doc: null, text: row.doc, values: null, deleted: false }, null);
          writer.finish();
          info.version = this.catalog.bumpVersion(info);
          this.db.prepare('DELETE FROM read_models WHERE collection = ?').run(name);
        })
        .immediate();
    }
    this.db.exec(
      'DROP TABLE IF EXISTS read_models; DROP TABLE IF EXISTS read_model_indexes; DROP TABLE IF EXISTS read_model_versions;',
    );
  }

  /** A prepared statement, kept by its text. */
  prepare(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  /** The collection's catalogue entry (null when it has never been written or indexed). */
  infoOf(name: string): CollectionInfo | null {
    let info = this.infos.get(name);
    if (info === undefined) {
      info = this.catalog.load(name);
      this.infos.set(name, info);
    }
    return info;
  }

  disk(name: string): DiskCollection {
    return new DiskCollection(this, this.caches, this.infoOf(name));
  }

  /** Runs a read of committed documents in one read transaction (one snapshot of the file). */
  read<R>(name: string, work: (disk: DiskCollection) => R): R {
    this.assertOpen();
    this.syncWithOtherConnections();
    if (this.db.inTransaction) return work(this.disk(name));
    return this.db.transaction(() => work(this.disk(name)))();
  }

  /**
   * Runs `work` once every commit handed to the background writer so far is written (at once if none is).
   * Commits handed over after this call are not waited for: a read during a rebuild waits for one batch.
   */
  whenWritten<R>(work: () => R): Promise<R> {
    const newest = this.inFlight[this.inFlight.length - 1];
    if (!newest) return settle(work);
    return newest.done.then(work);
  }

  /** Resolves once every commit handed to the background writer so far has been answered. */
  async written(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight[this.inFlight.length - 1]!.done;
  }

  get writing(): boolean {
    return this.inFlight.length > 0;
  }

  /** The document as a commit on its way to the file writes it (null: deleted); undefined: none does. */
  pendingBase(name: string, id: string): Base | null | undefined {
    for (let i = this.inFlight.length - 1; i >= 0; i--) {
      const found = this.inFlight[i]!.docs.get(name)?.get(id);
      if (found !== undefined) return found && { docno: found.docno, text: textOf(found.text) };
    }
    return undefined;
  }

  /** The posting containers of the collection written by commits on their way to the file, newest first. */
  pendingContainers(info: CollectionInfo): Map<string, Buffer | null>[] | null {
    let found: Map<string, Buffer | null>[] | null = null;
    for (let i = this.inFlight.length - 1; i >= 0; i--) {
      const containers = this.inFlight[i]!.containers.get(info.id);
      if (containers) (found ??= []).push(containers);
    }
    return found;
  }

  /** The highest document number the collection uses, counting the commits on their way to the file. */
  lastDocno(info: CollectionInfo): number {
    let last = this.lastDocnos.get(info.id);
    if (last === undefined) {
      last = (this.prepare(`SELECT max(docno) FROM ${info.docs}`).pluck().get() as number | null) ?? 0;
      this.lastDocnos.set(info.id, last);
    }
    return last;
  }

  setLastDocno(info: CollectionInfo, last: number): void {
    this.lastDocnos.set(info.id, last);
  }

  /** Whether the collection may hold a document with this id (false: certainly not, no need to look). */
  mightHold(info: CollectionInfo, id: string): boolean {
    let filter = this.idFilters.get(info.id);
    if (!filter) {
      // The filter costs a read of every id: worth it for a rebuild's many new documents, not for the few
      // of a live batch (one at a start would read 100,000 ids for a handful of events).
      const asked = (this.idLookups.get(info.id) ?? 0) + 1;
      this.idLookups.set(info.id, asked);
      if (asked <= ID_FILTER_AFTER_LOOKUPS) return true;
    }
    if (!filter) {
      // Read once: from then on every commit adds its new ids, and the filter grows with them.
      const ids = this.prepare(`SELECT id FROM ${info.docs}`).pluck();
      const size = this.prepare(`SELECT count(*) FROM ${info.docs}`).pluck().get() as number;
      filter = new IdFilter(Math.max(size * 2, 4096));
      for (const stored of ids.iterate()) filter.add(stored as string);
      // Those of commits on their way to the file, which the file may not hold yet.
      for (const batch of this.inFlight)
        for (const [written, inserted] of batch.inserted)
          if (written.id === info.id) for (const id of inserted) filter.add(id);
      this.idFilters.set(info.id, filter);
    }
    return filter.mightHave(id);
  }

  /** Statements of a commit on this thread, run at once. */
  readonly direct: Writes = {
    run: (sql, params) => this.prepare(sql).run(...params.map(bound)),
    batch: null,
  };

  /** Forgets what is kept in memory for a collection (after another connection changed it, or a failure). */
  private forget(info: CollectionInfo): void {
    this.caches.dropCollection(info.id);
    this.idFilters.delete(info.id);
    this.lastDocnos.delete(info.id);
  }

  /** Forgets everything kept in memory of every collection (after a commit failed in the background). */
  private forgetAll(): void {
    this.infos.clear();
    this.caches.clear();
    this.idFilters.clear();
    this.lastDocnos.clear();
    this.forgetWhenWritten = false;
  }

  markMultikey(info: CollectionInfo, field: FieldInfo, out?: Writes): void {
    if (!out?.batch) return this.catalog.setMultikey(info, field);
    field.multikey = true;
    out.run(CATALOG_WRITES.setMultikey, [info.id, field.id]);
  }

  collection<T extends ReadModel = ReadModel>(name: string): ReadCollection<T> {
    return new EmbeddedReadCollection<T>(this, name);
  }

  transaction(projection: string, work: (tx: ProjectionTransaction) => Promise<void>): Promise<void> {
    return this.enqueue(async () => {
      this.assertOpen();
      // After a failure, what is still in flight may be doomed with it: start from the file instead.
      if (this.forgetWhenWritten) await this.written();
      this.throwLostCommit(projection);
      // The commits still on their way to the file: the work may read what they write, so it stands only
      // if they are written.
      const readFrom = [...this.inFlight];
      this.syncWithOtherConnections();
      const tx = new EmbeddedTransaction(this);
      try {
        await work(tx);
      } finally {
        tx.finish();
      }
      this.assertNoneFailed(readFrom, projection);
      let own: PendingBatch | null = null;
      if (this.inBackground(tx)) own = this.commitInBackground(projection, tx);
      else {
        await this.written();
        this.assertNoneFailed(readFrom, projection);
        this.syncWithOtherConnections();
        // Read models are derived from the log: committed without an fsync of their own (sqlite-database.ts).
        commitDerived(this.db, () => this.commit(projection, tx));
      }
      for (const batch of readFrom) await batch.done;
      // Rejected for a commit it read: that is what its caller hears, of its own commit too.
      if (own && readFrom.some((batch) => batch.error)) {
        this.reported(own);
        own.ownerTold = true;
      }
      this.assertNoneFailed(readFrom, projection);
    });
  }

  /**
   * Resolves once every transaction resolved so far is in the file. Rejects with a lost commit of one of
   * `projections` (which their next transaction then need not hear of), or with a failure nobody was told of.
   */
  async flush(projections: readonly string[] = []): Promise<void> {
    await this.written();
    for (const projection of projections) this.throwLostCommit(projection);
    const unreported = this.failedUnreported;
    this.failedUnreported = null;
    if (unreported) throw unreported;
  }

  /**
   * The projection's checkpoint as the transactions resolved so far left it: a commit on its way to the
   * file counts (a failure of it rejects every transaction that read it, and the next flush).
   */
  getCheckpoint(projection: string): Promise<bigint | null> {
    for (let i = this.inFlight.length - 1; i >= 0; i--) {
      const checkpoint = this.inFlight[i]!.checkpoint;
      if (checkpoint?.projection === projection) return Promise.resolve(checkpoint.position);
    }
    return settle(() => {
      this.assertOpen();
      const position = this.checkpoints.get.get(projection);
      return position === undefined ? null : BigInt(position);
    });
  }

  /**
   * Throws the error of the first of these commits that failed, to a transaction of `projection` that read
   * them: it is told, and if the commit was its projection's, that projection's next transaction need not be.
   */
  private assertNoneFailed(batches: readonly PendingBatch[], projection: string): void {
    const failed = batches.find((batch) => batch.error);
    if (!failed?.error) return;
    this.reported(failed);
    if (this.failedCheckpoints.get(projection) === failed.error) this.failedCheckpoints.delete(projection);
    throw failed.error;
  }

  /** Throws, once, the failure of a commit of the projection that none of its transactions was told of. */
  private throwLostCommit(projection: string): void {
    const lost = this.failedCheckpoints.get(projection);
    if (!lost) return;
    this.failedCheckpoints.delete(projection);
    if (this.failedUnreported === lost) this.failedUnreported = null;
    throw lost;
  }

  /** A caller is told of this commit's outcome: a failure of it is not the next flush's to report. */
  private reported(batch: PendingBatch): void {
    batch.reported = true;
    if (batch.error && this.failedUnreported === batch.error) this.failedUnreported = null;
  }

  /**
   * Whether the transaction's commit goes to the background writer: a large one (or any while others are
   * on their way, so they stay in order), into collections that exist, with no unique index to check
   * against the file, and not after a failure whose consequences are still being written.
   */
  private inBackground(tx: EmbeddedTransaction): boolean {
    let size = 0;
    for (const overlay of tx.overlays.values()) {
      if (overlay.changes.size === 0) continue;
      const info = this.infoOf(overlay.name);
      if (!info || info.version !== overlay.versionSeen || info.indexes.some((index) => index.unique))
        return false;
      size += overlay.changes.size;
    }
    if (this.closing || this.forgetWhenWritten) return false;
    if (size < this.backgroundFrom && this.inFlight.length === 0) return false;
    if (size === 0 && tx.checkpoint === null) return false;
    if (this.writer === undefined) this.writer = BackgroundWriter.of(this.db);
    return this.writer !== null;
  }

  /**
   * Plans the commit (document numbers, texts, postings, the collections' new versions, the checkpoint)
   * and hands it to the background writer. Each collection's version is checked there first, so a commit
   * whose base another connection changed writes nothing; and one planned on top of commits still in
   * flight is written only if they were (a version alone cannot tell: another connection's change and a
   * refused commit of ours may have left the number this one expects).
   */
  private commitInBackground(projection: string, tx: EmbeddedTransaction): PendingBatch {
    const batch = new PendingBatch();
    const plan = new WritePlan();
    const out: Writes = { run: (sql, params) => plan.run(sql, params), batch };
    const checked: string[] = [];
    try {
      for (const overlay of tx.overlays.values()) {
        if (overlay.changes.size === 0) continue;
        const info = this.infoOf(overlay.name)!;
        plan.check(CATALOG_WRITES.version, [info.id], overlay.versionSeen);
        checked.push(info.name);
        const writer = new CollectionWriter(this, info, out);
        for (const [id, staged] of overlay.changes) writer.write(id, staged, overlay.base(id));
        writer.finish();
        plan.run(CATALOG_WRITES.bumpVersion, [info.id]);
        info.version += 1;
        batch.written.push(info);
        batch.inserted.push([info, writer.inserted]);
        this.caches.dropCollection(info.id);
        const filter = this.idFilters.get(info.id);
        if (filter) for (const id of writer.inserted) filter.add(id);
      }
    } catch (error) {
      // Document numbers and versions may be half taken: what is kept in memory is read again.
      if (this.inFlight.length === 0) this.forgetAll();
      else this.forgetWhenWritten = true;
      throw error;
    }
    if (tx.checkpoint !== null) {
      plan.run(CHECKPOINT_UPSERT, [projection, tx.checkpoint.toString()]);
      batch.checkpoint = { projection, position: tx.checkpoint };
    }
    // Planned on top of the commits in flight (their documents, numbers and versions): written only if they are.
    const dependent = this.inFlight.length > 0;
    this.inFlight.push(batch);
    batch.done = this.writer!.write(plan, dependent).then(
      () => this.writtenInBackground(batch),
      (error: unknown) =>
        this.failedInBackground(
          batch,
          error instanceof PlanCheckFailedError
            ? new ConcurrentReadModelChangeError(checked[error.check]!)
            : toError(error),
        ),
    );
    return batch;
  }

  private writtenInBackground(batch: PendingBatch): void {
    for (const info of batch.written) this.caches.dropCollection(info.id);
    this.settledInBackground(batch);
  }

  private failedInBackground(batch: PendingBatch, error: Error): void {
    batch.error = error;
    if (!batch.reported) this.failedUnreported ??= error;
    // Until a transaction of its projection hears of it (another projection's may have, which tells it nothing).
    if (batch.checkpoint && !batch.ownerTold && !this.failedCheckpoints.has(batch.checkpoint.projection))
      this.failedCheckpoints.set(batch.checkpoint.projection, error);
    this.forgetWhenWritten = true;
    // A writer whose thread stopped takes nothing more: the next large commit starts a new one.
    if (this.writer?.stopped) this.writer = undefined;
    this.settledInBackground(batch);
  }

  private settledInBackground(batch: PendingBatch): void {
    this.inFlight.splice(this.inFlight.indexOf(batch), 1);
    if (this.inFlight.length === 0 && this.forgetWhenWritten) this.forgetAll();
  }

  /** Empties the collections (their indexes stay) and deletes the checkpoint, in one SQLite transaction. */
  reset(projection: string, collections: readonly string[]): Promise<void> {
    return this.enqueue(async () => {
      this.assertOpen();
      await this.written();
      // Its read models start again from the log: a commit of them that was lost no longer matters.
      this.failedCheckpoints.delete(projection);
      this.syncWithOtherConnections();
      const emptied: CollectionInfo[] = [];
      try {
        this.db
          .transaction(() => {
            for (const name of collections) {
              const info = this.infoOf(name);
              if (!info) continue;
              this.db.exec(`DELETE FROM ${info.docs}; DELETE FROM ${info.post};`);
              this.catalog.clearMultikey(info);
              info.version = this.catalog.bumpVersion(info);
              emptied.push(info);
            }
            this.checkpoints.remove.run(projection);
          })
          .immediate();
      } finally {
        for (const info of emptied) this.forget(info);
      }
    });
  }

  /**
   * Records an index and indexes the collection's documents by it; a unique one must hold for them all.
   * An index recorded before with another `highCardinality` (a data folder of an earlier version) is
   * declared again the new way: its postings give way to a key column and SQLite index, or back.
   */
  ensureIndex(
    collection: string,
    keys: Sort,
    options?: { unique?: boolean; highCardinality?: boolean },
  ): Promise<void> {
    return this.enqueue(async () => {
      this.assertOpen();
      await this.written();
      this.syncWithOtherConnections();
      const unique = options?.unique ?? false;
      const highCardinality = options?.highCardinality ?? false;
      const name = indexName(keys);
      const existing = this.infoOf(collection)?.indexes.find((index) => index.name === name);
      if (existing) {
        if (existing.unique !== unique)
          throw new Error(`Index '${name}' on '${collection}' exists with other options`);
        if (existing.highCardinality === highCardinality) return;
      }
      try {
        this.db
          .transaction(() => {
            if (existing) this.removeIndex(collection, existing);
            this.addIndex(collection, keys, unique, highCardinality);
          })
          .immediate();
      } catch (error) {
        this.infos.delete(collection);
        throw error;
      } finally {
        const info = this.infos.get(collection);
        if (info) this.forget(info);
      }
    });
  }

  /** Forgets an index (to declare it again with other options), and the postings no other index needs. */
  private removeIndex(collection: string, index: IndexInfo): void {
    const info = this.infoOf(collection)!;
    this.assertVersion(info, info.version);
    const postedBefore = info.posted();
    this.catalog.removeIndex(info, index);
    const postedNow = new Set(info.posted());
    const remove = this.db.prepare(`DELETE FROM ${info.post} WHERE field = ?`);
    for (const field of postedBefore) if (!postedNow.has(field)) remove.run(field.id);
  }

  private addIndex(collection: string, keys: Sort, unique: boolean, highCardinality: boolean): void {
    let info = this.infoOf(collection);
    if (!info) this.infos.set(collection, (info = this.catalog.create(collection)));
    else this.assertVersion(info, info.version);
    const postedBefore = new Set(info.posted().map((field) => field.path));
    const { index, newColumns } = this.catalog.addIndex(info, keys, unique, highCardinality);
    const lead = Object.keys(keys)[0]!;
    const newlyPosted = lead !== '_id' && !postedBefore.has(lead) ? info.isPosted(lead)! : null;
    if (newlyPosted || newColumns.length > 0 || unique) {
      const writer = new IndexBackfill(this, info, newlyPosted, newColumns.length > 0, unique ? index : null);
      for (const { docno, doc } of this.disk(collection).scan()) writer.add(docno, doc);
      writer.finish();
    }
    info.version = this.catalog.bumpVersion(info);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.queue;
    await this.written();
    await this.writer?.close();
    this.closed = true;
    this.infos.clear();
    this.caches.clear();
    this.idFilters.clear();
    this.idLookups.clear();
    this.prepared.clear();
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
    this.syncWithOtherConnections();
    const written: CollectionInfo[] = [];
    const inserted: [CollectionInfo, string[]][] = [];
    try {
      this.db
        .transaction(() => {
          for (const overlay of changed) {
            let info = this.infoOf(overlay.name);
            if (!info) {
              if (overlay.versionSeen !== -1) throw new ConcurrentReadModelChangeError(overlay.name);
              this.infos.set(overlay.name, (info = this.catalog.create(overlay.name)));
            } else this.assertVersion(info, overlay.versionSeen);
            const writer = new CollectionWriter(this, info, this.direct);
            for (const [id, staged] of overlay.changes) writer.write(id, staged, overlay.base(id));
            writer.finish();
            written.push(info);
            inserted.push([info, writer.inserted]);
            info.version = this.catalog.bumpVersion(info);
          }
          if (tx.checkpoint !== null) this.checkpoints.set.run(projection, tx.checkpoint.toString());
        })
        .immediate();
    } catch (error) {
      for (const info of written) {
        this.infos.delete(info.name);
        this.forget(info);
      }
      // Document numbers the commit took are given back.
      this.lastDocnos.clear();
      throw error;
    }
    for (const info of written) this.caches.dropCollection(info.id);
    for (const [info, ids] of inserted) {
      const filter = this.idFilters.get(info.id);
      if (filter) for (const id of ids) filter.add(id);
    }
  }

  private assertVersion(info: CollectionInfo, seen: number): void {
    const onDisk = this.catalog.currentVersion(info);
    if (onDisk !== seen || onDisk !== info.version) {
      this.infos.delete(info.name);
      this.forget(info);
      throw new ConcurrentReadModelChangeError(info.name);
    }
  }

  /**
   * Forgets what it knew of collections another connection has committed to since we last looked. Not while
   * the background writer has commits in flight: the versions kept here already count them.
   */
  private syncWithOtherConnections(): void {
    if (this.inFlight.length > 0) return;
    const dataVersion = this.dataVersionStatement.get()!;
    if (dataVersion === this.dataVersion) return;
    this.dataVersion = dataVersion;
    const onDisk = new Map(this.catalog.versions().map((row) => [row.name, row.version]));
    for (const [name, info] of this.infos) {
      const version = onDisk.get(name);
      if (info === null ? version !== undefined : version !== info.version) {
        this.infos.delete(name);
        if (info) this.forget(info);
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}

/** Indexes a collection's existing documents by a newly declared index (and checks a unique one holds). */
class IndexBackfill {
  private readonly writer: CollectionWriter;
  private readonly seen = new Set<string>();

  constructor(
    store: EmbeddedReadStore,
    private readonly info: CollectionInfo,
    private readonly posted: FieldInfo | null,
    private readonly keys: boolean,
    private readonly unique: IndexInfo | null,
  ) {
    this.writer = new CollectionWriter(store, info, store.direct);
  }

  add(docno: number, doc: ReadModel): void {
    this.writer.backfill(docno, doc, this.posted, this.keys);
    if (!this.unique) return;
    for (const key of uniqueKeys(this.info, this.unique, storedValuesOf(this.info, doc))) {
      if (this.seen.has(key)) throw new DuplicateKeyError(this.info.name, this.unique.name, key);
      this.seen.add(key);
    }
  }

  finish(): void {
    this.writer.finish();
  }
}
