import { currentLanguage } from '../i18n';
import { readSession } from '../stores/session-store';
import { apiUrl, type RequestOptions } from './http';

/** The element the server writes a page's answers into (server/src/api/client-app/page-answers.ts). */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** What the server wrote: the visitor's answers to the API GETs the page's first render makes. */
interface PageAnswers {
  language: string;
  answers: Record<string, unknown>;
}

/** A URL's path and its query parameters in name order: the same request however its query is ordered. */
export function requestKey(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

let pending: Map<string, unknown> | null = null;
let language: string | null = null;

function readPageAnswers(): Map<string, unknown> {
  if (pending) return pending;
  pending = new Map();
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return pending;
  try {
    const written = JSON.parse(text) as PageAnswers;
    language = written.language;
    for (const [url, answer] of Object.entries(written.answers)) pending.set(requestKey(url), answer);
  } catch {
    // A page without usable answers asks the API as any later page does.
  }
  return pending;
}

/**
 * The answer the server wrote into the page for a GET that http() would make, taken once: the first
 * render shows it without waiting for a request (a query's initialData). Nothing when the page carries
 * no answer for it, when the UI language is not the one the answers are in, or when someone is signed
 * in (the server answered as a visitor; a signed-in person's answers may differ).
 */
export function takePageAnswer<T>(path: string, query?: RequestOptions['query']): T | undefined {
  const answers = readPageAnswers();
  if (answers.size === 0) return undefined;
  const key = requestKey(apiUrl(path, query));
  const answer = answers.get(key) as T | undefined;
  answers.delete(key);
  if (answer === undefined || language !== currentLanguage() || readSession().authenticated) return undefined;
  return answer;
}

/** Forgets the answers read so far (tests write a new page). */
export function resetPageAnswers(): void {
  pending = null;
  language = null;
}
