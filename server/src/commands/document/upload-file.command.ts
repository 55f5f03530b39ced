import type { Readable } from 'node:stream';
import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { CommandResult } from '../shared/aggregate-store';

/**
 * The uploader adds a file to their document: the bytes arrive as a stream, are checked (size, name,
 * content) and stored, and then AddFile is decided. `declaredSize` is the request's Content-Length,
 * when it sent one: a file declared too large is refused before a byte is read.
 */
export class UploadFile extends Command<CommandResult & { readonly fileId: string }> {
  constructor(
    readonly documentId: string,
    readonly fileName: string,
    readonly declaredSize: number | null,
    readonly body: Readable,
    readonly context: CommandContext,
    readonly commandId?: string,
  ) {
    super();
  }
}
