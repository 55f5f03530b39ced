import { Query } from '@nestjs/cqrs';
import type { DocumentSummary } from './document.views';

export const SEARCH_SORTS = ['newest', 'oldest', 'price-desc', 'price-asc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchDocumentsCriteria {
  readonly q?: string;
  readonly fieldOfLaw?: string;
  readonly language?: string;
  readonly applicableLaw?: string;
  readonly uploaderId?: string;
  readonly sort: SearchSort;
  readonly offset: number;
  readonly limit: number;
}

export interface SearchDocumentsResult {
  readonly items: readonly DocumentSummary[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** Published documents matching the criteria, one page of them and the total. */
export class SearchDocumentsQuery extends Query<SearchDocumentsResult> {
  constructor(readonly criteria: SearchDocumentsCriteria) {
    super();
  }
}
