import { Query } from '@nestjs/cqrs';

/** Ids of baskets whose hour ran out but whose expiry is not recorded yet. */
export class ExpiredBasketsQuery extends Query<string[]> {
  constructor(
    readonly now: Date,
    readonly limit = 100,
  ) {
    super();
  }
}
