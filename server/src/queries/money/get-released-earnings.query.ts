import { Query } from '@nestjs/cqrs';

/**
 * Everything the uploader has earned whose release date has come by `now` (cents). A lower bound while
 * the sales read model catches up, and it only grows: the payout decision may rely on it.
 */
export class GetReleasedEarningsQuery extends Query<number> {
  constructor(
    readonly uploaderId: string,
    readonly now: Date,
  ) {
    super();
  }
}
