import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { profileDecider } from '../../domain/profile/profile.decider';
import { profileStreamId } from '../../events/profile.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { AcceptUserTermsCommand } from './accept-user-terms.command';

@CommandHandler(AcceptUserTermsCommand)
export class AcceptUserTermsHandler implements ICommandHandler<AcceptUserTermsCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: AcceptUserTermsCommand): Promise<CommandResult> {
    return this.aggregates.handle(profileStreamId(command.data.userId), profileDecider, command, commandId);
  }
}
