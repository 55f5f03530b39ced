import { Query } from '@nestjs/cqrs';
import type { SepaFile, SepaFormat } from './sepa-credit-transfer';

/** The SEPA credit-transfer file of the chosen requested payouts (admin), to upload to the bank. */
export class ExportSepaFileQuery extends Query<SepaFile> {
  constructor(
    readonly payoutIds: readonly string[],
    readonly format: SepaFormat,
    readonly executionDate: string,
    readonly now: Date,
  ) {
    super();
  }
}
