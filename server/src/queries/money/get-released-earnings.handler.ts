import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SALES_LINES, type SaleLineView } from '../../projections/money/sales.read-model';
import { releasedEarnings } from './balance';
import { GetReleasedEarningsQuery } from './get-released-earnings.query';

@QueryHandler(GetReleasedEarningsQuery)
export class GetReleasedEarningsHandler implements IQueryHandler<GetReleasedEarningsQuery, number> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ uploaderId, now }: GetReleasedEarningsQuery): Promise<number> {
    const lines = await this.readStore
      .collection<SaleLineView>(SALES_LINES)
      .find({ uploaderId, releasedAt: { $lte: now.toISOString() } });
    return releasedEarnings(lines, now);
  }
}
