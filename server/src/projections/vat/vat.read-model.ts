import type { VatDecision } from '../../domain/vat/vat-decision';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';
import type { EventRef } from '../money/event-ref';

export const VAT_PENDING = 'vat_pending';
export const VAT_SALES = 'vat_sales';
export const VAT_CROSS_BORDER = 'vat_cross_border';

/** A purchase's VAT as its PurchaseCreated decided it, kept until it is paid; `_id` is the purchase id. */
export interface VatPendingView extends ReadModel {
  readonly vat: VatDecision;
  readonly taxableAmount: number;
  readonly vatAmount: number;
  readonly total: number;
  readonly created: EventRef;
}

/**
 * One paid purchase as the VAT returns read it (`_id` is the purchase id), or a refund of one (`_id`
 * refund:<refundId>, amounts negative, dated by the refund): its treatment, country and
 * rate, its taxable amount and VAT, the day the ledger dated its payment (Estonian calendar), and the
 * events behind it, so every figure of a return traces back to its purchases.
 */
export interface VatSaleView extends ReadModel {
  readonly purchaseId: string;
  readonly purchaseNumber: string;
  /** YYYY-MM-DD, YYYY-MM and YYYY-Qn of the payment (the ledger's day). */
  readonly day: string;
  readonly month: string;
  readonly quarter: string;
  readonly treatment: VatDecision['treatment'];
  readonly reason: VatDecision['reason'];
  readonly buyerCountry: string | null;
  readonly vatCountry: string | null;
  readonly rate: number;
  readonly taxableAmount: number;
  readonly vatAmount: number;
  readonly total: number;
  readonly buyerVatNumber: string | null;
  readonly viesConsultationNumber: string | null;
  /** The invoice's or receipt's number, once given. */
  readonly documentNumber: string | null;
  readonly documentKind: 'invoice' | 'receipt' | 'credit-note' | 'refund-receipt' | null;
  /** On a refund's row (`_id` refund:<refundId>): the refund, and the invoice or receipt it corrects. */
  readonly refundId?: string;
  readonly correctsDocumentNumber?: string | null;
  readonly created: EventRef;
  readonly paid: EventRef;
  readonly positionKey: string;
}

/** One calendar year's cross-border sales to EU consumers (net, cents): the OSS threshold's figure. */
export interface VatCrossBorderView extends ReadModel {
  readonly year: number;
  readonly amount: number;
}
