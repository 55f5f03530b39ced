import { Command } from '@nestjs/cqrs';
import type { UpdateProfile } from '../../domain/profile/profile.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** The user saves their profile (registering it when new), optionally accepting the user terms. */
export class UpdateProfileCommand extends Command<CommandResult> {
  constructor(
    readonly command: UpdateProfile,
    readonly commandId?: string,
  ) {
    super();
  }
}
