import type {
  BasketCleared,
  BasketDocumentAdded,
  BasketDocumentRemoved,
  BasketExpired,
} from '../../events/basket.events';
import type {
  AddDocumentToBasket,
  BasketDocumentFacts,
  ClearBasket,
  ExpireBasket,
  RemoveDocumentFromBasket,
} from '../basket/basket.decider';
import { DEFAULT_FEE_RATES } from '../shared/fees';
import { type By, NOW, aContext } from './command-context.builders';

export const BASKET_ID = 'basket-1';

/** A published 12.40 € document as the basket reads it. */
export function aBasketDocument(overrides: Partial<BasketDocumentFacts> = {}): BasketDocumentFacts {
  return {
    documentId: 'doc-employment',
    slug: 'tooleping-doc-employment',
    title: 'Tööleping',
    price: 1240,
    published: true,
    ...overrides,
  };
}

type Data<C extends { data: object }> = Partial<C['data']> & By;

export function addDocumentToBasket({
  by,
  at,
  ...data
}: Data<AddDocumentToBasket> = {}): AddDocumentToBasket {
  return {
    type: 'AddDocumentToBasket',
    data: { basketId: BASKET_ID, document: aBasketDocument(), rates: DEFAULT_FEE_RATES, ...data },
    context: aContext({ by, at }),
  };
}

export function removeDocumentFromBasket({
  by,
  at,
  ...data
}: Data<RemoveDocumentFromBasket> = {}): RemoveDocumentFromBasket {
  return {
    type: 'RemoveDocumentFromBasket',
    data: { basketId: BASKET_ID, documentId: aBasketDocument().documentId, ...data },
    context: aContext({ by, at }),
  };
}

export function clearBasket({ by, at }: By = {}): ClearBasket {
  return { type: 'ClearBasket', data: { basketId: BASKET_ID }, context: aContext({ by, at }) };
}

export function expireBasket({ by, at }: By = {}): ExpireBasket {
  return { type: 'ExpireBasket', data: { basketId: BASKET_ID }, context: aContext({ by, at }) };
}

/** The 12.40 € document added at NOW, so active until NOW + 1 hour. */
export function basketDocumentAdded(data: Partial<BasketDocumentAdded['data']> = {}): BasketDocumentAdded {
  return {
    type: 'BasketDocumentAdded',
    data: {
      basketId: BASKET_ID,
      documentId: 'doc-employment',
      slug: 'tooleping-doc-employment',
      title: 'Tööleping',
      price: 1240,
      vat: 240,
      licenceFee: 1000,
      serviceFee: 200,
      activeUntil: new Date(NOW.getTime() + 60 * 60 * 1000).toISOString(),
      ...data,
    },
  };
}

export function basketDocumentRemoved(documentId = 'doc-employment'): BasketDocumentRemoved {
  return { type: 'BasketDocumentRemoved', data: { basketId: BASKET_ID, documentId } };
}

export function basketCleared(): BasketCleared {
  return { type: 'BasketCleared', data: { basketId: BASKET_ID } };
}

export function basketExpired(): BasketExpired {
  return { type: 'BasketExpired', data: { basketId: BASKET_ID } };
}
