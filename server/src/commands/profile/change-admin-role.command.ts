import { Command } from '@nestjs/cqrs';
import type { GrantAdmin, RevokeAdmin } from '../../domain/profile/profile.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** An admin grants or revokes another user's administrator role. */
export class ChangeAdminRoleCommand extends Command<CommandResult> {
  constructor(
    readonly command: GrantAdmin | RevokeAdmin,
    readonly commandId?: string,
  ) {
    super();
  }
}
