import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FEE_RATES } from '../../config/fee-rates.token';
import { type FeeRates, type PriceSplit, splitPrice } from '../../domain/shared/fees';
import { GetPriceSplitQuery } from './get-price-split.query';

@QueryHandler(GetPriceSplitQuery)
export class GetPriceSplitHandler implements IQueryHandler<GetPriceSplitQuery, PriceSplit> {
  constructor(@Inject(FEE_RATES) private readonly rates: FeeRates) {}

  execute({ price }: GetPriceSplitQuery): Promise<PriceSplit> {
    return Promise.resolve(splitPrice(price, this.rates));
  }
}
