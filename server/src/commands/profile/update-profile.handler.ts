import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { profileDecider } from '../../domain/profile/profile.decider';
import { profileStreamId } from '../../events/profile.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { UpdateProfileCommand } from './update-profile.command';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: UpdateProfileCommand): Promise<CommandResult> {
    return this.aggregates.handle(profileStreamId(command.data.userId), profileDecider, command, commandId);
  }
}
