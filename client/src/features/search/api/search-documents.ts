import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { DocumentPage } from '../../../api/types';

export const SORT_ORDERS = ['newest', 'oldest', 'price-desc', 'price-asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const PAGE_SIZE = 20;

export interface SearchFilters {
  q: string;
  fieldOfLaw: string;
  language: string;
  applicableLaw: string;
  uploaderId: string;
  sort: SortOrder;
}

export const EMPTY_FILTERS: SearchFilters = {
  q: '',
  fieldOfLaw: '',
  language: '',
  applicableLaw: '',
  uploaderId: '',
  sort: 'newest',
};

/** Filters live in the URL so reload and back work; a /otsing/{keyWord} path supplies the text. */
export function filtersFromUrl(params: URLSearchParams, keyWord?: string): SearchFilters {
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? keyWord ?? '',
    fieldOfLaw: params.get('fieldOfLaw') ?? '',
    language: params.get('language') ?? '',
    applicableLaw: params.get('applicableLaw') ?? '',
    uploaderId: params.get('uploaderId') ?? '',
    sort: (SORT_ORDERS as readonly string[]).includes(sort ?? '') ? (sort as SortOrder) : 'newest',
  };
}

export function filtersToUrl(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.fieldOfLaw) params.set('fieldOfLaw', filters.fieldOfLaw);
  if (filters.language) params.set('language', filters.language);
  if (filters.applicableLaw) params.set('applicableLaw', filters.applicableLaw);
  if (filters.uploaderId) params.set('uploaderId', filters.uploaderId);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

export function searchDocuments(filters: SearchFilters, offset: number, signal?: AbortSignal) {
  return http<DocumentPage>('/documents', {
    query: {
      q: filters.q.trim(),
      fieldOfLaw: filters.fieldOfLaw,
      language: filters.language,
      applicableLaw: filters.applicableLaw,
      uploaderId: filters.uploaderId,
      sort: filters.sort,
      offset,
      limit: PAGE_SIZE,
    },
    signal,
  });
}

export const documentKeys = {
  all: ['documents'] as const,
  search: (filters: SearchFilters) => [...documentKeys.all, 'search', filters] as const,
};

export function searchDocumentsQuery(filters: SearchFilters) {
  return infiniteQueryOptions({
    queryKey: documentKeys.search(filters),
    queryFn: ({ pageParam, signal }) => searchDocuments(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: DocumentPage) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

export function useSearchDocuments(filters: SearchFilters) {
  return useInfiniteQuery({ ...searchDocumentsQuery(filters), placeholderData: keepPreviousData });
}
