import { apiUrl, type RequestOptions } from './http';

/** The element the server writes a page's answers into (server/src/api/client-app/page-answers.ts). */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/**
 * What the server wrote: the visitor's answers to the API GETs the page's first render makes, in the
 * page's language, and the statuses of those it was refused as not found (404) or gone (410).
 */
export interface WrittenPageAnswers {
  readonly language: string;
  /** The site's public address (the server's PUBLIC_URL): canonical and shared links start with it. */
  readonly siteUrl?: string;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly failures?: Readonly<Record<string, number>>;
}

/** The answers a page carries, as its first render reads them. */
export interface PageAnswers {
  /**
   * The answer for a GET that http() would make (its path under /api and its query), taken once: the
   * first render shows it without waiting for a request (a query's initialData), on the server as in the
   * browser. Nothing when the page carries no answer for it, or when it is in another language than the
   * one the page renders in.
   */
  take<T>(path: string, query: RequestOptions['query'] | undefined, language: string): T | undefined;
  /** The status the server was refused with for that GET (404, 410): the page shows it as not found. */
  failure(path: string, query?: RequestOptions['query']): number | undefined;
  /** The site's public address as the server knows it, if it wrote one. */
  readonly siteUrl: string | null;
  /**
   * When the answers count as given (when the page is read, in the browser; when it is rendered, on the
   * server): a query that takes one is as fresh as a request made then, on both, so both render it the
   * same (not as being fetched again).
   */
  readonly answeredAt: number;
}

/** A URL's path and its query parameters in name order: the same request however its query is ordered. */
export function requestKey(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

/** The answers written for one page (the server hands them to its render; the browser reads its page's). */
export function pageAnswersOf(written: WrittenPageAnswers | null): PageAnswers {
  const answers = new Map<string, unknown>();
  const failures = new Map<string, number>();
  for (const [url, answer] of Object.entries(written?.answers ?? {})) answers.set(requestKey(url), answer);
  for (const [url, status] of Object.entries(written?.failures ?? {})) failures.set(requestKey(url), status);
  return {
    take<T>(path: string, query: RequestOptions['query'] | undefined, language: string) {
      const key = requestKey(apiUrl(path, query));
      const answer = answers.get(key) as T | undefined;
      answers.delete(key);
      return written?.language === language ? answer : undefined;
    },
    failure: (path, query) => failures.get(requestKey(apiUrl(path, query))),
    siteUrl: written?.siteUrl ?? null,
    answeredAt: Date.now(),
  };
}

let fromDocument: PageAnswers | null = null;

/** The answers the server wrote into this page's HTML (read once; none outside a browser). */
export function documentPageAnswers(): PageAnswers {
  if (fromDocument) return fromDocument;
  let written: WrittenPageAnswers | null = null;
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  try {
    if (text) written = JSON.parse(text) as WrittenPageAnswers;
  } catch {
    // A page without usable answers asks the API as any later page does.
  }
  fromDocument = pageAnswersOf(written);
  return fromDocument;
}

/** Forgets the answers read so far (tests write a new page). */
export function resetPageAnswers(): void {
  fromDocument = null;
}
