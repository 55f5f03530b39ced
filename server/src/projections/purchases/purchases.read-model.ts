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
 * A payment the shop owes back (PurchaseRefundDue): `due` until the refund work records it done. The
 * admin's purchases screen flags the purchase while any is due.
 */
export interface RefundView {
  readonly status: 'due';
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
  readonly history: readonly PurchaseHistoryEntry[];
  readonly updatedAt: string;
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
