import { SEARCH_SORTS } from '../../queries/search/search-documents.query';
import { isUsableSearchFilter, SEARCH_FILTERS } from '../search/search-parameters';
import type { NamedRouteMatch } from './client-routes';
import type { WrittenPageAnswers } from './page-renderer';

/** The element the client reads the answers from (client/src/api/page-answers.ts). */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** How many results the search page asks for at a time (the client's PAGE_SIZE). */
const SEARCH_PAGE_SIZE = 20;

/**
 * The search API request the search page makes first for its URL, as the client builds it
 * (filtersFromUrl and searchDocuments in client/src/features/search/api/search-documents.ts): the path's
 * {keyWord} and {uploaderId} before the query string's, and what the search cannot use left out (an
 * unknown sort, a year that is no year, a code the catalogue does not have). None for an uploader path
 * whose id is no id: that page says the uploader is not found and searches nothing.
 */
function searchRequest(params: Readonly<Record<string, string>>, query: URLSearchParams): string | null {
  if (params.uploaderId !== undefined && !isUsableSearchFilter('uploaderId', params.uploaderId)) return null;
  const filters = new Map<string, string>();
  for (const name of SEARCH_FILTERS) filters.set(name, query.get(name) ?? '');
  if (params.keyWord) filters.set('q', params.keyWord);
  if (params.uploaderId) filters.set('uploaderId', params.uploaderId);
  const sort = query.get('sort') ?? '';
  if ((SEARCH_SORTS as readonly string[]).includes(sort)) filters.set('sort', sort);
  const request = new URLSearchParams({ limit: String(SEARCH_PAGE_SIZE) });
  for (const [name, value] of filters) {
    const usable = value.trim();
    if (usable && (name === 'sort' || isUsableSearchFilter(name, usable))) request.set(name, usable);
  }
  return `/api/documents?${request.toString()}`;
}

/**
 * The API GETs a page's first render makes for a visitor, whose answers the server writes into the page
 * so the page shows at once instead of a skeleton and then the content (client/src/api/page-answers.ts
 * reads them; a request the two disagree on is simply made by the client, as before). Every page reads
 * the client configuration; the search pages their first results and the catalogue's choices; the
 * document page its document.
 */
export function pageRequests(route: NamedRouteMatch | undefined, query: URLSearchParams): string[] {
  const requests = ['/api/config'];
  if (route?.name === 'search' || route?.name === 'searchUploader') {
    const search = searchRequest(route.params, query);
    requests.push('/api/catalogue/options', ...(search ? [search] : []));
  } else if (route?.name === 'document' && route.params.slug) {
    requests.push(`/api/documents/${encodeURIComponent(route.params.slug)}`);
  }
  return requests;
}

/** One GET of the API as the server itself answers it (in-process, not over the network). */
export type AnswerApi = (
  url: string,
  headers: { readonly language: string; readonly remoteAddress: string },
) => Promise<{ readonly statusCode: number; readonly body: string }>;

/** Refusals the page shows as they are: the document (or uploader) is not there, or no longer. */
const SHOWN_FAILURES = new Set([404, 410]);

/**
 * The answers to a page's first requests, in the page's language and as the API answers the visitor
 * (same address, so the same rate limits): the successes, which the page shows at once, and the refusals
 * it shows as "not found" (404) or "gone" (410). Anything else (a limit, an error) is left to the client,
 * which asks again and shows its error.
 */
export async function pageAnswers(
  requests: readonly string[],
  answer: AnswerApi,
  visitor: { readonly language: string; readonly remoteAddress: string; readonly siteUrl: string },
): Promise<WrittenPageAnswers> {
  const answered = await Promise.all(
    requests.map(async (url) => ({ url, response: await answer(url, visitor) })),
  );
  const answers: Record<string, unknown> = {};
  const failures: Record<string, number> = {};
  for (const { url, response } of answered) {
    if (response.statusCode === 200) answers[url] = JSON.parse(response.body) as unknown;
    else if (SHOWN_FAILURES.has(response.statusCode)) failures[url] = response.statusCode;
  }
  return { language: visitor.language, siteUrl: visitor.siteUrl, answers, failures };
}

/**
 * The page's `<script type="application/json">` element with its answers (client/src/api/page-answers.ts
 * reads it). "<" is escaped inside strings, so a "</script>" in a document's text cannot end the element.
 */
export function pageAnswersElement(written: WrittenPageAnswers): string {
  const json = JSON.stringify(written).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
