import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CrossBorderSales } from '../../domain/vat/vat-decision';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { VAT_CROSS_BORDER, type VatCrossBorderView } from '../../projections/vat/vat.read-model';
import { GetCrossBorderSalesQuery } from './get-cross-border-sales.query';

@QueryHandler(GetCrossBorderSalesQuery)
export class GetCrossBorderSalesHandler implements IQueryHandler<GetCrossBorderSalesQuery, CrossBorderSales> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ year }: GetCrossBorderSalesQuery): Promise<CrossBorderSales> {
    const years = this.readStore.collection<VatCrossBorderView>(VAT_CROSS_BORDER);
    const [current, previous] = await Promise.all([
      years.findOne({ _id: String(year) }),
      years.findOne({ _id: String(year - 1) }),
    ]);
    return { year, previousYear: previous?.amount ?? 0, currentYear: current?.amount ?? 0 };
  }
}
