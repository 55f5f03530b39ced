import { Command } from '@nestjs/cqrs';
import type { PayoutBatchFormat } from '../../domain/payout/payout-batches.decider';
import type { CommandContext } from '../../domain/shared/command';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/** What an export answers: the batch (new, or the open one of exactly these payouts) and its file. */
export interface ExportedPayoutBatch {
  readonly batchId: string;
  /** False when the same payouts were exported before: the same file again, with the same MsgId. */
  readonly recorded: boolean;
  readonly position: LogPosition | null;
  readonly messageId: string;
  readonly count: number;
  readonly controlSum: number;
  readonly fileName: string;
  readonly xml: string;
}

/** The admin exports the chosen requested payouts as a SEPA pain.001 file for the bank. */
export class ExportPayoutBatchCommand extends Command<ExportedPayoutBatch> {
  constructor(
    readonly payoutIds: readonly string[],
    readonly format: PayoutBatchFormat,
    readonly executionDate: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
