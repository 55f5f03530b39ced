import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { documentDecider } from '../../domain/catalogue/document.decider';
import { documentStreamId } from '../../events/document.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangeDocument } from './change-document.command';

@CommandHandler(ChangeDocument)
export class ChangeDocumentHandler implements ICommandHandler<ChangeDocument, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangeDocument): Promise<CommandResult> {
    return this.aggregates.handle(
      documentStreamId(command.data.documentId),
      documentDecider,
      command,
      commandId,
    );
  }
}
