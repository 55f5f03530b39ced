import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import { ListPayoutsQuery } from './list-payouts.query';
import type { PayoutPage } from './money.views';
import { toPayoutDto } from './payout-dto';

@QueryHandler(ListPayoutsQuery)
export class ListPayoutsHandler implements IQueryHandler<ListPayoutsQuery, PayoutPage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: ListPayoutsQuery): Promise<PayoutPage> {
    const filter: Filter = {};
    if (criteria.uploaderId) filter.uploaderId = criteria.uploaderId;
    if (criteria.status) filter.status = criteria.status;
    const payouts = this.readStore.collection<PayoutView>(PAYOUTS_COLLECTION);
    const [items, total] = await Promise.all([
      payouts.find(filter, { sort: { positionKey: -1 }, skip: criteria.offset, limit: criteria.limit }),
      payouts.count(filter),
    ]);
    return { items: items.map(toPayoutDto), total, offset: criteria.offset, limit: criteria.limit };
  }
}
