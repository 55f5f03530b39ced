import { Query } from '@nestjs/cqrs';
import type { PayoutStatus } from '../../domain/payout/payouts.decider';
import type { PayoutPage } from './money.views';

export interface ListPayoutsCriteria {
  /** Only this uploader's payouts ("My payouts"); all of them for the admin list. */
  readonly uploaderId?: string;
  readonly status?: PayoutStatus;
  readonly offset: number;
  readonly limit: number;
}

/** Payouts, newest first. */
export class ListPayoutsQuery extends Query<PayoutPage> {
  constructor(readonly criteria: ListPayoutsCriteria) {
    super();
  }
}
