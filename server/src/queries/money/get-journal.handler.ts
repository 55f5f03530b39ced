import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { LEDGER_POSTINGS, type PostingView } from '../../projections/money/ledger.read-model';
import { GetJournalQuery } from './get-journal.query';
import type { JournalFilter, JournalPage } from './money.views';

export function journalFilter(filter: JournalFilter): Filter {
  const f: Filter = {};
  if (filter.from || filter.to)
    f.day = { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lte: filter.to }) };
  if (filter.movement) f.movements = filter.movement;
  else if (filter.group) f.movements = { $regex: `^${filter.group}\\|` };
  if (filter.payoutId) f.payoutId = filter.payoutId;
  if (filter.purchaseId) f.purchaseId = filter.purchaseId;
  if (filter.uploaderId) f.uploaderIds = filter.uploaderId;
  return f;
}

@QueryHandler(GetJournalQuery)
export class GetJournalHandler implements IQueryHandler<GetJournalQuery, JournalPage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ filter, offset, limit }: GetJournalQuery): Promise<JournalPage> {
    const postings = this.readStore.collection<PostingView>(LEDGER_POSTINGS);
    const query = journalFilter(filter);
    const [items, all] = await Promise.all([
      postings.find(query, { sort: { positionKey: 1 }, skip: offset, limit }),
      postings.aggregate<{ total: number; amount: number }>([
        { $match: query },
        { $group: { _id: null, total: { $sum: 1 }, amount: { $sum: '$amount' } } },
      ]),
    ]);
    return {
      items: items.map((p) => ({
        event: p.event,
        day: p.day,
        entries: p.entries,
        amount: p.amount,
        sources: p.sources,
        purchaseId: p.purchaseId,
        payoutId: p.payoutId,
        uploaderIds: p.uploaderIds,
      })),
      total: all[0]?.total ?? 0,
      amount: all[0]?.amount ?? 0,
      offset,
      limit,
    };
  }
}
