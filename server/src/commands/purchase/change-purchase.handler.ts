import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { purchaseDecider } from '../../domain/purchase/purchase.decider';
import { purchaseStreamId } from '../../events/purchase.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { RecordPurchaseDownloadCommand } from './change-purchase.command';

/** Downloads are facts, not intents: two at once (a file and the zip) are both recorded. */
@CommandHandler(RecordPurchaseDownloadCommand)
export class RecordPurchaseDownloadHandler implements ICommandHandler<
  RecordPurchaseDownloadCommand,
  CommandResult
> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command }: RecordPurchaseDownloadCommand): Promise<CommandResult> {
    return retryOnConflict(() =>
      this.aggregates.handle(purchaseStreamId(command.data.purchaseId), purchaseDecider, command),
    );
  }
}
