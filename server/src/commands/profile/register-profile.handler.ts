import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { profileDecider } from '../../domain/profile/profile.decider';
import { profileStreamId } from '../../events/profile.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { RegisterProfileCommand } from './register-profile.command';

@CommandHandler(RegisterProfileCommand)
export class RegisterProfileHandler implements ICommandHandler<RegisterProfileCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: RegisterProfileCommand): Promise<CommandResult> {
    return this.aggregates.handle(profileStreamId(command.data.userId), profileDecider, command, commandId);
  }
}
