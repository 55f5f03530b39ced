import {
  assertOperatorUpdate,
  pinnedId,
  sameJson,
  updated,
} from '../infrastructure/read-store/read-model-documents';
import type {
  FieldCounts,
  Filter,
  FindOptions,
  ProjectionTransaction,
  ReadModel,
  Update,
  UpdateResult,
  WriteCollection,
} from '../infrastructure/read-store/read-store.port';

/**
 * The batch every projection's events go through (the runner wraps each batch's read-store transaction
 * in one): a document read by `_id` is read from the store once per batch, changed in memory by every
 * event of the batch, and written once, when the batch ends, in the same transaction as its checkpoint.
 * A document the batch has not read goes to the store's transaction as it is written (the store keeps it
 * as text until the commit). A projection writes as it would to the store; what it saves is a copy, a
 * serialization and a store operation per event on the documents it keeps changing (the ledger reads
 * and replaces the day's turnover for every posting).
 *
 * The one rule that comes with it: objects the batch hands out, or is given, belong to the batch until it
 * ends. A projection changes a document it has read only to write it back, and does not change an object
 * after writing it. Queries by other fields, and writes by other filters, first write the batch's pending
 * documents to the store and then ask the store, so they see every change made so far.
 */
export class BatchTransaction implements ProjectionTransaction {
  private readonly collections = new Map<string, BatchedCollection>();

  constructor(private readonly tx: ProjectionTransaction) {}

  collection<T extends ReadModel = ReadModel>(name: string): WriteCollection<T> {
    let collection = this.collections.get(name);
    if (!collection)
      this.collections.set(name, (collection = new BatchedCollection(name, this.tx.collection(name))));
    return collection as unknown as WriteCollection<T>;
  }

  setCheckpoint(position: bigint): void {
    this.tx.setCheckpoint(position);
  }

  /** Writes every document the batch changed (called by the runner before the checkpoint). */
  async flush(): Promise<void> {
    for (const collection of this.collections.values()) await collection.flush();
  }
}

const NOT_FOUND: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedId: null };

/** The id a filter names by itself (`{ _id: 'x' }`), the batch's fast path. */
function idOnly(filter: Filter): string | undefined {
  const id = pinnedId(filter);
  return id !== undefined && Object.keys(filter).length === 1 ? id : undefined;
}

class BatchedCollection implements WriteCollection {
  /** The batch's documents by id: as read or last written (null: none, or deleted). */
  private readonly records = new Map<string, ReadModel | null>();
  private readonly changed = new Set<string>();

  constructor(
    private readonly name: string,
    private readonly store: WriteCollection,
  ) {}

  private async load(id: string): Promise<ReadModel | null> {
    const known = this.records.get(id);
    if (known !== undefined) return known;
    const found = await this.store.findOne({ _id: id });
    this.records.set(id, found);
    return found;
  }

  private set(id: string, doc: ReadModel | null): void {
    this.records.set(id, doc);
    this.changed.add(id);
  }

  /** Writes the pending documents to the store (before a query the batch cannot answer itself). */
  async flush(): Promise<void> {
    for (const id of this.changed) {
      const doc = this.records.get(id);
      if (doc) await this.store.replaceOne({ _id: id }, doc, { upsert: true });
      else await this.store.deleteOne({ _id: id });
    }
    this.changed.clear();
  }

  /** Flushes, then lets the store answer; what it changes is read again from the store when next asked for. */
  private async viaStore<R>(work: () => Promise<R>, writes: boolean): Promise<R> {
    await this.flush();
    const result = await work();
    if (writes) this.records.clear();
    return result;
  }

  async findOne(filter: Filter): Promise<ReadModel | null> {
    const id = idOnly(filter);
    if (id !== undefined) return this.load(id);
    return this.viaStore(() => this.store.findOne(filter), false);
  }

  find(filter: Filter, options?: FindOptions): Promise<ReadModel[]> {
    return this.viaStore(() => this.store.find(filter, options), false);
  }

  count(filter: Filter): Promise<number> {
    return this.viaStore(() => this.store.count(filter), false);
  }

  countBy(filter: Filter, fields: readonly string[]): Promise<FieldCounts> {
    return this.viaStore(() => this.store.countBy(filter, fields), false);
  }

  aggregate<R = unknown>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    return this.viaStore(() => this.store.aggregate<R>(pipeline), false);
  }

  async insertOne(doc: ReadModel): Promise<void> {
    if (typeof doc._id !== 'string') throw new Error('Read-model documents need a string _id');
    // A document the batch has not seen goes to the store at once (kept as text there, not as objects).
    if (!this.records.has(doc._id)) return this.store.insertOne(doc);
    if (await this.load(doc._id))
      throw new Error(
        `E11000 duplicate key error collection: ${this.name} index: _id_ dup key: ["${doc._id}"]`,
      );
    this.set(doc._id, doc);
  }

  async replaceOne(filter: Filter, doc: ReadModel, options?: { upsert?: boolean }): Promise<UpdateResult> {
    const id = idOnly(filter);
    if (id === undefined) return this.viaStore(() => this.store.replaceOne(filter, doc, options), true);
    if (doc._id !== undefined && doc._id !== id)
      throw new Error(`The _id field cannot be changed from '${id}' to '${String(doc._id)}'`);
    // Kept as an object until the batch ends, even when the batch had not read it: a document that a later
    // event changes again (a purchase created, then paid) is serialized and indexed once, not once per write.
    const current = await this.load(id);
    const next = doc._id === undefined ? { ...doc, _id: id } : doc;
    if (!current) {
      if (!options?.upsert) return NOT_FOUND;
      this.set(id, next);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: id };
    }
    this.set(id, next);
    // Written at the end either way (the store leaves an unchanged text as it is); whether it changed is
    // worked out only when a caller asks, since projections seldom do.
    if (current === next) return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    return {
      matchedCount: 1,
      get modifiedCount() {
        return sameJson(current, next) ? 0 : 1;
      },
      upsertedId: null,
    };
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    assertOperatorUpdate(update);
    const id = idOnly(filter);
    const current = id === undefined ? null : await this.load(id);
    if (id === undefined || !current) {
      // A new document from an upsert (its fields from the filter), or another filter: the store's rules.
      if (id !== undefined && !options?.upsert) return NOT_FOUND;
      return this.viaStore(() => this.store.updateOne(filter, update, options), true);
    }
    const next = updated(current, update);
    if (!next) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
    this.set(id, next);
    return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.viaStore(() => this.store.updateMany(filter, update), true);
  }

  async deleteOne(filter: Filter): Promise<number> {
    const id = idOnly(filter);
    if (id === undefined) return this.viaStore(() => this.store.deleteOne(filter), true);
    if (!this.records.has(id)) return this.store.deleteOne(filter);
    if (!(await this.load(id))) return 0;
    this.set(id, null);
    return 1;
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.viaStore(() => this.store.deleteMany(filter), true);
  }
}
