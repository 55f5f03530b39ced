import { ESTONIAN_VAT } from '../testing/vat.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import { NOW, minutesAfterNow } from '../testing/command-context.builders';
import {
  BASKET_ID,
  aBasketDocument,
  addDocumentToBasket,
  basketCleared,
  basketDocumentAdded,
  basketDocumentRemoved,
  basketExpired,
  clearBasket,
  expireBasket,
  removeDocumentFromBasket,
} from '../testing/basket.builders';
import {
  BASKET_VALIDITY_MS,
  type BasketState,
  basketDecider,
  earlierLivePurchaseIds,
  initialBasketState,
  isBasketExpired,
} from './basket.decider';

const spec = deciderSpec(basketDecider);

const contract = aBasketDocument({
  documentId: 'doc-contract',
  slug: 'uurileping-doc-contract',
  title: 'Üürileping',
  price: 1000,
});
/** The 10.00 € lease added at NOW: VAT 194, licence fee 806, service fee 161. */
const contractAdded = basketDocumentAdded({
  documentId: 'doc-contract',
  slug: 'uurileping-doc-contract',
  title: 'Üürileping',
  price: 1000,
  vat: 194,
  licenceFee: 806,
  serviceFee: 161,
});

const ONE_HOUR_LATER = minutesAfterNow(60);

describe('Basket decider', () => {
  describe('AddDocumentToBasket', () => {
    it('adds a published document with its fee split and keeps the basket for one hour', () => {
      spec
        .given([])
        .when(addDocumentToBasket())
        .then([
          {
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
              activeUntil: '2026-03-14T11:00:00.000Z',
            },
          },
        ]);
    });

    it('writes the split of the rates in the command: 22 % VAT', () => {
      spec
        .given([])
        .when(
          addDocumentToBasket({
            document: aBasketDocument({ price: 1220 }),
            rates: { vatRate: 2200, serviceFeeRate: 2000 },
          }),
        )
        .then([basketDocumentAdded({ price: 1220, vat: 220, licenceFee: 1000, serviceFee: 200 })]);
    });

    it('adds a free document with all fees zero', () => {
      spec
        .given([])
        .when(addDocumentToBasket({ document: aBasketDocument({ price: 0 }) }))
        .then([basketDocumentAdded({ price: 0, vat: 0, licenceFee: 0, serviceFee: 0 })]);
    });

    it('a second document renews the hour from the moment it is added', () => {
      spec
        .given([basketDocumentAdded()])
        .when(addDocumentToBasket({ document: contract, at: minutesAfterNow(30) }))
        .then([
          { ...contractAdded, data: { ...contractAdded.data, activeUntil: '2026-03-14T11:30:00.000Z' } },
        ]);
    });

    it('refuses the same document twice (SPEC §5)', () => {
      spec
        .given([basketDocumentAdded()])
        .when(addDocumentToBasket({ at: minutesAfterNow(59) }))
        .thenThrows('SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET');
    });

    it('accepts a document again after it was removed', () => {
      spec
        .given([basketDocumentAdded(), basketDocumentRemoved()])
        .when(addDocumentToBasket())
        .then([basketDocumentAdded()]);
    });

    it('refuses a missing document', () => {
      spec
        .given([])
        .when(addDocumentToBasket({ document: null }))
        .thenThrows('DOCUMENT.NOT_FOUND');
    });

    it('refuses an unpublished document', () => {
      spec
        .given([])
        .when(addDocumentToBasket({ document: aBasketDocument({ published: false }) }))
        .thenThrows('DOCUMENT.NOT_FOUND');
    });

    it('when the hour has run out, the old basket expires first and the document starts a new one', () => {
      spec
        .given([basketDocumentAdded()])
        .when(addDocumentToBasket({ document: contract, at: ONE_HOUR_LATER }))
        .then([
          basketExpired(),
          { ...contractAdded, data: { ...contractAdded.data, activeUntil: '2026-03-14T12:00:00.000Z' } },
        ]);
    });

    it('after expiry, the document that was in the basket can be added again', () => {
      spec
        .given([basketDocumentAdded()])
        .when(addDocumentToBasket({ at: minutesAfterNow(61) }))
        .then([basketExpired(), basketDocumentAdded({ activeUntil: '2026-03-14T12:01:00.000Z' })]);
    });
  });

  describe('RemoveDocumentFromBasket', () => {
    it('removes a document that is in the basket', () => {
      spec
        .given([basketDocumentAdded(), contractAdded])
        .when(removeDocumentFromBasket({ documentId: 'doc-contract' }))
        .then([basketDocumentRemoved('doc-contract')]);
    });

    it('refuses a document that is not in the basket', () => {
      spec
        .given([basketDocumentAdded()])
        .when(removeDocumentFromBasket({ documentId: 'doc-contract' }))
        .thenThrows('SHOPPING_CART.DOCUMENT_NOT_IN_BASKET');
      spec.given([]).when(removeDocumentFromBasket()).thenThrows('SHOPPING_CART.DOCUMENT_NOT_IN_BASKET');
      spec
        .given([basketDocumentAdded(), basketDocumentRemoved()])
        .when(removeDocumentFromBasket())
        .thenThrows('SHOPPING_CART.DOCUMENT_NOT_IN_BASKET');
    });

    it('refuses after the hour has run out: the basket is already empty', () => {
      spec
        .given([basketDocumentAdded()])
        .when(removeDocumentFromBasket({ at: ONE_HOUR_LATER }))
        .thenThrows('SHOPPING_CART.DOCUMENT_NOT_IN_BASKET');
    });
  });

  describe('ClearBasket', () => {
    it('clears a basket with documents', () => {
      spec
        .given([basketDocumentAdded(), contractAdded])
        .when(clearBasket({ at: minutesAfterNow(10) }))
        .then([basketCleared()]);
    });

    it('an empty basket decides nothing', () => {
      spec.given([]).when(clearBasket()).thenNothing();
      spec.given([basketDocumentAdded(), basketCleared()]).when(clearBasket()).thenNothing();
      spec.given([basketDocumentAdded(), basketDocumentRemoved()]).when(clearBasket()).thenNothing();
    });

    it('a basket whose hour ran out expires instead', () => {
      spec
        .given([basketDocumentAdded()])
        .when(clearBasket({ at: ONE_HOUR_LATER }))
        .then([basketExpired()]);
    });
  });

  describe('ExpireBasket', () => {
    it('expires a basket whose hour ran out, at the exact minute', () => {
      spec
        .given([basketDocumentAdded()])
        .when(expireBasket({ at: ONE_HOUR_LATER }))
        .then([basketExpired()]);
    });

    it('does nothing one millisecond before', () => {
      spec
        .given([basketDocumentAdded()])
        .when(expireBasket({ at: new Date(ONE_HOUR_LATER.getTime() - 1) }))
        .thenNothing();
    });

    it('does nothing to an empty basket, however late', () => {
      spec
        .given([])
        .when(expireBasket({ at: minutesAfterNow(10_000) }))
        .thenNothing();
      spec
        .given([basketDocumentAdded(), basketDocumentRemoved()])
        .when(expireBasket({ at: minutesAfterNow(10_000) }))
        .thenNothing();
    });

    it('does nothing twice', () => {
      spec
        .given([basketDocumentAdded(), basketExpired()])
        .when(expireBasket({ at: ONE_HOUR_LATER }))
        .thenNothing();
    });
  });

  describe('isBasketExpired', () => {
    const withOne = foldEvents(basketDecider, [basketDocumentAdded()]);

    it('is one hour', () => {
      expect(BASKET_VALIDITY_MS).toBe(3_600_000);
    });

    it('is true from active-until on, for a basket with documents', () => {
      expect(isBasketExpired(withOne, NOW)).toBe(false);
      expect(isBasketExpired(withOne, minutesAfterNow(59))).toBe(false);
      expect(isBasketExpired(withOne, ONE_HOUR_LATER)).toBe(true);
      expect(isBasketExpired(initialBasketState, ONE_HOUR_LATER)).toBe(false);
    });
  });

  describe('evolve (SPEC §4)', () => {
    const employmentLine = {
      documentId: 'doc-employment',
      slug: 'tooleping-doc-employment',
      title: 'Tööleping',
      price: 1240,
      vat: 240,
      licenceFee: 1000,
      serviceFee: 200,
    };
    const contractLine = {
      documentId: 'doc-contract',
      slug: 'uurileping-doc-contract',
      title: 'Üürileping',
      price: 1000,
      vat: 194,
      licenceFee: 806,
      serviceFee: 161,
    };
    const confirmedWithPaymentMethods: BasketState = {
      lines: [employmentLine],
      activeUntil: '2026-03-14T11:00:00.000Z',
      confirmation: {
        payer: {
          email: 'mari@example.ee',
          firstName: 'Mari',
          lastName: 'Maasikas',
          address: 'Tallinn',
          country: 'EE',
        },
        invoice: null,
        paymentMethod: 'banklink:ee:swedbank',
        paymentMethods: ['banklink:ee:swedbank', 'banklink:ee:seb'],
        language: 'et',
        buyerId: null,
        vat: ESTONIAN_VAT,
        total: 1240,
      },
      purchaseId: 'purchase-1',
      confirmations: 1,
      convertedPurchaseIds: [],
      checkedOutPurchaseIds: ['purchase-1'],
    };

    it('starts empty and unconfirmed', () => {
      expect(basketDecider.initialState).toEqual({
        lines: [],
        activeUntil: null,
        confirmation: null,
        purchaseId: null,
        confirmations: 0,
        convertedPurchaseIds: [],
        checkedOutPurchaseIds: [],
      });
    });

    it('adding appends the document, sets active-until, unconfirms and clears payment methods', () => {
      expect(basketDecider.evolve(confirmedWithPaymentMethods, contractAdded)).toEqual({
        lines: [employmentLine, contractLine],
        activeUntil: '2026-03-14T11:00:00.000Z',
        confirmation: null,
        purchaseId: null,
        confirmations: 1,
        convertedPurchaseIds: [],
        checkedOutPurchaseIds: ['purchase-1'],
      });
    });

    it('removing drops that document, keeps the rest, and unconfirms', () => {
      expect(
        foldEvents(basketDecider, [
          basketDocumentAdded(),
          contractAdded,
          basketDocumentRemoved('doc-employment'),
        ]),
      ).toEqual({ ...initialBasketState, lines: [contractLine], activeUntil: '2026-03-14T11:00:00.000Z' });
      expect(
        basketDecider.evolve(confirmedWithPaymentMethods, basketDocumentRemoved('doc-employment'))
          .confirmation,
      ).toBeNull();
    });

    it('clearing empties everything but the count of confirmations (purchase ids never repeat)', () => {
      expect(basketDecider.evolve(confirmedWithPaymentMethods, basketCleared())).toEqual({
        ...initialBasketState,
        confirmations: 1,
        checkedOutPurchaseIds: ['purchase-1'],
      });
    });

    it('expiring empties everything but the count of confirmations', () => {
      expect(basketDecider.evolve(confirmedWithPaymentMethods, basketExpired())).toEqual({
        ...initialBasketState,
        confirmations: 1,
        checkedOutPurchaseIds: ['purchase-1'],
      });
    });

    it('remembers every purchase checked out, and names the earlier ones a new checkout must end', () => {
      const checkedOut = (purchaseId: string) =>
        ({ type: 'BasketCheckedOut', data: { basketId: BASKET_ID, purchaseId } }) as const;
      const converted = {
        type: 'BasketConverted',
        data: { basketId: BASKET_ID, purchaseId: 'purchase-2', documentIds: ['doc-employment'] },
      } as const;
      const state = foldEvents(basketDecider, [
        checkedOut('purchase-1'),
        checkedOut('purchase-1'),
        basketCleared(),
        checkedOut('purchase-2'),
        converted,
        checkedOut('purchase-3'),
      ]);
      expect(state.checkedOutPurchaseIds).toEqual(['purchase-1', 'purchase-2', 'purchase-3']);
      expect(earlierLivePurchaseIds(state, 'purchase-4')).toEqual(['purchase-1', 'purchase-3']);
      expect(earlierLivePurchaseIds(state, 'purchase-3')).toEqual(['purchase-1']);
    });
  });
});
