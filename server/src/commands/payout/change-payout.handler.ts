import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { payoutsStreamId } from '../../events/payout.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangePayoutCommand } from './change-payout.command';

@CommandHandler(ChangePayoutCommand)
export class ChangePayoutHandler implements ICommandHandler<ChangePayoutCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangePayoutCommand): Promise<CommandResult> {
    return this.aggregates.handle(
      payoutsStreamId(command.data.uploaderId),
      payoutsDecider,
      command,
      commandId,
    );
  }
}
