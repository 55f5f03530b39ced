import { Query } from '@nestjs/cqrs';

/** Work for the purchase sweep: unpaid purchases past their 30 minutes, and paid ones not yet completed. */
export interface PurchasesDue {
  readonly expired: readonly string[];
  readonly incomplete: readonly string[];
  /** Purchases with a refund that has work left (at the gateway, or its credit note and mail). */
  readonly refunds: readonly string[];
}

export class PurchasesDueQuery extends Query<PurchasesDue> {
  constructor(
    readonly now: Date,
    readonly limit = 100,
  ) {
    super();
  }
}
