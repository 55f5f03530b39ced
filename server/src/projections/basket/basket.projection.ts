import type { BasketEvent } from '../../events/basket.events';
import type { StoredEvent } from '../../events/domain-event';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { BASKETS_COLLECTION, type BasketView } from './basket.read-model';

const HANDLED: ReadonlySet<string> = new Set<BasketEvent['type']>([
  'BasketDocumentAdded',
  'BasketDocumentRemoved',
  'BasketCleared',
  'BasketExpired',
]);

/**
 * Baskets as the cart screen shows them, only while they hold documents: an emptied, cleared or expired
 * basket has no document here and reads as empty. Totals are summed from the lines when read.
 */
export class BasketProjection implements Projection {
  readonly name = 'baskets';
  readonly collections = [BASKETS_COLLECTION];
  readonly indexes: Projection['indexes'] = [{ collection: BASKETS_COLLECTION, keys: { activeUntil: 1 } }];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as BasketEvent;
    const baskets = tx.collection<BasketView>(BASKETS_COLLECTION);
    const at = stored.occurredAt;
    switch (event.type) {
      case 'BasketDocumentAdded': {
        const { basketId, activeUntil, documentId, slug, title, price, vat, licenceFee, serviceFee } =
          event.data;
        await baskets.updateOne(
          { _id: basketId },
          {
            $push: { lines: { documentId, slug, title, price, vat, licenceFee, serviceFee, addedAt: at } },
            $set: { activeUntil, confirmed: false, paymentMethods: null, updatedAt: at },
          },
          { upsert: true },
        );
        return;
      }
      case 'BasketDocumentRemoved': {
        const { basketId, documentId } = event.data;
        await baskets.updateOne(
          { _id: basketId },
          { $pull: { lines: { documentId } }, $set: { updatedAt: at } },
        );
        // An emptied basket reads the same as none: its document leaves the store (and its memory).
        await baskets.deleteOne({ _id: basketId, lines: [] });
        return;
      }
      case 'BasketCleared':
      case 'BasketExpired':
        // A cleared or expired basket reads as empty, which is what a missing document reads as: keeping
        // it would let anonymous writes grow the read store without end.
        await baskets.deleteOne({ _id: event.data.basketId });
        return;
    }
  }
}
