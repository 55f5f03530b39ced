import { createContext, useContext } from 'react';
import { useLanguage } from '../i18n';
import { cookieOfPage } from '../utils/cookies';
import type { PageHead } from '../utils/page-head';
import type { RequestOptions } from './http';
import { documentPageAnswers, type PageAnswers } from './page-answers';

/**
 * What the page was made with, for the render that must show the same as the server's: in the browser
 * the page's own address and elements, on the server the request being answered (client/src/app/
 * render-page.tsx). Browser-only values (a signed-in session, the basket kept in localStorage) are not
 * here: the first render in the browser shows what the server showed a visitor, and then the browser's
 * own state (zustand's stores give React their state at creation while hydrating).
 */
export interface PageContext {
  /** The host the page was asked on: its domain ending may decide the language (config/routes.ts). */
  readonly hostname: string;
  /** The site's public address (PUBLIC_URL's origin): canonical, alternate and shared links start with it. */
  readonly siteUrl: string;
  /** The server's answers to the page's first requests (api/page-answers.ts). */
  readonly answers: PageAnswers;
  /**
   * Whether the visitor had accepted cookies when the page was made (the cookie banner's first render);
   * null where the page does not say (the development server), and the consent store's own first state
   * counts (stores/consent-store.ts).
   */
  readonly cookiesAccepted: boolean | null;
  /** On the server: receives the head of the page as its screen renders it (hooks/use-document-title.ts). */
  readonly headRendered: ((head: PageHead) => void) | null;
}

/** The consent cookie the page was made with (server/src/api/client-app/page-cookies.ts). */
function consentOfPage(): boolean | null {
  const value = cookieOfPage('lepinguturg.cookiesAccepted');
  return value === undefined ? null : value === '1';
}

/** The browser's page: its host, and the answers and cookies the server wrote into it. */
export function browserPageContext(): PageContext {
  const answers = documentPageAnswers();
  const here = typeof window === 'undefined' ? null : window.location;
  return {
    hostname: here?.hostname ?? '',
    siteUrl: answers.siteUrl ?? here?.origin ?? '',
    answers,
    cookiesAccepted: consentOfPage(),
    headRendered: null,
  };
}

const PageContextValue = createContext<PageContext | null>(null);

/** Gives the app the page it renders (the server's request); without it, the browser's page. */
export const PageContextProvider = PageContextValue.Provider;

export function usePageContext(): PageContext {
  return useContext(PageContextValue) ?? browserPageContext();
}

/**
 * A query's initialData from the answer the page carries for its GET (api/page-answers.ts), taken when
 * the query is first made: the page's first render shows what the server rendered, without a request.
 */
export function usePageAnswer<T>(path: string, query?: RequestOptions['query']) {
  const { answers } = usePageContext();
  const language = useLanguage();
  return {
    initialData: (): T | undefined => answers.take<T>(path, query, language),
    initialDataUpdatedAt: answers.answeredAt,
  };
}

/**
 * Whether a query's data is the page's answer: someone signed in may be answered otherwise than the
 * visitor the server asked as, so once the page is the browser's (app/start.tsx) those queries ask again.
 */
export function isPageAnswer(query: { state: { dataUpdatedAt: number } }): boolean {
  return query.state.dataUpdatedAt === documentPageAnswers().answeredAt;
}
