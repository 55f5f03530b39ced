import { Command } from '@nestjs/cqrs';
import type { ChangeMailSettings } from '../../domain/profile/mail-settings.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** The uploader chooses which mails the shop sends them. */
export class ChangeMailSettingsCommand extends Command<CommandResult> {
  constructor(
    readonly command: ChangeMailSettings,
    readonly commandId?: string,
  ) {
    super();
  }
}
