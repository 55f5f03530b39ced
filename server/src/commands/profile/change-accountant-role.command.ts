import { Command } from '@nestjs/cqrs';
import type { GrantAccountant, RevokeAccountant } from '../../domain/profile/profile.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** An admin grants or revokes another user's accountant role. */
export class ChangeAccountantRoleCommand extends Command<CommandResult> {
  constructor(
    readonly command: GrantAccountant | RevokeAccountant,
    readonly commandId?: string,
  ) {
    super();
  }
}
