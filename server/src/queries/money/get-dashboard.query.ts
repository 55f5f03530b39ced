import { Query } from '@nestjs/cqrs';
import type { Dashboard, Period } from './money.views';

/** The admin dashboard of a period: sales, fees, VAT, payouts, documents and users, per day and in total. */
export class GetDashboardQuery extends Query<Dashboard> {
  constructor(readonly period: Period) {
    super();
  }
}
