import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import { GetPayoutQuery } from './get-payout.query';
import type { PayoutDto } from './money.views';
import { toPayoutDto } from './payout-dto';

@QueryHandler(GetPayoutQuery)
export class GetPayoutHandler implements IQueryHandler<GetPayoutQuery, PayoutDto | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ payoutId }: GetPayoutQuery): Promise<PayoutDto | null> {
    const view = await this.readStore.collection<PayoutView>(PAYOUTS_COLLECTION).findOne({ _id: payoutId });
    return view ? toPayoutDto(view) : null;
  }
}
