import { DEFAULT_FEE_RATES } from '../shared/fees';
import { minutesAfterNow } from '../testing/command-context.builders';
import {
  BASKET_ID,
  OFFERED_METHODS,
  PURCHASE_ID,
  SWEDBANK,
  aBasketDocument,
  aCheckoutDetails,
  basketCheckedOut,
  basketConfirmationCanceled,
  basketConfirmed,
  basketConverted,
  basketDocumentAdded,
  basketExpired,
  cancelBasketConfirmation,
  checkOutBasket,
  confirmBasket,
  convertBasket,
} from '../testing/basket.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import { basketChangedUnderBuyer, basketDecider } from './basket.decider';

const spec = deciderSpec(basketDecider);
const added = basketDocumentAdded();

describe('Basket confirmation and checkout (SPEC §4, §5)', () => {
  describe('ConfirmBasket', () => {
    it('stores the buyer, the method chosen and the ones offered, both ticks, language and total', () => {
      spec.given([added]).when(confirmBasket()).then([basketConfirmed()]);
    });

    it('keeps an invoice request with the VAT number normalised', () => {
      spec
        .given([added])
        .when(
          confirmBasket({
            details: aCheckoutDetails({
              invoice: { companyName: ' Firma OÜ ', registryCode: '12345678', vatNumber: 'ee 101 234 567' },
            }),
          }),
        )
        .then([
          basketConfirmed({
            invoice: { companyName: 'Firma OÜ', registryCode: '12345678', vatNumber: 'EE101234567' },
            vat: { ...basketConfirmed().data.vat, buyerVatNumber: 'EE101234567' },
          }),
        ]);
    });

    it('remembers a signed-in buyer and the English language', () => {
      spec
        .given([added])
        .when(confirmBasket({ buyerId: 'user-buyer', language: 'en' }))
        .then([basketConfirmed({ buyerId: 'user-buyer', language: 'en' })]);
    });

    it('refuses an empty basket: "The basket is empty!"', () => {
      spec.given([]).when(confirmBasket()).thenThrows('SHOPPING_CART.BASKET_EMPTY');
    });

    it('refuses a basket whose hour has run out as empty', () => {
      spec
        .given([added])
        .when(confirmBasket({ at: minutesAfterNow(60) }))
        .thenThrows('SHOPPING_CART.BASKET_EMPTY');
    });

    it('asks for every missing field at once, and for both ticks', () => {
      spec
        .given([added])
        .when(
          confirmBasket({
            details: aCheckoutDetails({
              email: ' ',
              firstName: '',
              lastName: '',
              address: '',
              previewsSeen: false,
              termsAccepted: false,
              paymentMethod: '',
            }),
          }),
        )
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          email: [{ key: 'VALIDATION.REQUIRED' }],
          firstName: [{ key: 'VALIDATION.REQUIRED' }],
          lastName: [{ key: 'VALIDATION.REQUIRED' }],
          address: [{ key: 'VALIDATION.REQUIRED' }],
          previewsSeen: [{ key: 'SHOPPING_CART.PREVIEWS_NOT_SEEN' }],
          termsAccepted: [{ key: 'SHOPPING_CART.TERMS_NOT_ACCEPTED' }],
          paymentMethod: [{ key: 'SHOPPING_CART.PAYMENT_METHOD_REQUIRED' }],
        });
    });

    it.each(['mari', 'mari@', 'mari@example', 'mari maasikas@example.ee'])(
      'refuses the e-mail %p',
      (email) => {
        spec
          .given([added])
          .when(confirmBasket({ details: aCheckoutDetails({ email }) }))
          .thenThrows('VALIDATION.FORM_HAS_ERRORS', { email: [{ key: 'VALIDATION.INVALID_EMAIL' }] });
      },
    );

    it('refuses a method the gateway does not offer', () => {
      spec
        .given([added])
        .when(confirmBasket({ details: aCheckoutDetails({ paymentMethod: 'banklink:ee:nordea' }) }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { paymentMethod: [{ key: 'VALIDATION.INVALID_CHOICE' }] });
    });

    it('refuses an invoice without a name on it, or with a VAT number of the wrong form', () => {
      spec
        .given([added])
        .when(
          confirmBasket({
            details: aCheckoutDetails({
              invoice: { companyName: '', registryCode: ' ', vatNumber: 'EE12345' },
            }),
          }),
        )
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          'invoice.companyName': [{ key: 'VALIDATION.REQUIRED' }],
          'invoice.vatNumber': [{ key: 'VALIDATION.INVALID_VAT_NUMBER' }],
        });
    });

    it('lets a consumer ask for an invoice in their own name, without a registry code', () => {
      const [event] = basketDecider.decide(
        confirmBasket({
          details: aCheckoutDetails({
            invoice: { companyName: 'Mari Maasikas', registryCode: '', vatNumber: null },
          }),
        }),
        foldEvents(basketDecider, [added]),
      );
      expect(event?.type === 'BasketConfirmed' && event.data.invoice).toEqual({
        companyName: 'Mari Maasikas',
        registryCode: '',
        vatNumber: null,
      });
    });

    it('records the new price instead of confirming when the document got dearer; the buyer sees it first', () => {
      const events = basketDecider.decide(
        confirmBasket({ documents: [aBasketDocument({ price: 1500 })] }),
        foldEvents(basketDecider, [added]),
      );
      expect(events).toEqual([
        {
          type: 'BasketDocumentRepriced',
          data: {
            basketId: BASKET_ID,
            documentId: 'doc-employment',
            price: 1500,
            vat: 290,
            licenceFee: 1210,
            serviceFee: 242,
          },
        },
      ]);
      expect(basketChangedUnderBuyer(events)).toBe(true);
      const state = foldEvents(basketDecider, [added, ...events]);
      expect(state.lines[0]?.price).toBe(1500);
      expect(state.confirmation).toBeNull();
    });

    it('reprices the line when the VAT rate changed, though the price did not', () => {
      spec
        .given([added])
        .when(confirmBasket({ rates: { ...DEFAULT_FEE_RATES, vatRate: 2200 } }))
        .then([
          {
            type: 'BasketDocumentRepriced',
            data: {
              basketId: BASKET_ID,
              documentId: 'doc-employment',
              price: 1240,
              vat: 224,
              licenceFee: 1016,
              serviceFee: 203,
            },
          },
        ]);
    });

    it('withdraws a document its uploader unpublished or deleted since it was added', () => {
      spec
        .given([added])
        .when(confirmBasket({ documents: [aBasketDocument({ published: false })] }))
        .then([
          { type: 'BasketDocumentWithdrawn', data: { basketId: BASKET_ID, documentId: 'doc-employment' } },
        ]);
      spec
        .given([added])
        .when(confirmBasket({ documents: [null] }))
        .then([
          { type: 'BasketDocumentWithdrawn', data: { basketId: BASKET_ID, documentId: 'doc-employment' } },
        ]);
    });

    it("refuses when the total the buyer saw is not the basket's total", () => {
      spec
        .given([added])
        .when(confirmBasket({ expectedTotal: 1000 }))
        .thenThrows('SHOPPING_CART.PRICES_CHANGED');
    });

    it('changes nothing when confirmed again with the same details', () => {
      spec.given([added, basketConfirmed()]).when(confirmBasket()).thenNothing();
    });

    it('confirms again with changed details, and after a checkout (a new purchase)', () => {
      spec
        .given([added, basketConfirmed()])
        .when(confirmBasket({ details: aCheckoutDetails({ paymentMethod: 'card:visa' }) }))
        .then([
          basketConfirmed({
            paymentMethod: 'card:visa',
            // A card says nothing of the country: the Estonian billing address decides alone.
            vat: {
              ...basketConfirmed().data.vat,
              evidence: [{ kind: 'billing-address', country: 'EE', detail: null }],
            },
          }),
        ]);
      spec
        .given([added, basketConfirmed(), basketCheckedOut()])
        .when(confirmBasket())
        .then([basketConfirmed()]);
    });

    it('is undone by adding another document (SPEC §4)', () => {
      const state = foldEvents(basketDecider, [
        added,
        basketConfirmed(),
        basketDocumentAdded({ documentId: 'doc-other' }),
      ]);
      expect(state.confirmation).toBeNull();
    });
  });

  describe('CheckOutBasket ("Go pay")', () => {
    it('turns the confirmed basket into the purchase', () => {
      spec.given([added, basketConfirmed()]).when(checkOutBasket()).then([basketCheckedOut()]);
    });

    it('refuses a basket that is not confirmed', () => {
      spec.given([added]).when(checkOutBasket()).thenThrows('SHOPPING_CART.NOT_CONFIRMED');
    });

    it('refuses an empty or expired basket', () => {
      spec.given([]).when(checkOutBasket()).thenThrows('SHOPPING_CART.BASKET_EMPTY');
      spec
        .given([added, basketConfirmed()])
        .when(checkOutBasket({ at: minutesAfterNow(61) }))
        .thenThrows('SHOPPING_CART.BASKET_EMPTY');
    });

    it('changes nothing when the same purchase was already checked out (a double click)', () => {
      spec.given([added, basketConfirmed(), basketCheckedOut()]).when(checkOutBasket()).thenNothing();
    });

    it('records a changed price instead, and unconfirms', () => {
      spec
        .given([added, basketConfirmed()])
        .when(checkOutBasket({ documents: [aBasketDocument({ price: 1000 })] }))
        .then([
          {
            type: 'BasketDocumentRepriced',
            data: {
              basketId: BASKET_ID,
              documentId: 'doc-employment',
              price: 1000,
              vat: 194,
              licenceFee: 806,
              serviceFee: 161,
            },
          },
        ]);
    });
  });

  describe('CancelBasketConfirmation (SPEC §4: cancelling payment unconfirms, documents stay)', () => {
    it("unconfirms after the purchase's payment was cancelled, and keeps the documents", () => {
      spec
        .given([added, basketConfirmed(), basketCheckedOut()])
        .when(cancelBasketConfirmation())
        .then([basketConfirmationCanceled()]);
      const state = foldEvents(basketDecider, [
        added,
        basketConfirmed(),
        basketCheckedOut(),
        basketConfirmationCanceled(),
      ]);
      expect(state.confirmation).toBeNull();
      expect(state.lines.map((l) => l.documentId)).toEqual(['doc-employment']);
    });

    it('lets the buyer reopen the details before paying', () => {
      spec
        .given([added, basketConfirmed()])
        .when(cancelBasketConfirmation(null))
        .then([basketConfirmationCanceled(null)]);
    });

    it('does not unconfirm a newer confirmation when an older purchase is cancelled late', () => {
      spec
        .given([added, basketConfirmed(), basketCheckedOut('purchase-2')])
        .when(cancelBasketConfirmation(PURCHASE_ID))
        .thenNothing();
    });

    it('changes nothing on a basket that is not confirmed (a repeated cancel)', () => {
      spec.given([added]).when(cancelBasketConfirmation()).thenNothing();
    });
  });

  describe('ConvertBasket (SPEC §4: paying converts the basket)', () => {
    it('takes the purchased documents out of the basket, which is then empty', () => {
      spec
        .given([added, basketConfirmed(), basketCheckedOut()])
        .when(convertBasket())
        .then([basketConverted()]);
      const state = foldEvents(basketDecider, [
        added,
        basketConfirmed(),
        basketCheckedOut(),
        basketConverted(),
      ]);
      expect(state).toMatchObject({ lines: [], activeUntil: null, confirmation: null, purchaseId: null });
    });

    it('keeps a document added after the checkout', () => {
      const state = foldEvents(basketDecider, [
        added,
        basketConfirmed(),
        basketCheckedOut(),
        basketDocumentAdded({ documentId: 'doc-later' }),
        basketConverted(),
      ]);
      expect(state.lines.map((l) => l.documentId)).toEqual(['doc-later']);
    });

    it('converts once, even after the basket was cleared or expired in between', () => {
      spec.given([added, basketConverted()]).when(convertBasket()).thenNothing();
      spec.given([added, basketConverted(), basketExpired()]).when(convertBasket()).thenNothing();
    });
  });

  it('counts confirmations across clears, so each names a new purchase', () => {
    const state = foldEvents(basketDecider, [
      added,
      basketConfirmed(),
      basketExpired(),
      basketDocumentAdded(),
      basketConfirmed({ paymentMethod: SWEDBANK }),
    ]);
    expect(state.confirmations).toBe(2);
    expect(OFFERED_METHODS).toContain(state.confirmation?.paymentMethod);
  });
});
