import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { profileDecider } from '../../domain/profile/profile.decider';
import { profileStreamId } from '../../events/profile.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangeAdminRoleCommand } from './change-admin-role.command';

@CommandHandler(ChangeAdminRoleCommand)
export class ChangeAdminRoleHandler implements ICommandHandler<ChangeAdminRoleCommand, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangeAdminRoleCommand): Promise<CommandResult> {
    return this.aggregates.handle(profileStreamId(command.data.userId), profileDecider, command, commandId);
  }
}
