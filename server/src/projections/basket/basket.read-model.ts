import type { VatDecision } from '../../domain/vat/vat-decision';
import type { InvoiceRequest, Payer } from '../../events/purchase.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const BASKETS_COLLECTION = 'baskets';

export interface BasketLineView {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly price: number;
  readonly vat: number;
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly addedAt: string;
}

/** The buyer's details as last confirmed: kept after a cancelled payment so the form is filled in again. */
export interface BasketCheckoutView {
  readonly payer: Payer;
  readonly invoice: InvoiceRequest | null;
  readonly paymentMethod: string;
}

/** The confirmed VAT as the cart shows it. */
export type BasketVatView = Pick<
  VatDecision,
  'treatment' | 'reason' | 'buyerCountry' | 'vatCountry' | 'rate'
>;

export interface BasketView extends ReadModel {
  readonly lines: readonly BasketLineView[];
  readonly activeUntil: string | null;
  readonly confirmed: boolean;
  /** The methods offered when the basket was confirmed (SPEC §3); null while unconfirmed. */
  readonly paymentMethods: readonly string[] | null;
  readonly checkout?: BasketCheckoutView | null;
  /** The VAT decided when the basket was confirmed; null while unconfirmed. */
  readonly vat?: BasketVatView | null;
  /** The purchase "Go pay" made of the current confirmation. */
  readonly purchaseId?: string | null;
  readonly updatedAt: string;
}
