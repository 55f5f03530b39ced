import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { signInDecider } from '../../domain/sign-in/sign-in.decider';
import { signInStreamId } from '../../events/sign-in.events';
import {
  IDENTITY_ACCOUNTS,
  type IdentityAccounts,
} from '../../infrastructure/identity/identity-accounts.port';
import {
  IDENTITY_SESSIONS,
  type IdentitySessions,
} from '../../infrastructure/identity/identity-sessions.port';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { RequirePasswordResetCommand } from './require-password-reset.command';

/**
 * Records the requirement (and the end of the user's sign-ins), then has the identity provider refuse
 * the old password and drop the sessions and tokens it holds. The caller checked the account exists.
 */
@CommandHandler(RequirePasswordResetCommand)
export class RequirePasswordResetHandler implements ICommandHandler<
  RequirePasswordResetCommand,
  CommandResult
> {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts,
    @Inject(IDENTITY_SESSIONS) private readonly sessions: IdentitySessions,
  ) {}

  async execute({ command }: RequirePasswordResetCommand): Promise<CommandResult> {
    const result = await this.aggregates.handle(signInStreamId(command.data.userId), signInDecider, command);
    await this.accounts.requirePasswordReset(command.data.userId);
    await this.sessions.endAll(command.data.userId);
    return result;
  }
}
