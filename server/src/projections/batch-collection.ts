import type { DocumentDetails } from '../events/document.events';
import type { ReadModel, WriteCollection } from '../infrastructure/read-store/read-store.port';

/** A read model's record as a batch edits it. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The document's details as the catalogue and search keep them. */
export function detailFields(details: DocumentDetails) {
  const { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price } = details;
  return { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price };
}

/**
 * One read-model collection as a projection's batch sees it: each record is read from the store at most
 * once per batch, edited in memory by every event of the batch that touches it, and written once when
 * the batch commits (replaced, or deleted when it was set to null). Rebuilding thousands of events then
 * costs one read and one write per record instead of one per event.
 */
export class BatchCollection<T extends ReadModel, Working extends T = T> {
  private readonly records = new Map<string, Working | null>();
  private readonly changed = new Set<string>();

  constructor(private readonly collection: WriteCollection<T>) {}

  /** The record as the batch has it so far; null when there is none. */
  async get(id: string): Promise<Working | null> {
    if (this.records.has(id)) return this.records.get(id) ?? null;
    const stored = (await this.collection.findOne({ _id: id })) as Working | null;
    this.records.set(id, stored);
    return stored;
  }

  /** Sets the record (null: it is to be deleted); it is written at commit. */
  set(id: string, record: Working | null): void {
    this.records.set(id, record);
    this.changed.add(id);
  }

  /** The record was edited in place; it is written at commit. */
  touch(id: string): void {
    this.changed.add(id);
  }

  /**
   * The records with `field` equal to `value`: those stored and those this batch has (which it may have
   * added or changed since).
   */
  async where<K extends keyof Working & string>(field: K, value: Working[K]): Promise<[string, Working][]> {
    for (const { _id } of await this.collection.find({ [field]: value }, { fields: ['_id'] }))
      await this.get(_id);
    return [...this.records].filter(
      (entry): entry is [string, Working] => entry[1] !== null && entry[1][field] === value,
    );
  }

  /** Writes every changed record once; `prepare` completes a record just before it is written. */
  async commit(prepare?: (record: Working) => void): Promise<void> {
    for (const id of this.changed) {
      const record = this.records.get(id);
      if (!record) {
        await this.collection.deleteOne({ _id: id });
        continue;
      }
      prepare?.(record);
      await this.collection.replaceOne({ _id: id }, record, { upsert: true });
    }
  }
}
