import { Query } from '@nestjs/cqrs';
import type { PayoutDto } from './money.views';

/** One payout by id; null when there is none. */
export class GetPayoutQuery extends Query<PayoutDto | null> {
  constructor(readonly payoutId: string) {
    super();
  }
}
