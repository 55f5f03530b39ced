import { Command } from '@nestjs/cqrs';
import type { AcceptUserTerms } from '../../domain/profile/profile.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** The user accepts the user terms (recorded once). */
export class AcceptUserTermsCommand extends Command<CommandResult> {
  constructor(
    readonly command: AcceptUserTerms,
    readonly commandId?: string,
  ) {
    super();
  }
}
