import { Query } from '@nestjs/cqrs';
import type { Period, ReconciliationReport } from './money.views';

/** The accountant's reconciliation report of a period (it must balance). */
export class GetReconciliationQuery extends Query<ReconciliationReport> {
  constructor(readonly period: Period) {
    super();
  }
}
