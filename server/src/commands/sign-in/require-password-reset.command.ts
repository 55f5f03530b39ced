import { Command } from '@nestjs/cqrs';
import type { RequirePasswordReset } from '../../domain/sign-in/sign-in.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** An admin requires a user to reset their password at the next sign-in. */
export class RequirePasswordResetCommand extends Command<CommandResult> {
  constructor(readonly command: RequirePasswordReset) {
    super();
  }
}
