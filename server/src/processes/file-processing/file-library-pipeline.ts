import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { RenderedPages } from '../../domain/catalogue/document.decider';
import {
  type FilePageImage,
  type FilePageImages,
  type FilePreview,
  pageImageKey,
} from '../../events/document.events';
import type { BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import {
  FileProcessingError,
  type FileProcessingTools,
  type ProcessedFile as ReadFile,
  processFile,
} from '../../infrastructure/files/file-processor';
import { renderPage } from '../../infrastructure/files/page-images';
import { renderPreview } from '../../infrastructure/files/preview';
import type { FilePipeline, ProcessingOutcome, StoredFile } from './file-pipeline';

const PAGE_CONTENT_TYPE = 'image/webp';

/**
 * FilePipeline over the file library (infrastructure/files): copies the stored file to a temporary
 * folder, reads it (pages, size; LibreOffice or the document's own metadata), renders its pages and keeps
 * their images in the BlobStore: page one twice as the preview (blurred below the clear band, and clear,
 * served only while the document is free), and every page for the viewer, blurred and clear, large and
 * as a thumbnail. Files are read one at a time (a conversion is heavy; new uploads and files of older
 * documents share the queue).
 */
export class FileLibraryPipeline implements FilePipeline {
  private readonly logger = new Logger(FileLibraryPipeline.name);
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly blobs: BlobStore,
    private readonly tools: FileProcessingTools,
  ) {}

  process(file: StoredFile): Promise<ProcessingOutcome> {
    return this.inTurn(async () => {
      let read: ReadFile;
      try {
        read = await this.read(file);
      } catch (error) {
        if (error instanceof FileProcessingError) return { ok: false, reason: error.message };
        throw error;
      }
      const preview = await this.storePreview(read.pageOne).catch((error: unknown) => {
        this.logger.warn(`No preview for ${file.blobKey}: ${String(error)}`);
        return null;
      });
      const rendered = await this.storePages(file, read);
      return {
        ok: true,
        file: { pages: read.pages, sizeKb: read.sizeKb, method: read.method, preview, rendered },
      };
    });
  }

  renderPages(file: StoredFile): Promise<RenderedPages> {
    return this.inTurn(async () => {
      try {
        return await this.storePages(file, await this.read(file));
      } catch (error) {
        if (!(error instanceof FileProcessingError)) throw error;
        this.logger.warn(`No pages for ${file.blobKey}: ${error.message}`);
        return { images: null, contents: [] };
      }
    });
  }

  async discard({ preview, pages }: { preview?: FilePreview | null; pages?: FilePageImages | null }) {
    const keys = [
      ...(preview ? [preview.blurredKey, preview.clearKey] : []),
      ...(pages?.pages ?? []).flatMap((_, index) =>
        (['blurred', 'clear'] as const).flatMap((variant) =>
          (['page', 'thumbnail'] as const).map((size) =>
            pageImageKey(pages!.prefix, index + 1, variant, size),
          ),
        ),
      ),
    ];
    await Promise.all(keys.map((key) => this.blobs.delete(key)));
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work, work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async read({ blobKey, format }: StoredFile): Promise<ReadFile> {
    const dir = await mkdtemp(join(tmpdir(), 'lepinguturg-processing-'));
    try {
      const path = join(dir, `file.${format}`);
      await pipeline(await this.blobs.get(blobKey), createWriteStream(path));
      return await processFile(path, format, this.tools);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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

  /** Every page's four images; a page that cannot be rendered ends the set there (none: images null). */
  private async storePages(file: StoredFile, read: ReadFile): Promise<RenderedPages> {
    const prefix = `pages/${randomUUID()}`;
    const pages: FilePageImage[] = [];
    for (const [index, png] of read.pageImages.entries()) {
      const number = index + 1;
      try {
        const page = await renderPage(png, number);
        const put = (variant: 'blurred' | 'clear', size: 'page' | 'thumbnail', bytes: Buffer) =>
          this.blobs.put(
            pageImageKey(prefix, number, variant, size),
            Readable.from([bytes]),
            PAGE_CONTENT_TYPE,
          );
        await put('blurred', 'page', page.blurred.bytes);
        await put('blurred', 'thumbnail', page.blurredThumbnail.bytes);
        await put('clear', 'page', page.clear.bytes);
        await put('clear', 'thumbnail', page.clearThumbnail.bytes);
        pages.push({
          width: page.blurred.width,
          height: page.blurred.height,
          thumbnailWidth: page.blurredThumbnail.width,
          thumbnailHeight: page.blurredThumbnail.height,
          clearBandHeight: page.clearBandHeight,
        });
      } catch (error) {
        this.logger.warn(`Page ${number} of ${file.blobKey} could not be rendered: ${String(error)}`);
        break;
      }
    }
    return {
      images: pages.length > 0 ? { prefix, contentType: PAGE_CONTENT_TYPE, pages } : null,
      contents: read.contents,
    };
  }
}
