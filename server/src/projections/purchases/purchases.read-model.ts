import type { VatDecision } from '../../domain/vat/vat-decision';
import type {
  InvoiceRequest,
  Payer,
  PurchaseCanceled,
  PurchaseLine,
  PurchaseRefundDue,
  PurchaseTotals,
} from '../../events/purchase.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const PURCHASES_COLLECTION = 'purchases';
export const INVOICES_COLLECTION = 'invoices';

/** One event of the purchase's history, as the admin's purchase page lists it. */
export interface PurchaseHistoryEntry {
  readonly type: string;
  readonly occurredAt: string;
  readonly actorId: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * One event of the history as the read model stores it: the PurchaseCreated entry has no `data`, because
 * its payload is the purchase's own fields (`purchaseHistory` puts it back); documents written before keep it.
 */
export interface StoredHistoryEntry {
  readonly type: string;
  readonly occurredAt: string;
  readonly actorId: string | null;
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * A payment the shop owes back (PurchaseRefundDue): `due` until a refund of it completes (`refunded`). The
 * admin's purchases screen flags the purchase while any is due.
 */
export interface RefundView {
  readonly status: 'due' | 'refunded';
  readonly reason: PurchaseRefundDue['data']['reason'];
  readonly provider: string;
  readonly transactionId: string;
  readonly amount: number;
  readonly currency: string;
  /** When the payer paid at the gateway. */
  readonly paidAt: string;
  /** When the shop recorded that it owes the money back. */
  readonly flaggedAt: string;
}

/**
 * A refund an admin asked for (PurchaseRefundRequested and what followed): `requested` while the gateway has
 * not answered or said "later" (`deferred` says why), then `completed` or `failed`.
 */
export interface RefundRequestView {
  readonly refundId: string;
  readonly kind: 'sale' | 'payment-due';
  readonly transactionId: string;
  readonly amount: number;
  readonly documents: readonly {
    readonly documentId: string;
    readonly title: string;
    readonly price: number;
  }[];
  readonly whole: boolean;
  readonly reason: string;
  readonly status: 'requested' | 'completed' | 'failed';
  readonly requestedAt: string;
  readonly requestedBy: string | null;
  readonly deferred: { readonly reason: string; readonly message: string; readonly at: string } | null;
  readonly failure: {
    readonly reason: string;
    readonly message: string;
    readonly gatewayCode: number | null;
    readonly at: string;
  } | null;
  readonly completedAt: string | null;
  readonly gatewayRefundId: string | null;
  /** The credit note (the sale had an invoice) or refund receipt, once numbered. */
  readonly creditNote: {
    readonly kind: 'credit-note' | 'refund-receipt';
    readonly number: string;
    readonly issuedAt: string;
    /** The invoice or receipt it corrects. */
    readonly corrects: string;
  } | null;
  readonly noticeSentAt: string | null;
}

/** A purchase as the buyer's summary, My purchases and the admin pages read it. */
export interface PurchaseView extends ReadModel {
  readonly number: string;
  readonly status: 'pending' | 'paid' | 'canceled';
  readonly basketId: string;
  readonly buyerId: string | null;
  readonly language: 'et' | 'en';
  readonly payer: Payer;
  readonly invoice: InvoiceRequest | null;
  readonly paymentMethod: string;
  readonly lines: readonly PurchaseLine[];
  readonly totals: PurchaseTotals;
  /** How the purchase is taxed, with its evidence and VIES's answer (the PurchaseCreated's). */
  readonly vat: VatDecision;
  readonly createdAt: string;
  readonly activeUntil: string;
  readonly paidAt: string | null;
  readonly canceledAt: string | null;
  readonly cancelReason: PurchaseCanceled['data']['reason'] | 'superseded' | null;
  /** The purchase that a newer checkout of the basket made instead of this one (cancelReason superseded). */
  readonly supersededBy?: string | null;
  /** Names the buyer's current access key (the key itself is never stored); absent or null: none yet. */
  readonly accessKeyId?: string | null;
  /** Payments owed back to the payer (absent in documents written before refunds were flagged). */
  readonly refunds?: readonly RefundView[];
  /** Whether any payment of this purchase is owed back and not yet refunded. */
  readonly refundDue?: boolean;
  /** Refunds asked for by admins, oldest first (absent in documents written before refunds). */
  readonly refundRequests?: readonly RefundRequestView[];
  /** Whether a refund has work left: waiting for the gateway, or its credit note and mail (the sweep retries). */
  readonly refundOpen?: boolean;
  /** Documents whose money is given back or on its way back: their links no longer work. */
  readonly refundedDocumentIds?: readonly string[];
  /** What completed refunds of the sale gave back, cents. */
  readonly refundedAmount?: number;
  readonly provider: string | null;
  readonly transactionId: string | null;
  /** SPEC §3 "payment provider response": the gateway's last message about the payment. */
  readonly providerResponse: Readonly<Record<string, unknown>> | null;
  readonly linksValidUntil: string | null;
  readonly confirmationSentAt: string | null;
  readonly basketConverted: boolean;
  readonly invoiceNumber: string | null;
  readonly invoiceIssuedAt: string | null;
  /** The receipt's number of its own series (no invoice asked for); null on purchases from before. */
  readonly receiptNumber: string | null;
  readonly receiptIssuedAt: string | null;
  readonly downloadCount: number;
  /** Folded payer name, e-mail, company and number, for the admin's filter. */
  readonly searchText: string;
  readonly history: readonly StoredHistoryEntry[];
  readonly updatedAt: string;
}

/** The PurchaseCreated payload a purchase was made from, in the event's own field order. */
function createdData(view: PurchaseView): Readonly<Record<string, unknown>> {
  return {
    purchaseId: view._id,
    basketId: view.basketId,
    buyerId: view.buyerId,
    language: view.language,
    payer: view.payer,
    invoice: view.invoice,
    paymentMethod: view.paymentMethod,
    lines: view.lines,
    totals: view.totals,
    vat: view.vat,
    activeUntil: view.activeUntil,
  };
}

/** The purchase's whole history with every event's data, as the admin's purchase page shows it. */
export function purchaseHistory(view: PurchaseView): PurchaseHistoryEntry[] {
  return view.history.map((entry) =>
    entry.data !== undefined ? { ...entry, data: entry.data } : { ...entry, data: createdData(view) },
  );
}

/** A VAT invoice as the admin's invoices list reads it. */
export interface InvoiceView extends ReadModel {
  readonly invoiceNumber: string;
  readonly series: string;
  readonly sequence: number;
  readonly purchaseId: string;
  readonly purchaseNumber: string;
  readonly issuedAt: string;
  readonly companyName: string;
  readonly registryCode: string;
  readonly vatNumber: string | null;
  readonly total: number;
  readonly vat: number;
  /** How the invoice's sale is taxed (domestic, oss, reverse-charge, outside-scope). */
  readonly vatTreatment: VatDecision['treatment'];
  readonly language: 'et' | 'en';
  /** Folded number, company, registry code and purchase number, for the admin's filter. */
  readonly searchText: string;
}
