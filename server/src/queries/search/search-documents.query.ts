import { Query } from '@nestjs/cqrs';
import type { DocumentSummary } from '../catalogue/document.views';

export const SEARCH_SORTS = ['relevance', 'newest', 'oldest', 'price-desc', 'price-asc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The facets a search answers with: document counts per value, as if that one filter were not chosen. */
export const FACETS = ['fieldOfLaw', 'language', 'format', 'year'] as const;
export type Facet = (typeof FACETS)[number];

export interface SearchCriteria {
  /** Free text: every word must match a title, description, tag, author or uploader word (by prefix). */
  readonly q?: string;
  /** Words that must match the title. */
  readonly title?: string;
  /** Words that must start the author's or the uploader's names. */
  readonly author?: string;
  readonly year?: number;
  readonly language?: string;
  readonly fieldOfLaw?: string;
  readonly applicableLaw?: string;
  readonly format?: string;
  readonly uploaderId?: string;
  /** Relevance by default when there is text to rank by, else newest. */
  readonly sort?: SearchSort;
  /** The sort-key values of the previous page's last result (see search-cursor.ts). */
  readonly after?: SearchCursor;
  readonly limit: number;
}

/** Where the previous page ended: its sort and the sort-key values of its last result. */
export interface SearchCursor {
  readonly sort: SearchSort;
  readonly values: Readonly<Record<string, string | number>>;
}

export interface SearchUploader {
  readonly id: string;
  readonly name: string;
  readonly company: string | null;
}

export interface SearchResult {
  readonly items: readonly DocumentSummary[];
  readonly total: number;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
  /** The sort applied (relevance or newest when none was asked for). */
  readonly sort: SearchSort;
  readonly facets: Readonly<Record<Facet, Readonly<Record<string, number>>>>;
  /** The uploader of an uploader search (uploaderId), with their public name and company. */
  readonly uploader: SearchUploader | null;
}

/** Published documents matching the criteria: one page, the total, facet counts. */
export class SearchDocumentsQuery extends Query<SearchResult> {
  constructor(readonly criteria: SearchCriteria) {
    super();
  }
}
