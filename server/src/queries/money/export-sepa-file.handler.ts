import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../domain/shared/domain-error';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import { ExportSepaFileQuery } from './export-sepa-file.query';
import { type SepaFile, sepaCreditTransfer } from './sepa-credit-transfer';

@QueryHandler(ExportSepaFileQuery)
export class ExportSepaFileHandler implements IQueryHandler<ExportSepaFileQuery, SepaFile> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ payoutIds, format, executionDate, now }: ExportSepaFileQuery): Promise<SepaFile> {
    const found = await this.readStore
      .collection<PayoutView>(PAYOUTS_COLLECTION)
      .find({ _id: { $in: [...payoutIds] } }, { sort: { positionKey: 1 } });
    if (found.length !== new Set(payoutIds).size) throw new DomainError('PAYOUT.NOT_FOUND');
    // Only payouts still waiting for the bank: an executed or rejected one must never be paid (again).
    if (found.some((p) => p.status !== 'requested')) throw new DomainError('PAYOUT.NOT_REQUESTED');
    return sepaCreditTransfer(found, this.config.sepaDebtor, format, executionDate, now);
  }
}
