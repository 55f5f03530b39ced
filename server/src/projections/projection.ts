import type { StoredEvent } from '../events/domain-event';
import type { ProjectionTransaction, Sort } from '../infrastructure/read-store/read-store.port';

/**
 * Builds one read model from the global log. `apply` must only touch `collections`, through `tx`.
 *
 * The runner hands every projection a batch (batch-transaction.ts): a document is read from the store once
 * per batch and written once at its end, so objects the batch hands out or is given belong to it until
 * then. Change a document you have read only to write it back; do not change an object after writing it.
 */
export interface Projection {
  readonly name: string;
  readonly collections: readonly string[];
  readonly indexes?: readonly {
    readonly collection: string;
    readonly keys: Sort;
    readonly unique?: boolean;
    /** Nearly every document holds a value of its own in the first key, never an array (ReadStore.ensureIndex). */
    readonly highCardinality?: boolean;
  }[];
  handles(eventType: string): boolean;
  apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void>;
  /**
   * Optional: applies a whole batch of handled events (in log order) at once, e.g. changing documents in
   * memory and writing each changed one once. The runner then calls it instead of `apply`, in the same
   * transaction as the batch's checkpoint, so the exactly-once guarantee is the same.
   */
  applyBatch?(tx: ProjectionTransaction, events: readonly StoredEvent[]): Promise<void>;
}

export const PROJECTIONS = Symbol('Projections');
