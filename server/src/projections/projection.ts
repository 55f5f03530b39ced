import type { StoredEvent } from '../events/domain-event';
import type { ProjectionTransaction, Sort } from '../infrastructure/read-store/read-store.port';

/** Builds one read model from the global log. `apply` must only touch `collections`, through `tx`. */
export interface Projection {
  readonly name: string;
  readonly collections: readonly string[];
  readonly indexes?: readonly {
    readonly collection: string;
    readonly keys: Sort;
    readonly unique?: boolean;
  }[];
  handles(eventType: string): boolean;
  apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void>;
}

export const PROJECTIONS = Symbol('Projections');
