import { Command } from '@nestjs/cqrs';
import type { EndSessions } from '../../domain/sign-in/sign-in.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** Ends every sign-in of a user (password reset or change, or "sign out everywhere"). */
export class EndSessionsCommand extends Command<CommandResult> {
  constructor(readonly command: EndSessions) {
    super();
  }
}
