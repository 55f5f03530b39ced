import { Query } from '@nestjs/cqrs';
import type { Period, SalesSummary } from './money.views';

/** "My sales": one uploader's sales, downloads, payouts and balance for a period. */
export class GetSalesSummaryQuery extends Query<SalesSummary> {
  constructor(
    readonly uploaderId: string,
    readonly period: Period,
    readonly now: Date,
  ) {
    super();
  }
}
