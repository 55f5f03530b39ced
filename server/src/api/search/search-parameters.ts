import {
  APPLICABLE_LAWS,
  DOCUMENT_LANGUAGES,
  FIELDS_OF_LAW,
  FILE_FORMATS,
} from '../../domain/catalogue/catalogue-codes';
import type { MessageRef } from '../../domain/shared/domain-error';
import { isUuid } from '../../domain/shared/ids';
import { decodeCursor } from '../../queries/search/search-cursor';
import {
  SEARCH_SORTS,
  type SearchCriteria,
  type SearchSort,
} from '../../queries/search/search-documents.query';
import { ApiError } from '../errors/api-error';

const MAX_PAGE_SIZE = 50;
const DEFAULT_PAGE_SIZE = 20;
const MAX_TEXT = 200;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const CURSOR = /^[A-Za-z0-9_-]{1,600}$/;

/** The parameters as checked, before they become criteria. */
interface Parsed {
  q?: string;
  title?: string;
  author?: string;
  year?: number;
  fieldOfLaw?: string;
  language?: string;
  applicableLaw?: string;
  format?: string;
  uploaderId?: string;
  sort?: SearchSort;
  cursor?: string;
  limit?: number;
}

/** A rule answers the value (undefined when absent) or the one message for the person. */
type Rule<T> = (value: unknown) => { value: T } | { error: MessageRef };

const text: Rule<string> = (value) => {
  if (typeof value !== 'string') return { error: { key: 'VALIDATION.INVALID_VALUE' } };
  if (value.length > MAX_TEXT) return { error: { key: 'VALIDATION.MAX_LENGTH', params: { 0: MAX_TEXT } } };
  return { value };
};

const choice =
  <T extends string>(allowed: readonly T[]): Rule<T> =>
  (value) =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value)
      ? { value: value as T }
      : { error: { key: 'VALIDATION.INVALID_CHOICE' } };

const integer =
  (min: number, max: number): Rule<number> =>
  (value) => {
    // A query string's number arrives as text: "" is 0 (below any minimum here), "1.5" and "abc" are no integer.
    const number = typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isInteger(number)) return { error: { key: 'VALIDATION.NOT_NUMBER' } };
    if (number < min) return { error: { key: 'VALIDATION.MIN_VALUE', params: { 0: min } } };
    if (number > max) return { error: { key: 'VALIDATION.MAX_VALUE', params: { 0: max } } };
    return { value: number };
  };

const RULES: { readonly [K in keyof Parsed]-?: Rule<NonNullable<Parsed[K]>> } = {
  q: text,
  title: text,
  author: text,
  year: integer(MIN_YEAR, MAX_YEAR),
  fieldOfLaw: choice(FIELDS_OF_LAW),
  language: choice(DOCUMENT_LANGUAGES),
  applicableLaw: choice(APPLICABLE_LAWS),
  format: choice(FILE_FORMATS),
  uploaderId: (value) => (isUuid(value) ? { value } : { error: { key: 'VALIDATION.INVALID_ID' } }),
  sort: choice(SEARCH_SORTS),
  cursor: (value) =>
    typeof value === 'string' && CURSOR.test(value) ? { value } : { error: { key: 'SEARCH.INVALID_CURSOR' } },
  limit: integer(1, MAX_PAGE_SIZE),
};

/** The parameters that page through results rather than choose them. */
const PAGING: ReadonlySet<string> = new Set(['sort', 'cursor', 'limit']);

/** The search's filters by their parameter names (the client's search page keeps the same names in its URL). */
export const SEARCH_FILTERS: readonly string[] = Object.keys(RULES).filter((name) => !PAGING.has(name));

/**
 * Whether the search takes a filter's value as it is (the search page leaves out what it cannot use,
 * client/src/features/search/api/search-documents.ts: filtersFromUrl, and the server's copy of its first
 * request does the same, client-app/page-answers.ts).
 */
export function isUsableSearchFilter(name: string, value: string): boolean {
  return SEARCH_FILTERS.includes(name) && !('error' in (RULES[name as keyof Parsed] as Rule<unknown>)(value));
}

const blankToUndefined = (value: string | undefined): string | undefined =>
  value?.trim() ? value : undefined;

/**
 * The query string of GET /api/documents (docs/api.md, "Search") as search criteria. Checked by hand
 * rather than by a DTO class through the global validation pipe, which cost this route, the busiest
 * of the shop, a large share of its time per request (README, "Performance"). The answers are the
 * pipe's: one message per field, and an unknown parameter refused by its name, all in one 400.
 */
export function parseSearchParameters(query: Readonly<Record<string, unknown>>): SearchCriteria {
  const errors: Record<string, MessageRef[]> = {};
  const parsed: Parsed = {};
  for (const [name, value] of Object.entries(query)) {
    if (!Object.hasOwn(RULES, name)) {
      errors[name] = [{ key: 'SEARCH.UNKNOWN_PARAMETER' }];
      continue;
    }
    const checked = (RULES[name as keyof Parsed] as Rule<unknown>)(value);
    if ('error' in checked) errors[name] = [checked.error];
    else (parsed as Record<string, unknown>)[name] = checked.value;
  }
  const after = parsed.cursor === undefined ? undefined : decodeCursor(parsed.cursor);
  if (after === null) errors.cursor = [{ key: 'SEARCH.INVALID_CURSOR' }];
  if (Object.keys(errors).length > 0 || after === null) {
    throw new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', errors);
  }
  return {
    q: blankToUndefined(parsed.q),
    title: blankToUndefined(parsed.title),
    author: blankToUndefined(parsed.author),
    year: parsed.year,
    language: parsed.language || undefined,
    fieldOfLaw: parsed.fieldOfLaw || undefined,
    applicableLaw: parsed.applicableLaw || undefined,
    format: parsed.format || undefined,
    uploaderId: parsed.uploaderId || undefined,
    sort: parsed.sort,
    after,
    limit: parsed.limit ?? DEFAULT_PAGE_SIZE,
  };
}
