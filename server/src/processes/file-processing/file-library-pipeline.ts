import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import type { FilePreview } from '../../events/document.events';
import type { BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import {
  FileProcessingError,
  type FileProcessingTools,
  processFile,
} from '../../infrastructure/files/file-processor';
import { renderPreview } from '../../infrastructure/files/preview';
import type { FilePipeline, ProcessingOutcome } from './file-pipeline';

/**
 * FilePipeline over the file library (infrastructure/files): copies the stored file to a temporary
 * folder, reads it (pages, size; LibreOffice or the document's own metadata), renders page one and keeps
 * two images of it in the BlobStore: blurred below the clear band, and clear (served only while the
 * document is free).
 */
export class FileLibraryPipeline implements FilePipeline {
  private readonly logger = new Logger(FileLibraryPipeline.name);

  constructor(
    private readonly blobs: BlobStore,
    private readonly tools: FileProcessingTools,
  ) {}

  async process({ blobKey, format }: { blobKey: string; format: FileFormat }): Promise<ProcessingOutcome> {
    const dir = await mkdtemp(join(tmpdir(), 'lepinguturg-processing-'));
    try {
      const path = join(dir, `file.${format}`);
      await pipeline(await this.blobs.get(blobKey), createWriteStream(path));
      let read: Awaited<ReturnType<typeof processFile>>;
      try {
        read = await processFile(path, format, this.tools);
      } catch (error) {
        if (error instanceof FileProcessingError) return { ok: false, reason: error.message };
        throw error;
      }
      const preview = await this.storePreview(read.pageOne).catch((error: unknown) => {
        this.logger.warn(`No preview for ${blobKey}: ${String(error)}`);
        return null;
      });
      return { ok: true, file: { pages: read.pages, sizeKb: read.sizeKb, method: read.method, preview } };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async discard(preview: FilePreview): Promise<void> {
    await Promise.all([this.blobs.delete(preview.blurredKey), this.blobs.delete(preview.clearKey)]);
  }

  private async storePreview(pageOne: Buffer): Promise<FilePreview> {
    const [blurred, clear] = await Promise.all([
      renderPreview(pageOne, { blurBelow: true }),
      renderPreview(pageOne, { blurBelow: false }),
    ]);
    const id = randomUUID();
    const blurredKey = `previews/${id}-blurred`;
    const clearKey = `previews/${id}-clear`;
    await this.blobs.put(blurredKey, Readable.from([blurred.bytes]), blurred.contentType);
    await this.blobs.put(clearKey, Readable.from([clear.bytes]), clear.contentType);
    return {
      blurredKey,
      clearKey,
      contentType: blurred.contentType,
      width: blurred.width,
      height: blurred.height,
      clearBandHeight: blurred.clearBandHeight,
    };
  }
}
