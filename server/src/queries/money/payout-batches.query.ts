import { Query } from '@nestjs/cqrs';
import type { PayoutBatchDto, PayoutBatchPage } from './money.views';

/** The payout files, newest first (admin). */
export class ListPayoutBatchesQuery extends Query<PayoutBatchPage> {
  constructor(
    readonly criteria: {
      readonly status?: 'exported' | 'executed';
      readonly offset: number;
      readonly limit: number;
    },
  ) {
    super();
  }
}

/** One payout file with its transfers; null when there is none. */
export class GetPayoutBatchQuery extends Query<PayoutBatchDto | null> {
  constructor(readonly batchId: string) {
    super();
  }
}

/** One payout file's bytes, as exported; null when there is none. */
export class GetPayoutBatchFileQuery extends Query<{
  readonly name: string;
  readonly xml: string;
  readonly messageId: string;
} | null> {
  constructor(readonly batchId: string) {
    super();
  }
}
