import { Query } from '@nestjs/cqrs';
import type { CrossBorderSales } from '../../domain/vat/vat-decision';

/** The platform's cross-border sales to EU consumers in `year` and the year before (the OSS threshold). */
export class GetCrossBorderSalesQuery extends Query<CrossBorderSales> {
  constructor(readonly year: number) {
    super();
  }
}
