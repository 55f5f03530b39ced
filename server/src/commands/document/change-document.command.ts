import { Command } from '@nestjs/cqrs';
import type { DocumentCommand } from '../../domain/catalogue/document.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** Any change to one document (create, edit, files, publish, unpublish, delete), decided by documentDecider. */
export class ChangeDocument extends Command<CommandResult> {
  constructor(
    readonly command: DocumentCommand,
    readonly commandId?: string,
  ) {
    super();
  }
}
