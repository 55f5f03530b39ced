import type { PurchaseEvent } from '../../events/purchase.events';
import { NOW, minutesAfterNow } from '../testing/command-context.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import {
  EMPLOYMENT_LINE,
  PURCHASE_ID,
  TRANSACTION_ID,
  aPurchaseDocument,
  createPurchase,
  onPurchase,
  paymentStarted,
  purchaseCanceled,
  purchaseCreated,
  purchasePaid,
} from '../testing/purchase.builders';
import type {
  ExpirePurchase,
  IssueAccessKey,
  SupersedePurchase,
  RecordConfirmationSent,
  RecordDownload,
  RecordPayment,
  RecordPaymentFailure,
  RenewDownloadLinks,
  StartPayment,
} from './purchase.decider';
import {
  DOWNLOAD_LINKS_VALIDITY_MS,
  PAYMENT_WINDOW_MS,
  purchaseDecider,
  purchaseDocumentFacts,
} from './purchase.decider';

const spec = deciderSpec(purchaseDecider);
const superseded = {
  type: 'PurchaseSuperseded' as const,
  data: {
    purchaseId: PURCHASE_ID,
    supersededBy: 'purchase-2',
    supersededAt: minutesAfterNow(5).toISOString(),
  },
};
const refundDue = (
  reason: 'superseded' | 'canceled' | 'already-paid',
  transactionId = TRANSACTION_ID,
  amount = 1240,
): PurchaseEvent => ({
  type: 'PurchaseRefundDue',
  data: {
    purchaseId: PURCHASE_ID,
    reason,
    provider: 'makecommerce',
    transactionId,
    amount,
    currency: 'EUR',
    paidAt: minutesAfterNow(5).toISOString(),
    providerResponse: { status: 'COMPLETED' },
  },
});
const keyIssued = (keyId: string, reason: 'checkout' | 'fresh-links', at: Date): PurchaseEvent => ({
  type: 'PurchaseAccessKeyIssued',
  data: { purchaseId: PURCHASE_ID, keyId, reason, issuedAt: at.toISOString() },
});
const created = purchaseCreated();
const started = paymentStarted();
const paid = purchasePaid();

const pay = (changes: Partial<RecordPayment['data']> = {}, at = minutesAfterNow(5)) =>
  onPurchase<RecordPayment>(
    'RecordPayment',
    {
      provider: 'makecommerce',
      transactionId: TRANSACTION_ID,
      amount: 1240,
      currency: 'EUR',
      providerResponse: { status: 'COMPLETED' },
      ...changes,
    },
    at,
  );
const fail = (reason: RecordPaymentFailure['data']['reason'], at = minutesAfterNow(5)) =>
  onPurchase<RecordPaymentFailure>(
    'RecordPaymentFailure',
    { reason, providerResponse: reason === 'expired' ? null : { status: 'CANCELLED' } },
    at,
  );
const download = (fileId: string | null, at = minutesAfterNow(10)) =>
  onPurchase<RecordDownload>('RecordDownload', { fileId }, at);

describe('Purchase decider', () => {
  describe('CreatePurchase', () => {
    it('copies the basket: payer, invoice, method, language, every line with its fee split, uploader and files', () => {
      spec.given([]).when(createPurchase()).then([created]);
    });

    it("gives the buyer the gateway's 30 minutes to pay", () => {
      expect(PAYMENT_WINDOW_MS).toBe(30 * 60_000);
      const [event] = purchaseDecider.decide(createPurchase(), purchaseDecider.initialState);
      expect(event?.type === 'PurchaseCreated' && event.data.activeUntil).toBe(
        minutesAfterNow(30).toISOString(),
      );
    });

    it('taxes the whole purchase at its rate (24 % × 18.06 = 4.33, not 2.40 + 1.94), each line with its share', () => {
      const lease = {
        documentId: 'doc-lease',
        slug: 'uurileping',
        title: 'Üürileping',
        price: 1000,
        vat: 194,
        licenceFee: 806,
        serviceFee: 161,
      };
      const [event] = purchaseDecider.decide(
        createPurchase({
          confirmation: { ...createPurchase().data.confirmation!, total: 2239 },
          lines: [createPurchase().data.lines[0]!, lease],
          documents: [aPurchaseDocument(), aPurchaseDocument({ documentId: 'doc-lease', files: [] })],
        }),
        purchaseDecider.initialState,
      );
      expect(event?.type === 'PurchaseCreated' && event.data.totals).toEqual({
        price: 2239,
        vat: 433,
        licenceFee: 1806,
        serviceFee: 361,
        uploaderEarnings: 1445,
      });
      expect(
        event?.type === 'PurchaseCreated' && event.data.lines.map((l) => [l.listPrice, l.price, l.vat]),
      ).toEqual([
        [1240, 1240, 240],
        [1000, 999, 193],
      ]);
    });

    it('refuses a confirmation whose total is not what the lines come to at its rate', () => {
      spec
        .given([])
        .when(createPurchase({ confirmation: { ...createPurchase().data.confirmation!, total: 1239 } }))
        .thenThrows('SHOPPING_CART.PRICES_CHANGED');
    });

    it('refuses an unconfirmed or empty basket', () => {
      spec
        .given([])
        .when(createPurchase({ confirmation: null }))
        .thenThrows('SHOPPING_CART.NOT_CONFIRMED');
      spec
        .given([])
        .when(createPurchase({ lines: [] }))
        .thenThrows('SHOPPING_CART.BASKET_EMPTY');
    });

    it('refuses a line whose document has no stream', () => {
      spec
        .given([])
        .when(createPurchase({ documents: [null] }))
        .thenThrows('DOCUMENT.NOT_FOUND');
    });

    it('changes nothing when the same basket creates it again (a retried "Go pay")', () => {
      spec.given([created]).when(createPurchase()).thenNothing();
    });

    it('copies only processed files, each with its blob key', () => {
      const facts = purchaseDocumentFacts(
        'doc-employment',
        {
          status: 'published',
          uploaderId: 'user-uploader',
          slug: 'tooleping',
          details: {} as never,
          files: [
            { ...EMPLOYMENT_LINE.files[0]!, state: 'done', isMain: true, pagesRendered: true },
            { ...EMPLOYMENT_LINE.files[1]!, state: 'error', isMain: false, pagesRendered: false },
          ],
        },
        'Kadri Tamm',
      );
      expect(facts?.files).toEqual([EMPLOYMENT_LINE.files[0]]);
    });
  });

  describe('StartPayment', () => {
    const start = (at = minutesAfterNow(1)) =>
      onPurchase<StartPayment>(
        'StartPayment',
        {
          provider: 'makecommerce',
          transactionId: TRANSACTION_ID,
          paymentMethod: 'banklink:ee:swedbank',
          paymentUrl: `https://gateway.example/pay/${TRANSACTION_ID}`,
        },
        at,
      );

    it('records the transaction and where the buyer pays', () => {
      spec
        .given([created])
        .when(start())
        .then([{ ...started, data: { ...started.data, startedAt: minutesAfterNow(1).toISOString() } }]);
    });

    it('changes nothing for a transaction already recorded', () => {
      spec.given([created, started]).when(start()).thenNothing();
    });

    it('refuses once the purchase is paid, cancelled or past its 30 minutes', () => {
      spec
        .given([created, paid])
        .when({ ...start(), data: { ...start().data, transactionId: 'other' } })
        .thenThrows('PURCHASE.NOT_PAYABLE');
      spec
        .given([created, purchaseCanceled('buyer-canceled')])
        .when(start())
        .thenThrows('PURCHASE.NOT_PAYABLE');
      spec
        .given([created])
        .when(start(minutesAfterNow(30)))
        .thenThrows('PURCHASE.NOT_PAYABLE');
    });
  });

  describe('RecordPayment (pending → paid)', () => {
    it('marks the purchase paid with what the gateway confirmed', () => {
      spec.given([created, started]).when(pay()).then([paid]);
    });

    it('changes nothing the second time: the return and the notification both arrive', () => {
      spec.given([created, started, paid]).when(pay()).thenNothing();
    });

    it('owes back a second payment by another transaction of a paid purchase, once', () => {
      const second = pay({ transactionId: 'another-transaction' });
      const due = refundDue('already-paid', 'another-transaction');
      spec.given([created, started, paid]).when(second).then([due]);
      spec.given([created, started, paid, due]).when(second).thenNothing();
    });

    it("refuses an amount or currency that is not the purchase's", () => {
      spec
        .given([created, started])
        .when(pay({ amount: 1 }))
        .thenThrows('PAYMENT.AMOUNT_MISMATCH');
      spec
        .given([created, started])
        .when(pay({ currency: 'USD' }))
        .thenThrows('PAYMENT.AMOUNT_MISMATCH');
    });

    it('owes back money that arrives after the purchase ended, and delivers nothing', () => {
      for (const reason of ['expired', 'buyer-canceled', 'payment-failed'] as const) {
        const events = [created, started, purchaseCanceled(reason)];
        spec
          .given(events)
          .when(pay())
          .then([refundDue('canceled')]);
        expect(foldEvents(purchaseDecider, [...events, refundDue('canceled')]).status).toBe('canceled');
      }
    });

    it('owes back money for a purchase a newer checkout of its basket superseded, whatever it was', () => {
      const late = pay({ amount: 990 });
      spec
        .given([created, started, superseded])
        .when(late)
        .then([refundDue('superseded', TRANSACTION_ID, 990)]);
      spec
        .given([created, started, superseded, refundDue('superseded', TRANSACTION_ID, 990)])
        .when(late)
        .thenNothing();
    });

    it('refuses a purchase that does not exist', () => {
      spec.given([]).when(pay()).thenThrows('PURCHASE.NOT_FOUND');
    });
  });

  describe('RecordPaymentFailure (pending → canceled)', () => {
    it.each(['buyer-canceled', 'payment-failed', 'expired'] as const)(
      'cancels a pending purchase: %s',
      (reason) => {
        spec
          .given([created, started])
          .when(fail(reason))
          .then([purchaseCanceled(reason)]);
      },
    );

    it('never moves a paid purchase back: a late or replayed cancel changes nothing', () => {
      spec.given([created, started, paid]).when(fail('buyer-canceled')).thenNothing();
      spec.given([created, started, paid]).when(fail('payment-failed')).thenNothing();
    });

    it('changes nothing on a purchase already cancelled', () => {
      spec
        .given([created, purchaseCanceled('buyer-canceled')])
        .when(fail('payment-failed'))
        .thenNothing();
    });
  });

  describe('ExpirePurchase (our own clock)', () => {
    const expire = (at: Date) => onPurchase<ExpirePurchase>('ExpirePurchase', {}, at);

    it('cancels an unpaid purchase once its 30 minutes are over', () => {
      spec
        .given([created, started])
        .when(expire(minutesAfterNow(29)))
        .thenNothing();
      spec
        .given([created, started])
        .when(expire(minutesAfterNow(30)))
        .then([
          {
            type: 'PurchaseCanceled',
            data: {
              purchaseId: PURCHASE_ID,
              reason: 'expired',
              canceledAt: minutesAfterNow(30).toISOString(),
              providerResponse: null,
            },
          },
        ]);
    });

    it('never expires a paid purchase', () => {
      spec
        .given([created, started, paid])
        .when(expire(minutesAfterNow(120)))
        .thenNothing();
    });
  });

  describe('status, message by message', () => {
    it('ends paid whatever order the messages came in', () => {
      const orders = [
        [paid, purchaseCanceled('payment-failed')],
        [purchaseCanceled('buyer-canceled'), paid],
        [paid, paid, purchaseCanceled('expired')],
      ];
      for (const events of orders) {
        expect(foldEvents(purchaseDecider, [created, started, ...events]).status).toBe('paid');
      }
    });
  });

  describe('RecordDownload', () => {
    it('records one file with its document and uploader, and no personal data', () => {
      spec
        .given([created, paid])
        .when(download('file-guide'))
        .then([
          {
            type: 'PurchaseFilesDownloaded',
            data: {
              purchaseId: PURCHASE_ID,
              archive: false,
              files: [{ documentId: 'doc-employment', fileId: 'file-guide', uploaderId: 'user-uploader' }],
              downloadedAt: minutesAfterNow(10).toISOString(),
            },
          },
        ]);
    });

    it('records the zip as every file of the purchase', () => {
      const [event] = purchaseDecider.decide(download(null), foldEvents(purchaseDecider, [created, paid]));
      expect(event?.type === 'PurchaseFilesDownloaded' && event.data).toMatchObject({
        archive: true,
        files: [{ fileId: 'file-main' }, { fileId: 'file-guide' }],
      });
    });

    it('refuses an unpaid or cancelled purchase', () => {
      spec.given([created]).when(download('file-main')).thenThrows('PURCHASE.NOT_PAID');
      spec
        .given([created, purchaseCanceled('expired')])
        .when(download(null))
        .thenThrows('PURCHASE.NOT_PAID');
    });

    it('refuses once the links ran out, 24 hours after the payment', () => {
      expect(DOWNLOAD_LINKS_VALIDITY_MS).toBe(24 * 60 * 60_000);
      spec
        .given([created, paid])
        .when(download('file-main', minutesAfterNow(5 + 24 * 60)))
        .thenThrows('PURCHASE.LINKS_EXPIRED');
    });

    it('refuses a file that is not in the purchase', () => {
      spec.given([created, paid]).when(download('file-other')).thenThrows('FILE.NOT_FOUND');
    });
  });

  describe('SupersedePurchase (a newer checkout of the basket)', () => {
    const supersede = onPurchase<SupersedePurchase>('SupersedePurchase', { supersededBy: 'purchase-2' });

    it('ends an unpaid purchase, as cancelled', () => {
      spec.given([created, started]).when(supersede).then([superseded]);
      expect(foldEvents(purchaseDecider, [created, started, superseded])).toMatchObject({
        status: 'canceled',
        cancelReason: 'superseded',
      });
    });

    it('leaves a paid, an ended or a missing purchase as it is', () => {
      spec.given([created, started, paid]).when(supersede).thenNothing();
      spec
        .given([created, purchaseCanceled('expired')])
        .when(supersede)
        .thenNothing();
      spec.given([]).when(supersede).thenNothing();
    });
  });

  describe('IssueAccessKey', () => {
    const issue = onPurchase<IssueAccessKey>('IssueAccessKey', { keyId: 'key-1' });
    const issued = keyIssued('key-1', 'checkout', minutesAfterNow(5));

    it("gives the purchase the buyer's first key, once", () => {
      spec.given([created]).when(issue).then([issued]);
      spec.given([created, issued]).when(issue).thenNothing();
      expect(foldEvents(purchaseDecider, [created, issued])).toMatchObject({ accessKeyId: 'key-1' });
    });

    it('refuses a purchase that does not exist', () => {
      spec.given([]).when(issue).thenThrows('PURCHASE.NOT_FOUND');
    });
  });

  describe('RenewDownloadLinks', () => {
    const renew = (at: Date) => onPurchase<RenewDownloadLinks>('RenewDownloadLinks', { keyId: 'key-2' }, at);
    const twoDaysLater = minutesAfterNow(2 * 24 * 60);

    it('gives a paid purchase another 24 hours, and downloads work again', () => {
      const renewed = {
        type: 'PurchaseLinksRenewed' as const,
        data: {
          purchaseId: PURCHASE_ID,
          renewedAt: twoDaysLater.toISOString(),
          linksValidUntil: new Date(twoDaysLater.getTime() + DOWNLOAD_LINKS_VALIDITY_MS).toISOString(),
        },
      };
      const newKey = keyIssued('key-2', 'fresh-links', twoDaysLater);
      spec
        .given([created, keyIssued('key-1', 'checkout', NOW), paid])
        .when(renew(twoDaysLater))
        .then([renewed, newKey]);
      const state = foldEvents(purchaseDecider, [created, paid, renewed, newKey]);
      expect(state).toMatchObject({ accessKeyId: 'key-2' });
      expect(
        purchaseDecider.decide(download('file-main', minutesAfterNow(2 * 24 * 60 + 1)), state),
      ).toHaveLength(1);
    });

    it('refuses a purchase that is not paid', () => {
      spec.given([created]).when(renew(twoDaysLater)).thenThrows('PURCHASE.NOT_PAID');
    });
  });

  describe('RecordConfirmationSent', () => {
    const sent = onPurchase<RecordConfirmationSent>('RecordConfirmationSent', {});

    it('is recorded once, for a paid purchase', () => {
      spec
        .given([created, paid])
        .when(sent)
        .then([
          {
            type: 'PurchaseConfirmationSent',
            data: { purchaseId: PURCHASE_ID, sentAt: minutesAfterNow(5).toISOString() },
          },
        ]);
      spec
        .given([
          created,
          paid,
          { type: 'PurchaseConfirmationSent', data: { purchaseId: PURCHASE_ID, sentAt: 'x' } },
        ])
        .when(sent)
        .thenNothing();
      spec.given([created]).when(sent).thenNothing();
    });
  });
});
