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
  'BasketConfirmed',
  'BasketConfirmationCanceled',
  'BasketDocumentRepriced',
  'BasketDocumentWithdrawn',
  'BasketCheckedOut',
  'BasketConverted',
]);

/** What every change of the lines does besides (SPEC §4): unconfirm and clear the payment methods. */
const UNCONFIRMED = { confirmed: false, paymentMethods: null, purchaseId: null, vat: null };

/**
 * Baskets as the cart screen shows them, only while they hold documents: an emptied, cleared, expired or
 * fully paid basket has no document here and reads as empty. Totals are summed from the lines when read.
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
    const basketId = event.data.basketId;
    const set = (changes: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      baskets.updateOne({ _id: basketId }, { $set: { ...changes, updatedAt: at }, ...extra });
    // An emptied basket reads the same as none: its document leaves the store (and its memory).
    const dropIfEmpty = () => baskets.deleteOne({ _id: basketId, lines: [] });
    switch (event.type) {
      case 'BasketDocumentAdded': {
        const { activeUntil, documentId, slug, title, price, vat, licenceFee, serviceFee } = event.data;
        await baskets.updateOne(
          { _id: basketId },
          {
            $push: { lines: { documentId, slug, title, price, vat, licenceFee, serviceFee, addedAt: at } },
            $set: { activeUntil, ...UNCONFIRMED, updatedAt: at },
          },
          { upsert: true },
        );
        return;
      }
      case 'BasketDocumentRemoved':
      case 'BasketDocumentWithdrawn':
        await set(UNCONFIRMED, { $pull: { lines: { documentId: event.data.documentId } } });
        await dropIfEmpty();
        return;
      case 'BasketDocumentRepriced': {
        const { documentId, price, vat, licenceFee, serviceFee } = event.data;
        const basket = await baskets.findOne({ _id: basketId });
        await set({
          ...UNCONFIRMED,
          lines: (basket?.lines ?? []).map((line) =>
            line.documentId === documentId ? { ...line, price, vat, licenceFee, serviceFee } : line,
          ),
        });
        return;
      }
      case 'BasketCleared':
      case 'BasketExpired':
        // A cleared or expired basket reads as empty, which is what a missing document reads as: keeping
        // it would let anonymous writes grow the read store without end.
        await baskets.deleteOne({ _id: basketId });
        return;
      case 'BasketConfirmed': {
        const { payer, invoice, paymentMethod, paymentMethods, vat } = event.data;
        const { treatment, reason, buyerCountry, vatCountry, rate } = vat;
        await set({
          confirmed: true,
          paymentMethods,
          purchaseId: null,
          checkout: { payer, invoice, paymentMethod },
          vat: { treatment, reason, buyerCountry, vatCountry, rate },
        });
        return;
      }
      case 'BasketConfirmationCanceled':
        await set(UNCONFIRMED);
        return;
      case 'BasketCheckedOut':
        await set({ purchaseId: event.data.purchaseId });
        return;
      case 'BasketConverted':
        await set(UNCONFIRMED, { $pull: { lines: { documentId: { $in: event.data.documentIds } } } });
        await dropIfEmpty();
        return;
    }
  }
}
