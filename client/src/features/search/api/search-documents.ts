import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { takePageAnswer } from '../../../api/page-answers';
import type { SearchResult, SearchSort } from '../../../api/types';

export const SORT_ORDERS: readonly SearchSort[] = [
  'relevance',
  'newest',
  'oldest',
  'price-desc',
  'price-asc',
];
export const PAGE_SIZE = 20;

/** Everything a search is, as the URL keeps it (docs/api.md "Search" names the same parameters). */
export interface SearchFilters {
  q: string;
  title: string;
  author: string;
  year: string;
  language: string;
  fieldOfLaw: string;
  applicableLaw: string;
  format: string;
  uploaderId: string;
  /** '' = the server's default (best match with text, else newest). */
  sort: SearchSort | '';
}

export const EMPTY_FILTERS: SearchFilters = {
  q: '',
  title: '',
  author: '',
  year: '',
  language: '',
  fieldOfLaw: '',
  applicableLaw: '',
  format: '',
  uploaderId: '',
  sort: '',
};

/** The filters of the query string (the route's {keyWord} and {uploaderId} fill q and uploaderId). */
const QUERY_KEYS = [
  'q',
  'title',
  'author',
  'year',
  'language',
  'fieldOfLaw',
  'applicableLaw',
  'format',
  'uploaderId',
  'sort',
] as const satisfies readonly (keyof SearchFilters)[];

/** The filters that live in the advanced part of the form. */
export const ADVANCED_FILTERS = ['title', 'author', 'year', 'applicableLaw', 'format'] as const;

export function filtersFromUrl(
  params: URLSearchParams,
  route: { keyWord?: string; uploaderId?: string } = {},
): SearchFilters {
  const filters: SearchFilters = { ...EMPTY_FILTERS };
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null && key !== 'sort') filters[key] = value;
  }
  const sort = params.get('sort');
  filters.sort = (SORT_ORDERS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : '';
  if (route.keyWord) filters.q = route.keyWord;
  if (route.uploaderId) filters.uploaderId = route.uploaderId;
  return filters;
}

/** The query string for the filters, leaving out what the path carries. */
export function filtersToUrl(filters: SearchFilters, inPath: { q?: boolean; uploaderId?: boolean } = {}) {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    if ((key === 'q' && inPath.q) || (key === 'uploaderId' && inPath.uploaderId)) continue;
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** The search API's parameters for a page of the filters' results. */
function searchParameters(filters: SearchFilters, cursor: string | null): Record<string, string | number> {
  const query: Record<string, string | number> = { limit: PAGE_SIZE };
  for (const key of QUERY_KEYS) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  if (cursor) query.cursor = cursor;
  return query;
}

export function searchDocuments(filters: SearchFilters, cursor: string | null, signal?: AbortSignal) {
  return http<SearchResult>('/documents', { query: searchParameters(filters, cursor), signal });
}

export const documentKeys = {
  all: ['documents'] as const,
  search: (filters: SearchFilters) => [...documentKeys.all, 'search', filters] as const,
};

export function searchDocumentsQuery(filters: SearchFilters) {
  return infiniteQueryOptions({
    queryKey: documentKeys.search(filters),
    queryFn: ({ pageParam, signal }) => searchDocuments(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchResult) => last.nextCursor ?? undefined,
    // The first page as the server wrote it into the page's HTML, on the page it was written for.
    initialData: () => {
      const first = takePageAnswer<SearchResult>('/documents', searchParameters(filters, null));
      return first && { pages: [first], pageParams: [null] };
    },
  });
}

export function useSearchDocuments(filters: SearchFilters) {
  return useInfiniteQuery({ ...searchDocumentsQuery(filters), placeholderData: keepPreviousData });
}
