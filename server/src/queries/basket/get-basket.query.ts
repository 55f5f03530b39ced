import { Query } from '@nestjs/cqrs';
import type {
  BasketCheckoutView,
  BasketLineView,
  BasketVatView,
} from '../../projections/basket/basket.read-model';

/** The basket as the cart shows it (docs/api.md, Basket). */
export interface BasketSummary {
  readonly id: string;
  readonly documents: readonly BasketLineView[];
  readonly documentCount: number;
  /** The lines' net prices (excluding VAT). */
  readonly subtotal: number;
  /** The platform's share of the net prices (part of the subtotal). */
  readonly serviceFee: number;
  /** VAT on the whole basket at `vatTreatment.rate`: the confirmed buyer's, else Estonia's. */
  readonly vat: number;
  /** subtotal + vat: what the buyer pays. */
  readonly total: number;
  /** The sum of the listed prices (the Estonian consumer prices the catalogue shows). */
  readonly listTotal: number;
  /** The VAT the amounts are computed with, and whether the buyer's confirmation decided it. */
  readonly vatTreatment: BasketVatView & { readonly confirmed: boolean };
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
