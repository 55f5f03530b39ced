import { Query } from '@nestjs/cqrs';
import type { JournalFilter, JournalPage } from './money.views';

/** The accountant's journal: money events with their entries, oldest first, filtered and paged. */
export class GetJournalQuery extends Query<JournalPage> {
  constructor(
    readonly filter: JournalFilter,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}
