import { Query } from '@nestjs/cqrs';
import type { PriceSplit } from '../../domain/shared/fees';

/** How a sale at this price divides at today's rates ("You earn X € per sale"). */
export class GetPriceSplitQuery extends Query<PriceSplit> {
  constructor(readonly price: number) {
    super();
  }
}
