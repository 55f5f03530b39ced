import { Query } from '@nestjs/cqrs';

/** Ids of the purchases with this (short) number; the caller checks the payer against each stream. */
export class FindPurchasesByNumberQuery extends Query<string[]> {
  constructor(readonly purchaseNumber: string) {
    super();
  }
}
