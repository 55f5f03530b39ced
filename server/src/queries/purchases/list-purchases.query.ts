import { Query } from '@nestjs/cqrs';
import type { PurchaseView } from '../../projections/purchases/purchases.read-model';

export interface ListPurchasesCriteria {
  /** Free text over the payer's name and e-mail, the invoice's company and the purchase number. */
  readonly q?: string;
  readonly status?: 'pending' | 'paid' | 'canceled';
  /** Only purchases with a payment owed back (true). */
  readonly refundDue?: boolean;
  /** Only purchases with a completed refund (whole or in part). */
  readonly refunded?: boolean;
  /** Only this signed-in buyer's purchases (My purchases). */
  readonly buyerId?: string;
  /** Only purchases holding this document. */
  readonly documentId?: string;
  readonly offset: number;
  readonly limit: number;
}

export interface PurchasePage {
  readonly items: readonly PurchaseView[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** Purchases, newest first. */
export class ListPurchasesQuery extends Query<PurchasePage> {
  constructor(readonly criteria: ListPurchasesCriteria) {
    super();
  }
}
