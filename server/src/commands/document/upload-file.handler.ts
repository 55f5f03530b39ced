import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddFile, MAX_FILE_SIZE_BYTES, documentDecider } from '../../domain/catalogue/document.decider';
import { DomainError } from '../../domain/shared/domain-error';
import { type DocumentEvent, documentStreamId } from '../../events/document.events';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { checkFileContent } from '../../infrastructure/files/content-check';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { CONTENT_TYPES, cleanFileName, formatOfFileName } from './file-name';
import { UploadFile } from './upload-file.command';

/** Thrown inside the stream when the body passes the limit, so the pipeline stops reading at once. */
class TooLarge extends Error {}

/** Counts bytes on their way to the temporary file and fails the pipeline past `limit`. */
function byteLimit(limit: number): Transform & { readonly bytes: () => number } {
  let bytes = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      bytes += chunk.length;
      if (bytes > limit) done(new TooLarge());
      else done(null, chunk);
    },
  });
  return Object.assign(transform, { bytes: () => bytes });
}

/**
 * Streams an upload to a temporary file (never whole in memory), stopping at 40 MB; checks the name, the
 * owner and the content (the file library's checkFileContent); stores it under a random key; then
 * decides AddFile. The document's own decider
 * is asked first with the file's name, so a stranger, a full document or a wrong extension is refused
 * before a byte of the body is read.
 */
@CommandHandler(UploadFile)
export class UploadFileHandler implements ICommandHandler<UploadFile, CommandResult & { fileId: string }> {
  private readonly logger = new Logger(UploadFileHandler.name);

  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(upload: UploadFile): Promise<CommandResult & { fileId: string }> {
    const { documentId, context } = upload;
    const title = cleanFileName(upload.fileName);
    if (title === null) throw new DomainError('FILE.NAME_INVALID');
    const format = formatOfFileName(title);
    const fileId = randomUUID();
    const addFile = (sizeKb: number, blobKey: string | null): AddFile => ({
      type: 'AddFile',
      data: { documentId, fileId, title, format: format ?? 'unknown', sizeKb, blobKey },
      context,
    });

    const streamId = documentStreamId(documentId);
    const { state } = await this.aggregates.load(streamId, documentDecider);
    documentDecider.decide(addFile(1, null), state);
    if (upload.declaredSize !== null && upload.declaredSize > MAX_FILE_SIZE_BYTES)
      throw new DomainError('FILE.TOO_LARGE');

    const dir = await mkdtemp(join(tmpdir(), 'lepinguturg-upload-'));
    try {
      const path = join(dir, 'upload');
      await this.receive(upload, path);
      const { size } = await stat(path);
      if (size === 0) throw new DomainError('FILE.EMPTY');
      // The bytes must be what the name says: a renamed program or a zip bomb stops here.
      const content = await checkFileContent(path, format!);
      if (!content.ok) {
        this.logger.log(`Upload refused (${content.code}): ${content.reason}`);
        throw new DomainError(content.code);
      }
      const blobKey = `files/${randomUUID()}`;
      await this.blobs.put(blobKey, createReadStream(path), CONTENT_TYPES[format!]);
      try {
        const result = await this.aggregates.handle(
          streamId,
          documentDecider,
          addFile(Math.ceil(size / 1024), blobKey),
          upload.commandId,
        );
        // A retried request (same Idempotency-Key) answers the first upload; this copy is not needed.
        const addedId = this.addedFileId(result);
        if (addedId !== fileId) await this.blobs.delete(blobKey);
        return { ...result, fileId: addedId ?? fileId };
      } catch (error) {
        // No event names this blob: nothing else will ever read it.
        await this.blobs
          .delete(blobKey)
          .catch((e: unknown) => this.logger.warn(`Orphan blob ${blobKey}: ${String(e)}`));
        throw error;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Writes the body to `path`, failing with FILE.TOO_LARGE as soon as it passes 40 MB. The request itself
   * is only unpiped and paused, never destroyed, so the client still gets the answer.
   */
  private async receive({ body }: UploadFile, path: string): Promise<void> {
    const limit = byteLimit(MAX_FILE_SIZE_BYTES);
    const written = pipeline(limit, createWriteStream(path));
    const onError = (error: Error) => limit.destroy(error);
    const onClose = () => {
      if (!body.readableEnded) limit.destroy(new Error('The upload was aborted'));
    };
    body.once('error', onError);
    body.once('close', onClose);
    body.pipe(limit);
    try {
      await written;
    } catch (error) {
      body.unpipe(limit);
      body.pause();
      if (error instanceof TooLarge) throw new DomainError('FILE.TOO_LARGE');
      throw error;
    } finally {
      body.off('error', onError);
      body.off('close', onClose);
    }
  }

  private addedFileId(result: CommandResult): string | null {
    const added = (result.events as readonly DocumentEvent[]).find((e) => e.type === 'FileAdded');
    return added?.type === 'FileAdded' ? added.data.fileId : null;
  }
}
