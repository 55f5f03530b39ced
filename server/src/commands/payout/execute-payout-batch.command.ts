import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/** The admin records that the bank executed the batch: every payout in it is paid on that date. */
export class ExecutePayoutBatchCommand extends Command<{ readonly position: LogPosition | null }> {
  constructor(
    readonly batchId: string,
    readonly executionDate: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
