import { Query } from '@nestjs/cqrs';
import type { PayoutRequestInfo } from './money.views';

/** What the payout request screen shows: the available amount, the fee rule, the documents behind it. */
export class GetPayoutRequestInfoQuery extends Query<PayoutRequestInfo> {
  constructor(
    readonly uploaderId: string,
    readonly payeeName: string,
    readonly now: Date,
  ) {
    super();
  }
}
