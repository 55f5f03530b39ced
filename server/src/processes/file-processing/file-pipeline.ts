import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import type { RenderedPages } from '../../domain/catalogue/document.decider';
import type { FilePageImages, FilePreview } from '../../events/document.events';

/** What processing learnt about a file. */
export interface ProcessedFile {
  readonly pages: number;
  readonly sizeKb: number;
  /** How the pages were counted. */
  readonly method: string;
  readonly preview: FilePreview | null;
  /** Every page as images for the viewer, and the headings. */
  readonly rendered: RenderedPages;
}

export type ProcessingOutcome =
  { readonly ok: true; readonly file: ProcessedFile } | { readonly ok: false; readonly reason: string };

export interface StoredFile {
  readonly blobKey: string;
  readonly format: FileFormat;
}

/**
 * Reads one stored file: pages, size, page one's preview images and every page's images (stored in the
 * BlobStore), and its headings. One file at a time: a call waits for the one before it.
 */
export interface FilePipeline {
  process(file: StoredFile): Promise<ProcessingOutcome>;
  /**
   * Only the pages and headings of a file processed before the viewer existed; `images` is null when the
   * file cannot be read now.
   */
  renderPages(file: StoredFile): Promise<RenderedPages>;
  /** Removes preview images nobody will refer to (the file went away while it was processed). */
  discard(images: {
    readonly preview?: FilePreview | null;
    readonly pages?: FilePageImages | null;
  }): Promise<void>;
}

export const FILE_PIPELINE = Symbol('FilePipeline');
