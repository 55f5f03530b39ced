import { Query } from '@nestjs/cqrs';

/** Every purchase still waiting for its payment (oldest first): what the server asks the gateway about at start. */
export class PendingPurchasesQuery extends Query<string[]> {
  constructor(readonly limit = 10_000) {
    super();
  }
}
