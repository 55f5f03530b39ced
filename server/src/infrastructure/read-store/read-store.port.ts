/**
 * The ReadStore port: document collections with MongoDB filter/update semantics, plus per-projection
 * checkpoints stored atomically with the changes they cover.
 * Adapters: embedded (SQLite file, MongoDB semantics) and MongoDB (driver).
 * Every adapter passes the same contract suite (read-store.contract.ts).
 */

/** Every read-model document has a string `_id`. */
export interface ReadModel {
  _id: string;
  [key: string]: unknown;
}

/** MongoDB query filter (subset used: equality, $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $and $or $not, dotted paths). */
export type Filter = Record<string, unknown>;
/** MongoDB update document (subset used: $set $unset $inc $push $pull $setOnInsert). */
export type Update = Record<string, unknown>;
/** 1 ascending, -1 descending; keys applied in insertion order. */
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  readonly sort?: Sort;
  readonly skip?: number;
  readonly limit?: number;
  /**
   * Keyset paging: only documents that come strictly after these values in `sort` order. Holds one value
   * per key of `sort` (the last document of the previous page), so pages neither repeat nor skip
   * documents when others are added in between. Sort keys must be scalars.
   */
  readonly after?: Readonly<Record<string, unknown>>;
  /** Relevance: every found document gets `score.as` = the sum of the weights of the clauses it matches. */
  readonly score?: Score;
  /** Returns only these top-level fields (and `_id`). */
  readonly fields?: readonly string[];
}

/**
 * A relevance score: clauses are filters of the simple forms (equality or array membership, `$in`,
 * a `$regex` anchored with `^`, and `$and`/`$or` of those); `sort` and `after` may use `as`.
 */
export interface Score {
  readonly as: string;
  readonly clauses: readonly { readonly filter: Filter; readonly weight: number }[];
}

/** Document counts per value of each field; an array field counts each of its distinct values once per document. */
export type FieldCounts = Record<string, Record<string, number>>;

export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedId: string | null;
}

/** Read operations; available everywhere. Results are plain copies: mutating them changes nothing stored. */
export interface ReadCollection<T extends ReadModel = ReadModel> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** How many matching documents have each value of each field (facet counts); values as strings. */
  countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts>;
  aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]>;
}

/** Write operations; only inside a projection transaction, so every change is covered by a checkpoint. */
export interface WriteCollection<T extends ReadModel = ReadModel> extends ReadCollection<T> {
  insertOne(doc: T): Promise<void>;
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

/** A unit of work for one projection: reads see the unit's own writes; all commit together with the checkpoint. */
export interface ProjectionTransaction {
  collection<T extends ReadModel = ReadModel>(name: string): WriteCollection<T>;
  /** Sets the projection's checkpoint; committed atomically with the writes above. */
  setCheckpoint(position: bigint): void;
}

export interface ReadStore {
  collection<T extends ReadModel = ReadModel>(name: string): ReadCollection<T>;
  /**
   * Runs `work` and commits its writes and checkpoint atomically. If `work` throws, nothing is
   * committed and the error is rethrown. Transactions of one projection never run concurrently
   * (the runner guarantees it); adapters may serialize all transactions.
   */
  transaction(projection: string, work: (tx: ProjectionTransaction) => Promise<void>): Promise<void>;
  /**
   * Resolves once every transaction resolved so far is stored. An adapter may finish writing a large
   * transaction after resolving it (the embedded store writes a rebuild's batch on another thread while
   * the next is applied): every later operation sees its changes, and if it fails after all, the
   * transactions that read them reject, so does the next transaction of its projection, and so does the
   * next `flush` naming that projection (or any, if no transaction was told).
   */
  flush(projections?: readonly string[]): Promise<void>;
  /** The projection's checkpoint, or null when it has none (never run, or just reset). */
  getCheckpoint(projection: string): Promise<bigint | null>;
  /** Drops the given collections and the projection's checkpoint, atomically (used by rebuild). */
  reset(projection: string, collections: readonly string[]): Promise<void>;
  /**
   * Makes sure an index exists. Queries whose filter names an indexed field (the first key of an index)
   * by equality, array membership, `$in` or an anchored `$regex` use it instead of reading the collection.
   * `highCardinality`: nearly every document holds a value of its own in the first key (a position, a
   * number, a time) and it holds no arrays; a hint on how to keep the index, the answers are the same.
   */
  ensureIndex(
    collection: string,
    keys: Sort,
    options?: { unique?: boolean; highCardinality?: boolean },
  ): Promise<void>;
  close(): Promise<void>;
}

export const READ_STORE = Symbol('ReadStore');
