import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { mailSettingsDecider } from '../../domain/profile/mail-settings.decider';
import { mailSettingsStreamId } from '../../events/mail-settings.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangeMailSettingsCommand } from './change-mail-settings.command';

@CommandHandler(ChangeMailSettingsCommand)
export class ChangeMailSettingsHandler implements ICommandHandler<ChangeMailSettingsCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangeMailSettingsCommand): Promise<CommandResult> {
    return this.aggregates.handle(
      mailSettingsStreamId(command.data.userId),
      mailSettingsDecider,
      command,
      commandId,
    );
  }
}
