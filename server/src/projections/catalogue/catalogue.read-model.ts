import type { FileState } from '../../domain/catalogue/document.decider';
import type { PublicUploaderProfile } from '../../domain/profile/profile-details';
import type { ContentsEntry, FilePageImages, FilePreview } from '../../events/document.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const DOCUMENTS_COLLECTION = 'catalogue_documents';
export const UPLOADERS_COLLECTION = 'catalogue_uploaders';

export interface DocumentFileView {
  readonly id: string;
  readonly title: string;
  readonly format: string;
  readonly pages: number | null;
  readonly sizeKb: number;
  readonly isMain: boolean;
  readonly state: FileState;
  /** Page one's images once processed (absent on files projected before previews existed). */
  readonly preview?: FilePreview | null;
  /**
   * Every page's images for the viewer (FilePagesRendered): null when they could not be rendered, absent
   * until the pages are rendered (a file processed before the viewer existed gets them at the next start).
   */
  readonly pageImages?: FilePageImages | null;
  /** The file's headings (FilePagesRendered). */
  readonly contents?: readonly ContentsEntry[];
}

/** One document as the detail page reads it (all statuses; queries show only published ones). Search has its own read model. */
export interface DocumentView extends ReadModel {
  readonly slug: string;
  readonly status: 'draft' | 'published' | 'deleted';
  readonly uploaderId: string;
  readonly uploaderName: string;
  /** The uploader's organization, only when they made it public. */
  readonly uploaderCompany: string | null;
  /** The profile fields the uploader made public (absent on documents projected before it existed). */
  readonly uploaderProfile?: PublicUploaderProfile;
  readonly title: string;
  readonly description: string;
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly language: string;
  readonly fieldOfLaw: string;
  readonly applicableLaw: string;
  readonly tags: readonly string[];
  readonly year: number;
  readonly price: number;
  readonly files: readonly DocumentFileView[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface UploaderView extends ReadModel {
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  readonly company: string | null;
  readonly email?: string;
  readonly publicProfile?: PublicUploaderProfile;
}
