import { Query } from '@nestjs/cqrs';
import type { BasketCheckoutView, BasketLineView } from '../../projections/basket/basket.read-model';

/** The basket as the cart shows it (docs/api.md, Basket). */
export interface BasketSummary {
  readonly id: string;
  readonly documents: readonly BasketLineView[];
  readonly documentCount: number;
  readonly subtotal: number;
  readonly serviceFee: number;
  readonly vat: number;
  readonly total: number;
  readonly activeUntil: string | null;
  readonly confirmed: boolean;
  readonly paymentMethods: readonly string[] | null;
  /** The buyer's details as last confirmed (the cart's form is filled in with them); null before. */
  readonly checkout: BasketCheckoutView | null;
  /** The purchase started from the current confirmation ("Go pay"); null before. */
  readonly purchaseId: string | null;
}

/** A basket at a moment: past its hour it reads as empty, even before the expiry is recorded. */
export class GetBasketQuery extends Query<BasketSummary> {
  constructor(
    readonly basketId: string,
    readonly now: Date,
  ) {
    super();
  }
}
