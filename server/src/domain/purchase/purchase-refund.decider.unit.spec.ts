import type { PurchaseEvent, PurchaseLine, RefundedLine } from '../../events/purchase.events';
import { minutesAfterNow } from '../testing/command-context.builders';
import { deciderSpec } from '../testing/decider-spec';
import {
  EMPLOYMENT_LINE,
  PURCHASE_ID,
  TRANSACTION_ID,
  onPurchase,
  paymentStarted,
  purchaseCreated,
  purchasePaid,
} from '../testing/purchase.builders';
import type {
  CompleteRefund,
  DeferRefund,
  FailRefund,
  RecordDownload,
  RenewDownloadLinks,
  RequestRefund,
} from './purchase.decider';
import { purchaseDecider } from './purchase.decider';

const spec = deciderSpec(purchaseDecider);
const LEASE_LINE: PurchaseLine = {
  ...EMPLOYMENT_LINE,
  documentId: 'doc-lease',
  slug: 'yyrileping-doc-lease',
  title: 'Üürileping',
  uploaderId: 'uploader-2',
  listPrice: 620,
  price: 620,
  vat: 120,
  licenceFee: 500,
  serviceFee: 100,
  uploaderEarnings: 400,
  files: [{ ...EMPLOYMENT_LINE.files[0]!, fileId: 'file-lease' }],
};
const refunded = (line: PurchaseLine): RefundedLine => ({
  documentId: line.documentId,
  title: line.title,
  uploaderId: line.uploaderId,
  price: line.price,
  vat: line.vat,
  licenceFee: line.licenceFee,
  serviceFee: line.serviceFee,
  uploaderEarnings: line.uploaderEarnings,
});
const paid: PurchaseEvent[] = [
  purchaseCreated({
    lines: [EMPLOYMENT_LINE, LEASE_LINE],
    totals: { price: 1860, vat: 360, licenceFee: 1500, serviceFee: 300, uploaderEarnings: 1200 },
  }),
  paymentStarted(),
  { ...purchasePaid(), data: { ...purchasePaid().data, amount: 1860 } },
];
const at = minutesAfterNow(60);
const request = (
  refundId: string,
  documentIds: string[] | null,
  reason = 'Dokument ei vastanud kirjeldusele',
  transactionId: string | null = null,
) => onPurchase<RequestRefund>('RequestRefund', { refundId, documentIds, transactionId, reason }, at);
const requested = (
  refundId: string,
  lines: PurchaseLine[],
  refundedBefore = 0,
  whole = false,
): PurchaseEvent => ({
  type: 'PurchaseRefundRequested',
  data: {
    purchaseId: PURCHASE_ID,
    refundId,
    kind: 'sale',
    transactionId: TRANSACTION_ID,
    amount: lines.reduce((s, l) => s + l.price, 0),
    refundedBefore,
    lines: lines.map(refunded),
    whole,
    reason: 'Dokument ei vastanud kirjeldusele',
    requestedAt: at.toISOString(),
  },
});
const complete = (refundId: string) =>
  onPurchase<CompleteRefund>('CompleteRefund', {
    refundId,
    gatewayRefundId: `gw-${refundId}`,
    gatewayStatus: 'created',
    refundedAt: at,
    providerResponse: { status: 'CREATED' },
  });
const completed = (refundId: string, lines: PurchaseLine[]): PurchaseEvent => ({
  type: 'PurchaseRefundCompleted',
  data: {
    purchaseId: PURCHASE_ID,
    refundId,
    kind: 'sale',
    transactionId: TRANSACTION_ID,
    amount: lines.reduce((s, l) => s + l.price, 0),
    lines: lines.map(refunded),
    reason: 'Dokument ei vastanud kirjeldusele',
    gatewayRefundId: `gw-${refundId}`,
    gatewayStatus: 'created',
    refundedAt: at.toISOString(),
    providerResponse: { status: 'CREATED' },
  },
});
const failed = (refundId: string): PurchaseEvent => ({
  type: 'PurchaseRefundFailed',
  data: {
    purchaseId: PURCHASE_ID,
    refundId,
    reason: 'declined',
    message: 'Refused',
    gatewayCode: 1503,
    failedAt: at.toISOString(),
  },
});

describe('refunds of a purchase', () => {
  it('asks for a refund of some documents with exactly the money facts the sale posted', () => {
    spec
      .given(paid)
      .when(request('r1', ['doc-employment']))
      .then([requested('r1', [EMPLOYMENT_LINE])]);
  });

  it('refunds every document left when none is named, counting what the transaction already gave back', () => {
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE]), completed('r1', [EMPLOYMENT_LINE])])
      .when(request('r2', null))
      .then([requested('r2', [LEASE_LINE], 1240, true)]);
  });

  it('never refunds a document twice, and nothing when nothing is left', () => {
    const given = [...paid, requested('r1', [EMPLOYMENT_LINE]), completed('r1', [EMPLOYMENT_LINE])];
    spec
      .given(given)
      .when(request('r2', ['doc-employment']))
      .thenThrows('REFUND.ALREADY_REFUNDED');
    spec
      .given([...given, requested('r2', [LEASE_LINE], 1240, true), completed('r2', [LEASE_LINE])])
      .when(request('r3', null))
      .thenThrows('REFUND.ALREADY_REFUNDED');
  });

  it('has one refund at the gateway at a time', () => {
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE])])
      .when(request('r2', ['doc-lease']))
      .thenThrows('REFUND.IN_PROGRESS');
  });

  it('lets a refused refund be asked for again', () => {
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE]), failed('r1')])
      .when(request('r2', ['doc-employment']))
      .then([requested('r2', [EMPLOYMENT_LINE])]);
  });

  it('refuses an unpaid purchase, a document not in it, and a blank reason', () => {
    spec.given(paid.slice(0, 2)).when(request('r1', null)).thenThrows('PURCHASE.NOT_PAID');
    spec
      .given(paid)
      .when(request('r1', ['doc-other']))
      .thenThrows('REFUND.DOCUMENT_NOT_IN_PURCHASE');
    spec
      .given(paid)
      .when(request('r1', null, '  '))
      .thenThrows('REFUND.REASON_REQUIRED');
  });

  it('records the gateway’s answer once: a second answer changes nothing', () => {
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE])])
      .when(complete('r1'))
      .then([completed('r1', [EMPLOYMENT_LINE])]);
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE]), completed('r1', [EMPLOYMENT_LINE])])
      .when(complete('r1'))
      .thenNothing();
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE]), failed('r1')])
      .when(
        onPurchase<FailRefund>('FailRefund', {
          refundId: 'r1',
          reason: 'declined',
          message: 'x',
          gatewayCode: null,
        }),
      )
      .thenNothing();
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE]), completed('r1', [EMPLOYMENT_LINE])])
      .when(
        onPurchase<DeferRefund>('DeferRefund', { refundId: 'r1', reason: 'still-processing', message: 'x' }),
      )
      .thenNothing();
  });

  it('stops the downloads of a refunded document from the request on, and all of them after a whole refund', () => {
    const download = (fileId: string | null) =>
      onPurchase<RecordDownload>('RecordDownload', { fileId }, minutesAfterNow(61));
    const partly = [...paid, requested('r1', [EMPLOYMENT_LINE])];
    spec.given(partly).when(download(EMPLOYMENT_LINE.files[0]!.fileId)).thenThrows('PURCHASE.REFUNDED');
    spec
      .given(partly)
      .when(download(null))
      .then([
        {
          type: 'PurchaseFilesDownloaded',
          data: {
            purchaseId: PURCHASE_ID,
            archive: true,
            files: [{ documentId: 'doc-lease', fileId: 'file-lease', uploaderId: 'uploader-2' }],
            downloadedAt: minutesAfterNow(61).toISOString(),
          },
        },
      ]);
    spec
      .given([...partly, failed('r1')])
      .when(download(EMPLOYMENT_LINE.files[0]!.fileId))
      .then([
        {
          type: 'PurchaseFilesDownloaded',
          data: {
            purchaseId: PURCHASE_ID,
            archive: false,
            files: [
              {
                documentId: 'doc-employment',
                fileId: EMPLOYMENT_LINE.files[0]!.fileId,
                uploaderId: EMPLOYMENT_LINE.uploaderId,
              },
            ],
            downloadedAt: minutesAfterNow(61).toISOString(),
          },
        },
      ]);
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE, LEASE_LINE], 0, true)])
      .when(download(null))
      .thenThrows('PURCHASE.REFUNDED');
    spec
      .given([...paid, requested('r1', [EMPLOYMENT_LINE, LEASE_LINE], 0, true)])
      .when(onPurchase<RenewDownloadLinks>('RenewDownloadLinks', { keyId: 'k2' }, minutesAfterNow(61)))
      .thenThrows('PURCHASE.REFUNDED');
  });

  it('refunds a payment owed back by its transaction, once', () => {
    const due: PurchaseEvent = {
      type: 'PurchaseRefundDue',
      data: {
        purchaseId: PURCHASE_ID,
        reason: 'already-paid',
        provider: 'makecommerce',
        transactionId: 'tx-second',
        amount: 1860,
        currency: 'EUR',
        paidAt: minutesAfterNow(10).toISOString(),
        providerResponse: {},
      },
    };
    const dueRequested: PurchaseEvent = {
      type: 'PurchaseRefundRequested',
      data: {
        purchaseId: PURCHASE_ID,
        refundId: 'r1',
        kind: 'payment-due',
        transactionId: 'tx-second',
        amount: 1860,
        refundedBefore: 0,
        lines: [],
        whole: true,
        reason: 'Teine makse',
        requestedAt: at.toISOString(),
      },
    };
    const completedDue: PurchaseEvent = {
      type: 'PurchaseRefundCompleted',
      data: {
        purchaseId: PURCHASE_ID,
        refundId: 'r1',
        kind: 'payment-due',
        transactionId: 'tx-second',
        amount: 1860,
        lines: [],
        reason: 'Teine makse',
        gatewayRefundId: 'gw-r1',
        gatewayStatus: 'created',
        refundedAt: at.toISOString(),
        providerResponse: null,
      },
    };
    spec
      .given([...paid, due])
      .when(request('r1', null, 'Teine makse', 'tx-second'))
      .then([dueRequested]);
    spec
      .given([...paid, due])
      .when(request('r1', null, 'Teine makse', 'tx-other'))
      .thenThrows('REFUND.NOT_DUE');
    spec
      .given([...paid, due, dueRequested, completedDue])
      .when(request('r2', null, 'Uuesti', 'tx-second'))
      .thenThrows('REFUND.ALREADY_REFUNDED');
  });
});
