import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { profileDecider } from '../../domain/profile/profile.decider';
import { profileStreamId } from '../../events/profile.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangeAccountantRoleCommand } from './change-accountant-role.command';

@CommandHandler(ChangeAccountantRoleCommand)
export class ChangeAccountantRoleHandler implements ICommandHandler<
  ChangeAccountantRoleCommand,
  CommandResult
> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangeAccountantRoleCommand): Promise<CommandResult> {
    return this.aggregates.handle(profileStreamId(command.data.userId), profileDecider, command, commandId);
  }
}
