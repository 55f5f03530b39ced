import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BASKETS_COLLECTION, type BasketView } from '../../projections/basket/basket.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ExpiredBasketsQuery } from './expired-baskets.query';

@QueryHandler(ExpiredBasketsQuery)
export class ExpiredBasketsHandler implements IQueryHandler<ExpiredBasketsQuery, string[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ now, limit }: ExpiredBasketsQuery): Promise<string[]> {
    const expired = await this.readStore
      .collection<BasketView>(BASKETS_COLLECTION)
      .find({ activeUntil: { $ne: null, $lte: now.toISOString() } }, { limit, sort: { activeUntil: 1 } });
    return expired.map((b) => b._id);
  }
}
