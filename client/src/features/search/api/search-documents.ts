import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { usePageAnswer } from '../../../api/page-context';
import type { CatalogueOptions, SearchResult, SearchSort } from '../../../api/types';

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

/** The filters chosen from the catalogue's codes, by the list of GET /catalogue/options that holds them. */
const CODE_FILTERS = {
  fieldOfLaw: 'fieldsOfLaw',
  language: 'languages',
  applicableLaw: 'applicableLaws',
  format: 'formats',
} as const satisfies Partial<Record<keyof SearchFilters, keyof CatalogueOptions>>;

/** What the search API accepts (docs/api.md "Search"; server/src/api/search/search-parameters.ts). */
const MAX_TEXT = 200;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is written as an id (a UUID), as every uploader's id is. */
export function isId(value: string): boolean {
  return ID.test(value);
}

function isYear(value: string): boolean {
  return /^\d{4}$/.test(value) && Number(value) >= MIN_YEAR && Number(value) <= MAX_YEAR;
}

/** Whether the filters hold catalogue codes, which can be checked only once the codes are known. */
export function hasCodeFilters(filters: SearchFilters): boolean {
  return (Object.keys(CODE_FILTERS) as (keyof typeof CODE_FILTERS)[]).some((key) => filters[key] !== '');
}

/**
 * The filters of the address (the route's {keyWord} and {uploaderId} fill q and uploaderId). What the
 * search cannot use is left out, as a shop ignores what an old or hand-edited link says that it does
 * not know, rather than failing the whole search: an unknown sort, a year that is no year, an id that
 * is no id, a text longer than the search takes, and, once the catalogue's codes are known, a code it
 * does not have (until then codes are kept as they are).
 */
export function filtersFromUrl(
  params: URLSearchParams,
  route: { keyWord?: string; uploaderId?: string } = {},
  codes?: CatalogueOptions,
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

  for (const key of ['q', 'title', 'author'] as const) {
    if (filters[key].trim().length > MAX_TEXT) filters[key] = '';
  }
  const year = filters.year.trim();
  filters.year = isYear(year) ? year : '';
  const uploaderId = filters.uploaderId.trim();
  filters.uploaderId = isId(uploaderId) ? uploaderId : '';
  for (const [key, list] of Object.entries(CODE_FILTERS) as [
    keyof typeof CODE_FILTERS,
    keyof CatalogueOptions,
  ][]) {
    const code = filters[key].trim();
    filters[key] = !codes || codes[list].includes(code) ? code : '';
  }
  return filters;
}

/**
 * The query string's parameters that the filters do not carry: unknown names, values left out as
 * unusable, repeated names, and what the path overrides (blank values aside, which say nothing).
 */
export function unusedParameters(params: URLSearchParams, filters: SearchFilters): string[] {
  const unused = new Set<string>();
  const seen = new Set<string>();
  for (const [name, value] of params) {
    const known = (QUERY_KEYS as readonly string[]).includes(name);
    if (!known || seen.has(name) || (value.trim() !== '' && filters[name as keyof SearchFilters] !== value)) {
      unused.add(name);
    }
    seen.add(name);
  }
  return [...unused];
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
  });
}

/**
 * The filters' results; `enabled` false holds the search back (while its filters cannot be checked yet).
 * The first page of the filters the page was made for comes from the page (api/page-answers.ts).
 */
export function useSearchDocuments(filters: SearchFilters, enabled = true) {
  const { initialData, initialDataUpdatedAt } = usePageAnswer<SearchResult>(
    '/documents',
    searchParameters(filters, null),
  );
  return useInfiniteQuery({
    ...searchDocumentsQuery(filters),
    initialData: () => {
      const first = initialData();
      return first && { pages: [first], pageParams: [null] };
    },
    initialDataUpdatedAt,
    placeholderData: keepPreviousData,
    enabled,
  });
}
