import { type BasketDocumentFacts, basketDocumentFacts } from '../../domain/basket/basket.decider';
import { documentDecider } from '../../domain/catalogue/document.decider';
import { documentStreamId } from '../../events/document.events';
import type { AggregateStore } from '../shared/aggregate-store';

/** The basket's documents as their own streams tell now (prices and publication). */
export function currentBasketDocuments(
  aggregates: AggregateStore,
  documentIds: readonly string[],
): Promise<(BasketDocumentFacts | null)[]> {
  return Promise.all(
    documentIds.map(async (documentId) => {
      const { state } = await aggregates.load(documentStreamId(documentId), documentDecider);
      return basketDocumentFacts(documentId, state);
    }),
  );
}
