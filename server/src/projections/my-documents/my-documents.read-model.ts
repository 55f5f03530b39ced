import type { FileState } from '../../domain/catalogue/document.decider';
import type { DocumentDetails, FilePreview } from '../../events/document.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const MY_DOCUMENTS_COLLECTION = 'my_documents';

/** A file as its uploader sees it on the upload/edit screen. */
export interface MyFileView {
  readonly id: string;
  /** The original file name. */
  readonly title: string;
  readonly format: string;
  readonly pages: number | null;
  readonly sizeKb: number;
  readonly isMain: boolean;
  readonly state: FileState;
  /** Why processing failed (for support); the screen shows SPEC §8's message. */
  readonly failureReason: string | null;
  readonly blobKey: string | null;
  readonly preview: FilePreview | null;
}

/** One document of an uploader, any status but deleted (deleted ones leave this list). */
export interface MyDocumentView extends ReadModel {
  readonly uploaderId: string;
  readonly slug: string;
  readonly status: 'draft' | 'published';
  readonly details: DocumentDetails;
  readonly files: readonly MyFileView[];
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Folded title and description, for My documents' text filter. */
  readonly searchText: string;
}
