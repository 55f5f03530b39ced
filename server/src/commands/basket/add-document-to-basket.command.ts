import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { CommandResult } from '../shared/aggregate-store';

/** A buyer adds a published document to their basket. */
export class AddDocumentToBasketCommand extends Command<CommandResult> {
  constructor(
    readonly basketId: string,
    readonly documentId: string,
    readonly context: CommandContext,
    readonly commandId?: string,
  ) {
    super();
  }
}
