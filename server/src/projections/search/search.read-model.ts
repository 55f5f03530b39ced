import type { FileState } from '../../domain/catalogue/document.decider';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

/** The search projection's name (and so its checkpoint's). */
export const SEARCH_PROJECTION = 'search';
export const SEARCH_DOCUMENTS_COLLECTION = 'search_documents';
export const SEARCH_UPLOADERS_COLLECTION = 'search_uploaders';
/**
 * One record, `_id` SEARCH_RESULTS_VERSION_ID: the log position of the last event that changed what a search
 * can find (a published document, or one that was published). Search results stay valid while it stays;
 * drafts, profiles without published documents and every other kind of write leave it alone.
 */
export const SEARCH_VERSION_COLLECTION = 'search_version';
export const SEARCH_RESULTS_VERSION_ID = 'results';

export interface SearchVersionView extends ReadModel {
  readonly position: string;
}

/**
 * One document as search reads it: what a result shows, the filter and sort fields, and its terms
 * (domain/search/search-terms.ts). Drafts are kept (status 'draft') so republishing needs no replay;
 * deleted documents are removed.
 */
export interface SearchDocumentView extends ReadModel {
  readonly slug: string;
  readonly status: 'draft' | 'published';
  readonly uploaderId: string;
  readonly uploaderName: string;
  readonly title: string;
  readonly description: string;
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly language: string;
  readonly fieldOfLaw: string;
  readonly applicableLaw: string;
  readonly tags: readonly string[];
  readonly year: number;
  readonly price: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly files: readonly { readonly id: string; readonly format: string; readonly state: FileState }[];
  /** Formats of the processed files: what a buyer gets (docs/decisions/, "Search filters"). */
  readonly formats: readonly string[];
  readonly titleTerms: readonly string[];
  readonly tagTerms: readonly string[];
  readonly terms: readonly string[];
  readonly words: readonly string[];
  readonly peopleTerms: readonly string[];
  /** Terms with their letters as written (domain/search/search-terms.ts); missing on documents indexed before 2026-11-26. */
  readonly letterTerms?: readonly string[];
  readonly foldedLetterTerms?: readonly string[];
}

/** An uploader's public name and company, for results and the uploader's search page heading. */
export interface SearchUploaderView extends ReadModel {
  readonly name: string;
  readonly company: string | null;
}

/** The fields a search result needs (the terms stay in the store). */
export const SEARCH_RESULT_FIELDS = [
  'slug',
  'title',
  'description',
  'author',
  'uploaderId',
  'uploaderName',
  'language',
  'fieldOfLaw',
  'applicableLaw',
  'tags',
  'year',
  'price',
  'formats',
  'createdAt',
  'updatedAt',
] as const;
