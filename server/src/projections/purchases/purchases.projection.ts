import { foldForSearch } from '../../domain/catalogue/search-text';
import { purchaseNumber } from '../../domain/purchase/purchase-naming';
import type { BasketConverted } from '../../events/basket.events';
import type { StoredEvent } from '../../events/domain-event';
import type {
  CreditNoteNumberAssigned,
  InvoiceNumberAssigned,
  ReceiptNumberAssigned,
  RefundReceiptNumberAssigned,
} from '../../events/invoice.events';
import type { PurchaseEvent } from '../../events/purchase.events';
import type { ProjectionTransaction, WriteCollection } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import {
  INVOICES_COLLECTION,
  type InvoiceView,
  PURCHASES_COLLECTION,
  type PurchaseView,
  type RefundRequestView,
  type RefundView,
  type StoredHistoryEntry,
} from './purchases.read-model';

type Handled =
  | PurchaseEvent
  | InvoiceNumberAssigned
  | ReceiptNumberAssigned
  | CreditNoteNumberAssigned
  | RefundReceiptNumberAssigned
  | BasketConverted;

const HANDLED: ReadonlySet<string> = new Set<Handled['type']>([
  'PurchaseCreated',
  'PurchasePaymentStarted',
  'PurchasePaid',
  'PurchaseCanceled',
  'PurchaseFilesDownloaded',
  'PurchaseConfirmationSent',
  'PurchaseLinksRenewed',
  'PurchaseAccessKeyIssued',
  'PurchaseSuperseded',
  'PurchaseRefundDue',
  'PurchaseRefundRequested',
  'PurchaseRefundCompleted',
  'PurchaseRefundFailed',
  'PurchaseRefundDeferred',
  'PurchaseRefundNoticeSent',
  'CreditNoteNumberAssigned',
  'RefundReceiptNumberAssigned',
  'InvoiceNumberAssigned',
  'ReceiptNumberAssigned',
  'BasketConverted',
]);

const DAY_MS = 24 * 60 * 60 * 1000;

/** An event's data as the admin's history shows it: the key id is left out (with the secret it opens the purchase). */
function historyData(stored: StoredEvent): Record<string, unknown> {
  const data = stored.data as Record<string, unknown>;
  if (stored.type !== 'PurchaseAccessKeyIssued') return data;
  const { keyId: _keyId, ...rest } = data;
  return rest;
}

function withRequest(
  view: PurchaseView | null,
  refundId: string,
  change: Partial<RefundRequestView>,
): RefundRequestView[] {
  return (view?.refundRequests ?? []).map((r) => (r.refundId === refundId ? { ...r, ...change } : r));
}

/**
 * What the refunds add up to: documents no longer the buyer's, the amount given back, and whether one has
 * work left (waiting for the gateway, or completed without its mail yet: the purchase sweep picks it up).
 */
function refundFigures(requests: readonly RefundRequestView[]) {
  return {
    refundOpen: requests.some(
      (r) => r.status === 'requested' || (r.status === 'completed' && r.noticeSentAt === null),
    ),
    refundedDocumentIds: requests
      .filter((r) => r.kind === 'sale' && r.status !== 'failed')
      .flatMap((r) => r.documents.map((d) => d.documentId)),
    refundedAmount: requests
      .filter((r) => r.kind === 'sale' && r.status === 'completed')
      .reduce((sum, r) => sum + r.amount, 0),
  };
}

/**
 * Purchases for the buyer's summary, My purchases and the admin, each with its whole event history; and
 * the VAT invoices list. Invoice numbers and basket conversions live in other streams and are folded in
 * by the purchase they name.
 */
export class PurchasesProjection implements Projection {
  readonly name = 'purchases';
  readonly collections = [PURCHASES_COLLECTION, INVOICES_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    // A time and a number of its own per purchase: SQLite indexes rather than postings of a value each.
    { collection: PURCHASES_COLLECTION, keys: { createdAt: -1 }, highCardinality: true },
    { collection: PURCHASES_COLLECTION, keys: { number: 1 }, highCardinality: true },
    { collection: PURCHASES_COLLECTION, keys: { buyerId: 1, createdAt: -1 } },
    { collection: PURCHASES_COLLECTION, keys: { status: 1, activeUntil: 1 } },
    { collection: PURCHASES_COLLECTION, keys: { refundDue: 1, createdAt: -1 } },
    { collection: PURCHASES_COLLECTION, keys: { refundOpen: 1 } },
    { collection: INVOICES_COLLECTION, keys: { sequence: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as Handled;
    const purchases = tx.collection<PurchaseView>(PURCHASES_COLLECTION);
    const at = stored.occurredAt;
    // The PurchaseCreated's data is the purchase's own fields: stored once (purchaseHistory shows it again).
    const entry: StoredHistoryEntry =
      stored.type === 'PurchaseCreated'
        ? { type: stored.type, occurredAt: at, actorId: stored.actorId ?? null }
        : { type: stored.type, occurredAt: at, actorId: stored.actorId ?? null, data: historyData(stored) };
    const change = (purchaseId: string, set: Record<string, unknown>, inc?: Record<string, number>) =>
      purchases.updateOne(
        { _id: purchaseId },
        { $set: { ...set, updatedAt: at }, $push: { history: entry }, ...(inc ? { $inc: inc } : {}) },
      );

    switch (event.type) {
      case 'PurchaseCreated': {
        const d = event.data;
        const number = purchaseNumber(d.purchaseId);
        const view: PurchaseView = {
          _id: d.purchaseId,
          number,
          status: 'pending',
          basketId: d.basketId,
          buyerId: d.buyerId,
          language: d.language,
          payer: d.payer,
          invoice: d.invoice,
          paymentMethod: d.paymentMethod,
          lines: d.lines,
          totals: d.totals,
          vat: d.vat,
          createdAt: at,
          activeUntil: d.activeUntil,
          paidAt: null,
          canceledAt: null,
          cancelReason: null,
          provider: null,
          transactionId: null,
          providerResponse: null,
          linksValidUntil: null,
          confirmationSentAt: null,
          basketConverted: false,
          invoiceNumber: null,
          invoiceIssuedAt: null,
          receiptNumber: null,
          receiptIssuedAt: null,
          downloadCount: 0,
          supersededBy: null,
          accessKeyId: null,
          refunds: [],
          refundDue: false,
          refundRequests: [],
          refundOpen: false,
          refundedDocumentIds: [],
          refundedAmount: 0,
          searchText: foldForSearch(
            [d.payer.firstName, d.payer.lastName, d.payer.email, d.invoice?.companyName ?? '', number].join(
              ' ',
            ),
          ),
          history: [entry],
          updatedAt: at,
        };
        await purchases.replaceOne({ _id: d.purchaseId }, view, { upsert: true });
        return;
      }
      case 'PurchasePaymentStarted':
        await change(event.data.purchaseId, {
          provider: event.data.provider,
          transactionId: event.data.transactionId,
        });
        return;
      case 'PurchasePaid':
        await change(event.data.purchaseId, {
          status: 'paid',
          paidAt: event.data.paidAt,
          provider: event.data.provider,
          transactionId: event.data.transactionId,
          providerResponse: event.data.providerResponse,
          linksValidUntil: new Date(Date.parse(event.data.paidAt) + DAY_MS).toISOString(),
        });
        return;
      case 'PurchaseCanceled': {
        const current = await purchases.findOne({ _id: event.data.purchaseId });
        await change(
          event.data.purchaseId,
          current?.status === 'pending'
            ? {
                status: 'canceled',
                canceledAt: event.data.canceledAt,
                cancelReason: event.data.reason,
                providerResponse: event.data.providerResponse,
              }
            : {},
        );
        return;
      }
      case 'PurchaseFilesDownloaded':
        await change(event.data.purchaseId, {}, { downloadCount: 1 });
        return;
      case 'PurchaseConfirmationSent':
        await change(event.data.purchaseId, { confirmationSentAt: event.data.sentAt });
        return;
      case 'PurchaseLinksRenewed':
        await change(event.data.purchaseId, { linksValidUntil: event.data.linksValidUntil });
        return;
      case 'BasketConverted':
        await change(event.data.purchaseId, { basketConverted: true });
        return;
      case 'PurchaseAccessKeyIssued':
        await change(event.data.purchaseId, { accessKeyId: event.data.keyId });
        return;
      case 'PurchaseSuperseded': {
        const current = await purchases.findOne({ _id: event.data.purchaseId });
        await change(
          event.data.purchaseId,
          current?.status === 'pending'
            ? {
                status: 'canceled',
                canceledAt: event.data.supersededAt,
                cancelReason: 'superseded',
                supersededBy: event.data.supersededBy,
              }
            : {},
        );
        return;
      }
      case 'PurchaseRefundDue': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const refund: RefundView = {
          status: 'due',
          reason: d.reason,
          provider: d.provider,
          transactionId: d.transactionId,
          amount: d.amount,
          currency: d.currency,
          paidAt: d.paidAt,
          flaggedAt: at,
        };
        await change(d.purchaseId, { refunds: [...(current?.refunds ?? []), refund], refundDue: true });
        return;
      }
      case 'PurchaseRefundRequested': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const request: RefundRequestView = {
          refundId: d.refundId,
          kind: d.kind,
          transactionId: d.transactionId,
          amount: d.amount,
          documents: d.lines.map((l) => ({ documentId: l.documentId, title: l.title, price: l.price })),
          whole: d.whole,
          reason: d.reason,
          status: 'requested',
          requestedAt: d.requestedAt,
          requestedBy: stored.actorId ?? null,
          deferred: null,
          failure: null,
          completedAt: null,
          gatewayRefundId: null,
          creditNote: null,
          noticeSentAt: null,
        };
        const requests = [...(current?.refundRequests ?? []), request];
        await change(d.purchaseId, { refundRequests: requests, ...refundFigures(requests) });
        return;
      }
      case 'PurchaseRefundCompleted': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const requests = withRequest(current, d.refundId, {
          status: 'completed',
          deferred: null,
          completedAt: d.refundedAt,
          gatewayRefundId: d.gatewayRefundId,
        });
        const refunds = (current?.refunds ?? []).map((r) =>
          d.kind === 'payment-due' && r.transactionId === d.transactionId
            ? { ...r, status: 'refunded' as const }
            : r,
        );
        await change(d.purchaseId, {
          refundRequests: requests,
          ...refundFigures(requests),
          refunds,
          refundDue: refunds.some((r) => r.status === 'due'),
        });
        return;
      }
      case 'PurchaseRefundFailed': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const requests = withRequest(current, d.refundId, {
          status: 'failed',
          deferred: null,
          failure: { reason: d.reason, message: d.message, gatewayCode: d.gatewayCode, at: d.failedAt },
        });
        await change(d.purchaseId, { refundRequests: requests, ...refundFigures(requests) });
        return;
      }
      case 'PurchaseRefundDeferred': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const requests = withRequest(current, d.refundId, {
          deferred: { reason: d.reason, message: d.message, at: d.deferredAt },
        });
        await change(d.purchaseId, { refundRequests: requests });
        return;
      }
      case 'PurchaseRefundNoticeSent': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const requests = withRequest(current, d.refundId, { noticeSentAt: d.sentAt });
        await change(d.purchaseId, { refundRequests: requests, ...refundFigures(requests) });
        return;
      }
      case 'CreditNoteNumberAssigned':
      case 'RefundReceiptNumberAssigned': {
        const d = event.data;
        const current = await purchases.findOne({ _id: d.purchaseId });
        const creditNote =
          event.type === 'CreditNoteNumberAssigned'
            ? {
                kind: 'credit-note' as const,
                number: event.data.creditNoteNumber,
                issuedAt: d.issuedAt,
                corrects: event.data.invoiceNumber,
              }
            : {
                kind: 'refund-receipt' as const,
                number: event.data.refundReceiptNumber,
                issuedAt: d.issuedAt,
                corrects: event.data.receiptNumber,
              };
        await change(d.purchaseId, { refundRequests: withRequest(current, d.refundId, { creditNote }) });
        return;
      }
      case 'InvoiceNumberAssigned':
        await this.invoiceAssigned(tx, purchases, event, entry);
        return;
      case 'ReceiptNumberAssigned':
        await purchases.updateOne(
          { _id: event.data.purchaseId },
          {
            $set: {
              receiptNumber: event.data.receiptNumber,
              receiptIssuedAt: event.data.issuedAt,
              updatedAt: event.data.issuedAt,
            },
            $push: { history: entry },
          },
        );
        return;
    }
  }

  private async invoiceAssigned(
    tx: ProjectionTransaction,
    purchases: WriteCollection<PurchaseView>,
    event: InvoiceNumberAssigned,
    entry: StoredHistoryEntry,
  ): Promise<void> {
    const { purchaseId, invoiceNumber, issuedAt, series, sequence } = event.data;
    await purchases.updateOne(
      { _id: purchaseId },
      { $set: { invoiceNumber, invoiceIssuedAt: issuedAt, updatedAt: issuedAt }, $push: { history: entry } },
    );
    const purchase = await purchases.findOne({ _id: purchaseId });
    const invoice: InvoiceView = {
      _id: invoiceNumber,
      invoiceNumber,
      series,
      sequence,
      purchaseId,
      purchaseNumber: purchaseNumber(purchaseId),
      issuedAt,
      companyName: purchase?.invoice?.companyName ?? '',
      registryCode: purchase?.invoice?.registryCode ?? '',
      vatNumber: purchase?.invoice?.vatNumber ?? null,
      total: purchase?.totals.price ?? 0,
      vat: purchase?.totals.vat ?? 0,
      vatTreatment: purchase?.vat.treatment ?? 'domestic',
      language: purchase?.language ?? 'et',
      searchText: foldForSearch(
        [
          invoiceNumber,
          purchase?.invoice?.companyName ?? '',
          purchase?.invoice?.registryCode ?? '',
          purchaseNumber(purchaseId),
        ].join(' '),
      ),
    };
    await tx.collection<InvoiceView>(INVOICES_COLLECTION).replaceOne({ _id: invoiceNumber }, invoice, {
      upsert: true,
    });
  }
}
