import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import type { FilePreview } from '../../events/document.events';

/** What processing learnt about a file. */
export interface ProcessedFile {
  readonly pages: number;
  readonly sizeKb: number;
  /** How the pages were counted. */
  readonly method: string;
  readonly preview: FilePreview | null;
}

export type ProcessingOutcome =
  { readonly ok: true; readonly file: ProcessedFile } | { readonly ok: false; readonly reason: string };

/** Reads one stored file: pages, size and page one's preview images (stored in the BlobStore). */
export interface FilePipeline {
  process(file: { readonly blobKey: string; readonly format: FileFormat }): Promise<ProcessingOutcome>;
  /** Removes preview images nobody will refer to (the file went away while it was processed). */
  discard(preview: FilePreview): Promise<void>;
}

export const FILE_PIPELINE = Symbol('FilePipeline');
