import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUT_BATCHES_COLLECTION, type PayoutBatchView } from '../../projections/money/payouts.read-model';
import type { PayoutBatchDto, PayoutBatchPage } from './money.views';
import { readPayoutBatchFile } from './payout-batch-file';
import { GetPayoutBatchFileQuery, GetPayoutBatchQuery, ListPayoutBatchesQuery } from './payout-batches.query';
import { toPayoutBatchDto } from './payout-dto';

@QueryHandler(ListPayoutBatchesQuery)
export class ListPayoutBatchesHandler implements IQueryHandler<ListPayoutBatchesQuery, PayoutBatchPage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: ListPayoutBatchesQuery): Promise<PayoutBatchPage> {
    const filter: Filter = criteria.status ? { status: criteria.status } : {};
    const batches = this.readStore.collection<PayoutBatchView>(PAYOUT_BATCHES_COLLECTION);
    const [items, total] = await Promise.all([
      batches.find(filter, { sort: { positionKey: -1 }, skip: criteria.offset, limit: criteria.limit }),
      batches.count(filter),
    ]);
    return { items: items.map(toPayoutBatchDto), total, offset: criteria.offset, limit: criteria.limit };
  }
}

@QueryHandler(GetPayoutBatchQuery)
export class GetPayoutBatchHandler implements IQueryHandler<GetPayoutBatchQuery, PayoutBatchDto | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ batchId }: GetPayoutBatchQuery): Promise<PayoutBatchDto | null> {
    const view = await this.readStore
      .collection<PayoutBatchView>(PAYOUT_BATCHES_COLLECTION)
      .findOne({ _id: batchId });
    return view ? toPayoutBatchDto(view) : null;
  }
}

@QueryHandler(GetPayoutBatchFileQuery)
export class GetPayoutBatchFileHandler implements IQueryHandler<GetPayoutBatchFileQuery> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute({ batchId }: GetPayoutBatchFileQuery) {
    const view = await this.readStore
      .collection<PayoutBatchView>(PAYOUT_BATCHES_COLLECTION)
      .findOne({ _id: batchId });
    if (!view) return null;
    return {
      name: view.file.name,
      messageId: view.messageId,
      xml: await readPayoutBatchFile(this.blobs, view.file),
    };
  }
}
