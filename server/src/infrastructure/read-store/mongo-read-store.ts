import { randomUUID } from 'node:crypto';
import {
  type ClientSession,
  type Collection,
  type Db,
  type IndexDescriptionInfo,
  MongoClient,
  MongoServerError,
} from 'mongodb';
import type {
  FieldCounts,
  Filter,
  FindOptions,
  Score,
  ProjectionTransaction,
  ReadCollection,
  ReadModel,
  ReadStore,
  Sort,
  Update,
  UpdateResult,
  WriteCollection,
} from './read-store.port';

const CHECKPOINTS = 'projection_checkpoints';
/** Server error code for "namespace not found", returned when dropping or listing a missing collection. */
const NAMESPACE_NOT_FOUND = 26;

interface CheckpointDocument {
  _id: string;
  /** Decimal string: a bigint position does not fit a BSON double, and Int64 would cap it. */
  position: string;
}

type Document = ReadModel;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

/**
 * MongoDB would give an upserted document an ObjectId; read models use string ids, so when neither the
 * filter nor the update names an _id, the upsert inserts a random UUID instead.
 */
function withStringIdOnInsert(filter: Filter, update: Update): Update {
  const names = (operator: string) => {
    const fields = update[operator];
    return isPlainObject(fields) && '_id' in fields;
  };
  if ('_id' in filter || names('$set') || names('$setOnInsert')) return update;
  const onInsert = isPlainObject(update['$setOnInsert']) ? update['$setOnInsert'] : {};
  return { ...update, $setOnInsert: { ...onInsert, _id: randomUUID() } };
}

function result(raw: {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}): UpdateResult {
  return {
    matchedCount: raw.matchedCount,
    modifiedCount: raw.modifiedCount,
    upsertedId: raw.upsertedId ?? null,
  };
}

/**
 * Keyset paging as a filter: documents after `after` in `sort` order, i.e. for some key i the keys before
 * it are equal and key i is beyond (the classic expansion, which MongoDB serves from a matching index).
 */
export function afterFilter(sort: Sort, after: Readonly<Record<string, unknown>>): Filter {
  const keys = Object.entries(sort);
  return {
    $or: keys.map(([field, direction], i) => ({
      ...Object.fromEntries(keys.slice(0, i).map(([earlier]) => [earlier, after[earlier]])),
      [field]: { [direction === 1 ? '$gt' : '$lt']: after[field] },
    })),
  };
}

/** `$$this` or a field as an array, so array and scalar fields match alike in an expression. */
function asArray(field: string): unknown {
  return { $cond: [{ $isArray: `$${field}` }, `$${field}`, [`$${field}`]] };
}

/**
 * A score clause (the simple filter forms of Score) as an aggregation expression: true when the
 * document matches it.
 */
export function clauseExpression(filter: Filter): unknown {
  const parts = Object.entries(filter).map(([key, value]): unknown => {
    if ((key === '$and' || key === '$or') && Array.isArray(value))
      return { [key]: value.map((part) => clauseExpression(part as Filter)) };
    if (isPlainObject(value) && typeof value['$regex'] === 'string') {
      return {
        $anyElementTrue: [
          {
            $map: {
              input: asArray(key),
              as: 'v',
              in: {
                $cond: [
                  { $eq: [{ $type: '$$v' }, 'string'] },
                  { $regexMatch: { input: '$$v', regex: value['$regex'] } },
                  false,
                ],
              },
            },
          },
        ],
      };
    }
    const values =
      isPlainObject(value) && Array.isArray(value['$in'])
        ? value['$in']
        : [isPlainObject(value) && '$eq' in value ? value['$eq'] : value];
    return { $gt: [{ $size: { $setIntersection: [asArray(key), values] } }, 0] };
  });
  return parts.length === 1 ? parts[0] : { $and: parts };
}

function scorePipeline(filter: Filter, score: Score, options: FindOptions): Record<string, unknown>[] {
  const pipeline: Record<string, unknown>[] = [
    { $match: filter },
    {
      $addFields: {
        [score.as]: {
          $add: [0, ...score.clauses.map((c) => ({ $cond: [clauseExpression(c.filter), c.weight, 0] }))],
        },
      },
    },
  ];
  if (options.after && options.sort) pipeline.push({ $match: afterFilter(options.sort, options.after) });
  if (options.sort) pipeline.push({ $sort: options.sort });
  if (options.skip) pipeline.push({ $skip: options.skip });
  if (options.limit) pipeline.push({ $limit: options.limit });
  if (options.fields) {
    pipeline.push({ $project: Object.fromEntries([...options.fields, score.as].map((f) => [f, 1])) });
  }
  return pipeline;
}

/** Reads one collection, inside a transaction's session when one is given. */
class MongoReadCollection<T extends ReadModel> implements ReadCollection<T> {
  constructor(
    protected readonly collection: Collection<Document>,
    protected readonly session: () => ClientSession | undefined,
  ) {}

  /** The first matching document. */
  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter, { session: this.session() })) as T | null;
  }

  /** Matching documents after sort, keyset (after), skip and limit; scored ones through an aggregation. */
  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    if (options.score) {
      const scored = await this.collection
        .aggregate(scorePipeline(filter, options.score, options), { session: this.session() })
        .toArray();
      return scored as T[];
    }
    const effective =
      options.after && options.sort ? { $and: [filter, afterFilter(options.sort, options.after)] } : filter;
    const found = await this.collection
      .find(effective, {
        session: this.session(),
        ...(options.sort ? { sort: options.sort } : {}),
        ...(options.skip ? { skip: options.skip } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
        ...(options.fields ? { projection: Object.fromEntries(options.fields.map((f) => [f, 1])) } : {}),
      })
      .toArray();
    return found as T[];
  }

  /** Facet counts in one aggregation: $match, then per field $unwind and $group. */
  async countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts> {
    if (fields.length === 0) return {};
    const facets = Object.fromEntries(
      fields.map((field, i) => [
        `f${i}`,
        [
          { $project: { v: asArray(field) } },
          { $unwind: '$v' },
          { $match: { v: { $ne: null } } },
          { $group: { _id: { d: '$_id', v: '$v' } } },
          { $group: { _id: '$_id.v', n: { $sum: 1 } } },
        ],
      ]),
    );
    const [result] = await this.collection
      .aggregate<Record<string, { _id: unknown; n: number }[]>>([{ $match: filter }, { $facet: facets }], {
        session: this.session(),
      })
      .toArray();
    const counts: FieldCounts = {};
    fields.forEach((field, i) => {
      counts[field] = Object.fromEntries((result?.[`f${i}`] ?? []).map((row) => [String(row._id), row.n]));
    });
    return counts;
  }

  /** Number of matching documents. */
  count(filter: Filter): Promise<number> {
    return this.collection.countDocuments(filter, { session: this.session() });
  }

  /** Runs an aggregation pipeline on the server. */
  async aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    const results = await this.collection.aggregate([...pipeline], { session: this.session() }).toArray();
    return results as R[];
  }
}

/** Writes through the transaction's session; refuses to run once the transaction has finished. */
class MongoWriteCollection<T extends ReadModel> extends MongoReadCollection<T> implements WriteCollection<T> {
  /** Inserts a new document; a duplicate `_id` rejects with E11000. */
  async insertOne(doc: T): Promise<void> {
    // The driver would add fields to the caller's object; it gets a copy.
    await this.collection.insertOne(structuredClone(doc), { session: this.session() });
  }

  /** Replaces the first matching document, or inserts `doc` when upserting. */
  async replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return result(
      await this.collection.replaceOne(filter, structuredClone(doc), {
        session: this.session(),
        upsert: options?.upsert ?? false,
      }),
    );
  }

  /** Updates the first matching document; an upsert inserts the filter's equality fields plus the update. */
  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    const upsert = options?.upsert ?? false;
    const effective = upsert ? withStringIdOnInsert(filter, update) : update;
    return result(
      await this.collection.updateOne(filter, effective, {
        session: this.session(),
        upsert,
      }),
    );
  }

  /** Updates every matching document. */
  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return result(
      await this.collection.updateMany(filter, update, {
        session: this.session(),
      }),
    );
  }

  /** Deletes the first matching document; returns 0 or 1. */
  async deleteOne(filter: Filter): Promise<number> {
    return (await this.collection.deleteOne(filter, { session: this.session() })).deletedCount;
  }

  /** Deletes every matching document; returns how many. */
  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter, { session: this.session() })).deletedCount;
  }
}

/** One attempt of a projection transaction on a client session (withTransaction may retry it). */
class MongoTransaction implements ProjectionTransaction {
  checkpoint: bigint | null = null;
  private finished = false;

  constructor(
    private readonly db: Db,
    private readonly clientSession: ClientSession,
  ) {}

  /** The collection bound to this transaction's session. */
  collection<T extends ReadModel = ReadModel>(name: string): WriteCollection<T> {
    return new MongoWriteCollection<T>(this.db.collection<Document>(name), () => this.session());
  }

  /** Records the checkpoint, written in the same transaction as the changes. */
  setCheckpoint(position: bigint): void {
    this.session();
    if (position < 0n) throw new Error('A checkpoint cannot be negative');
    this.checkpoint = position;
  }

  finish(): void {
    this.finished = true;
  }

  private session(): ClientSession {
    if (this.finished) throw new Error('The read-store transaction has already finished');
    return this.clientSession;
  }
}

/**
 * The production ReadStore on MongoDB. Writes and the checkpoint commit in one multi-document
 * transaction, so the server must be a replica set (docker-compose.yml starts a single-node one).
 * Checkpoints live in `projection_checkpoints` as decimal strings.
 */
export class MongoReadStore implements ReadStore {
  private readonly client: MongoClient;
  private readonly db: Db;

  constructor(url: string, databaseName: string) {
    this.client = new MongoClient(url);
    this.db = this.client.db(databaseName);
  }

  /** Read access outside any transaction. */
  collection<T extends ReadModel = ReadModel>(name: string): ReadCollection<T> {
    return new MongoReadCollection<T>(this.db.collection<Document>(name), () => undefined);
  }

  /** Runs `work` in a MongoDB transaction together with the checkpoint; aborts and rethrows on error. */
  async transaction(projection: string, work: (tx: ProjectionTransaction) => Promise<void>): Promise<void> {
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        const tx = new MongoTransaction(this.db, session);
        try {
          await work(tx);
        } finally {
          tx.finish();
        }
        if (tx.checkpoint !== null) {
          await this.checkpoints().updateOne(
            { _id: projection },
            { $set: { position: tx.checkpoint.toString() } },
            { upsert: true, session },
          );
        }
      });
    } finally {
      await session.endSession();
    }
  }

  /** Every transaction is committed before it resolves: nothing is left to wait for. */
  flush(_projections?: readonly string[]): Promise<void> {
    return Promise.resolve();
  }

  /** The stored checkpoint, or null. */
  async getCheckpoint(projection: string): Promise<bigint | null> {
    const stored = await this.checkpoints().findOne({ _id: projection });
    return stored ? BigInt(stored.position) : null;
  }

  /**
   * Deletes the checkpoint first, then drops the collections and recreates their indexes. Dropping is
   * not allowed inside a transaction; in this order a crash midway leaves a projection without a
   * checkpoint, which the next start rebuilds, never a checkpoint over missing documents.
   */
  async reset(projection: string, collections: readonly string[]): Promise<void> {
    await this.checkpoints().deleteOne({ _id: projection });
    for (const name of collections) {
      const collection = this.db.collection<Document>(name);
      const indexes = await this.indexesOf(collection);
      try {
        await collection.drop();
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
      for (const index of indexes) {
        if (index.name === '_id_') continue;
        await collection.createIndex(index.key, { name: index.name, unique: index.unique === true });
      }
    }
  }

  /**
   * Creates the index if it does not exist; a unique one over duplicates rejects with E11000. MongoDB's
   * indexes are B-trees whatever the values: `highCardinality` changes nothing here.
   */
  async ensureIndex(
    collection: string,
    keys: Sort,
    options?: { unique?: boolean; highCardinality?: boolean },
  ): Promise<void> {
    await this.db.collection<Document>(collection).createIndex(keys, { unique: options?.unique ?? false });
  }

  /** Closes the client and its connection pool. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private checkpoints(): Collection<CheckpointDocument> {
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  private async indexesOf(collection: Collection<Document>): Promise<IndexDescriptionInfo[]> {
    try {
      return await collection.indexes();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
      throw error;
    }
  }
}
