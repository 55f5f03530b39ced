import type {
  BasketCheckedOut,
  BasketCleared,
  BasketConfirmationCanceled,
  BasketConfirmed,
  BasketConverted,
  BasketDocumentAdded,
  BasketDocumentRemoved,
  BasketExpired,
} from '../../events/basket.events';
import type {
  AddDocumentToBasket,
  BasketDocumentFacts,
  CancelBasketConfirmation,
  CheckOutBasket,
  ClearBasket,
  ConfirmBasket,
  ConvertBasket,
  ExpireBasket,
  RemoveDocumentFromBasket,
} from '../basket/basket.decider';
import type { CheckoutDetails } from '../basket/checkout-details';
import { DEFAULT_FEE_RATES } from '../shared/fees';
import { type By, NOW, SYSTEM_ACTOR, aContext } from './command-context.builders';
import { ESTONIAN_VAT, aVatContext } from './vat.builders';

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

export const SWEDBANK = 'banklink:ee:swedbank';
export const OFFERED_METHODS = [SWEDBANK, 'banklink:ee:seb', 'banklink:ee:lhv', 'card:visa'];
/** The offered methods with their countries, as the gateway lists them. */
export const OFFERED = OFFERED_METHODS.map((id) => ({
  id,
  country: id.startsWith('banklink:') ? id.split(':')[1]!.toUpperCase() : null,
}));
export const PURCHASE_ID = 'purchase-1';

/** The cart's form, filled in as a careful buyer does. */
export function aCheckoutDetails(overrides: Partial<CheckoutDetails> = {}): CheckoutDetails {
  return {
    email: 'Mari.Maasikas@Example.ee ',
    firstName: ' Mari',
    lastName: 'Maasikas',
    address: 'Tartu mnt 1, 10115 Tallinn',
    country: 'ee',
    previewsSeen: true,
    termsAccepted: true,
    invoice: null,
    paymentMethod: SWEDBANK,
    ...overrides,
  };
}

/** The 12.40 € document as its stream tells now (published, same price). */
const unchangedDocuments = [aBasketDocument()];

export function confirmBasket({ by, at, ...data }: Data<ConfirmBasket> = {}): ConfirmBasket {
  return {
    type: 'ConfirmBasket',
    data: {
      basketId: BASKET_ID,
      details: aCheckoutDetails(),
      expectedTotal: 1240,
      offeredMethods: OFFERED,
      vat: aVatContext(),
      language: 'et',
      buyerId: null,
      documents: unchangedDocuments,
      rates: DEFAULT_FEE_RATES,
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function basketConfirmed(data: Partial<BasketConfirmed['data']> = {}): BasketConfirmed {
  return {
    type: 'BasketConfirmed',
    data: {
      basketId: BASKET_ID,
      payer: {
        email: 'mari.maasikas@example.ee',
        firstName: 'Mari',
        lastName: 'Maasikas',
        address: 'Tartu mnt 1, 10115 Tallinn',
        country: 'EE',
      },
      invoice: null,
      paymentMethod: SWEDBANK,
      paymentMethods: OFFERED_METHODS,
      previewsSeen: true,
      termsAccepted: true,
      language: 'et',
      buyerId: null,
      vat: { ...ESTONIAN_VAT, day: NOW.toISOString().slice(0, 10) },
      total: 1240,
      ...data,
    },
  };
}

export function checkOutBasket({ by, at, ...data }: Data<CheckOutBasket> = {}): CheckOutBasket {
  return {
    type: 'CheckOutBasket',
    data: {
      basketId: BASKET_ID,
      purchaseId: PURCHASE_ID,
      documents: unchangedDocuments,
      rates: DEFAULT_FEE_RATES,
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function basketCheckedOut(purchaseId = PURCHASE_ID): BasketCheckedOut {
  return { type: 'BasketCheckedOut', data: { basketId: BASKET_ID, purchaseId } };
}

export function cancelBasketConfirmation(purchaseId: string | null = PURCHASE_ID): CancelBasketConfirmation {
  return {
    type: 'CancelBasketConfirmation',
    data: { basketId: BASKET_ID, purchaseId },
    context: aContext(),
  };
}

export function basketConfirmationCanceled(
  purchaseId: string | null = PURCHASE_ID,
): BasketConfirmationCanceled {
  return { type: 'BasketConfirmationCanceled', data: { basketId: BASKET_ID, purchaseId } };
}

export function convertBasket(purchaseId = PURCHASE_ID, documentIds = ['doc-employment']): ConvertBasket {
  return {
    type: 'ConvertBasket',
    data: { basketId: BASKET_ID, purchaseId, documentIds },
    context: aContext({ by: SYSTEM_ACTOR }),
  };
}

export function basketConverted(purchaseId = PURCHASE_ID, documentIds = ['doc-employment']): BasketConverted {
  return { type: 'BasketConverted', data: { basketId: BASKET_ID, purchaseId, documentIds } };
}
