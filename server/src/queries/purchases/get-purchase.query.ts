import { Query } from '@nestjs/cqrs';
import type { PurchaseView } from '../../projections/purchases/purchases.read-model';

/** One purchase as the read model has it; null when there is none. */
export class GetPurchaseQuery extends Query<PurchaseView | null> {
  constructor(readonly purchaseId: string) {
    super();
  }
}
