import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type ReconciliationReport, reconcile, sumTurnover } from '../../domain/ledger/reconciliation';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { LEDGER_TURNOVER, type TurnoverView } from '../../projections/money/ledger.read-model';
import { GetReconciliationQuery } from './get-reconciliation.query';

@QueryHandler(GetReconciliationQuery)
export class GetReconciliationHandler implements IQueryHandler<GetReconciliationQuery, ReconciliationReport> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ period }: GetReconciliationQuery): Promise<ReconciliationReport> {
    const days = this.readStore.collection<TurnoverView>(LEDGER_TURNOVER);
    const [before, within] = await Promise.all([
      days.find({ day: { $lt: period.from } }),
      days.find({ day: { $gte: period.from, $lte: period.to } }),
    ]);
    return reconcile(
      period.from,
      period.to,
      sumTurnover(before.map((d) => d.table)),
      sumTurnover(within.map((d) => d.table)),
    );
  }
}
