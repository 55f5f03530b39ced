import { Command } from '@nestjs/cqrs';
import type { RegisterProfile } from '../../domain/profile/profile.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** Creates a user's product profile (stream profile-<userId>). */
export class RegisterProfileCommand extends Command<CommandResult> {
  constructor(
    readonly command: RegisterProfile,
    readonly commandId?: string,
  ) {
    super();
  }
}
