import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { pageAnswersOf, type WrittenPageAnswers } from '../api/page-answers';
import type { PageContext } from '../api/page-context';
import { detectLanguage, isPublicPage, languageOfHost, localizedPath, matchRoute } from '../config/routes';
import { addTextAreas, i18n, LANGUAGES } from '../i18n';
import { loadScreenArea, SCREEN_AREAS } from '../i18n/resources';
import { headHtml, type PageHead } from '../utils/page-head';
import { AppProvider, createQueryClient } from './provider';
import { AppRoutes, loadEveryScreen } from './router';

/**
 * The server's render of the public pages (docs/decisions/): the same route tree as the browser's, with
 * the answers the page carries, so a search engine, a link preview or a reader without JavaScript gets
 * the page itself, and the browser hydrates what it got. Built by Vite as a module of its own for the
 * server (client/vite.config.ts, `vite build --ssr`); server/src/api/client-app/page-renderer.ts calls it.
 */

/** What the server knows of the request for a page. */
export interface PageRequest {
  /** The page's path and query. */
  readonly url: string;
  /** The host the page was asked on. */
  readonly hostname: string;
  /** The site's public address (PUBLIC_URL's origin). */
  readonly siteUrl: string;
  /** The visitor accepted cookies (the cookie banner's cookie). */
  readonly cookiesAccepted: boolean;
  /** The answers to the page's first requests, as the page carries them (api/page-answers.ts). */
  readonly answers: WrittenPageAnswers | null;
}

/** A Node.js writable stream (the server's, which the page is written into). */
type Destination = Parameters<ReturnType<typeof renderToPipeableStream>['pipe']>[0];

export type RenderedPage =
  /** The page belongs to the other language's domain: the same page there. */
  | { readonly kind: 'redirect'; readonly location: string }
  | {
      readonly kind: 'page';
      /** 200, or 404 / 410 where the page shows "not found". */
      readonly status: number;
      readonly language: string;
      /** The elements of <head> (title, description, canonical, alternates, Open Graph, JSON-LD). */
      readonly head: string;
      /** Writes the rendered app (the content of #root) into the destination and ends it. */
      readonly pipe: (destination: Destination) => void;
    };

/** How long a render may take before it is given up (the page is then rendered in the browser). */
const RENDER_TIME_LIMIT_MS = 10_000;

let prepared: Promise<void> | null = null;

/**
 * Loads every text area in both languages and every lazily loaded screen, once: the server renders any
 * page in either language without waiting for a download.
 */
export function prepare(): Promise<void> {
  prepared ??= (async () => {
    for (const language of LANGUAGES) {
      for (const area of SCREEN_AREAS) {
        addTextAreas(language, { [area]: await loadScreenArea(language, area) });
      }
    }
    await loadEveryScreen();
  })();
  return prepared;
}

/**
 * Renders a public page (null for any other: the signed-in and admin area, the basket, sign-in and
 * purchases are rendered in the browser). The page is rendered as a visitor sees it, in the language
 * of its path, with React's renderToPipeableStream, and handed over once all of it is ready (a search
 * engine reads the whole page; nothing in it waits for data, which the answers carry).
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  await prepare();
  const url = new URL(request.url, 'http://page');
  const match = matchRoute(url.pathname);
  if (!match || !isPublicPage(match.name)) return null;
  // A path of the other language on a language's domain moves there, as the app would move it.
  const hostLanguage = languageOfHost(request.hostname);
  if (hostLanguage && hostLanguage !== match.language) {
    const location = `${localizedPath(match.name, hostLanguage, match.params)}${url.search}`;
    return { kind: 'redirect', location };
  }

  let head: PageHead | null = null;
  const page: PageContext = {
    hostname: request.hostname,
    siteUrl: request.siteUrl,
    answers: pageAnswersOf(request.answers),
    cookiesAccepted: request.cookiesAccepted,
    headRendered: (rendered) => {
      head = rendered;
    },
  };
  const app = (
    <AppProvider queryClient={createQueryClient()} page={page} language={match.language}>
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>
  );

  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(app, {
      // Every part inline, in order: no part written later with a script of React's to move it into
      // place (the Content-Security-Policy allows no inline script), however large the page.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed !== null) {
          reject(
            failed instanceof Error
              ? failed
              : new Error('A part of the page failed to render', { cause: failed }),
          );
          return;
        }
        const rendered: PageHead | null = head;
        resolve({
          kind: 'page',
          status: rendered?.status ?? 200,
          language: match.language,
          head: rendered ? headHtml(rendered) : '',
          pipe: (destination) => {
            stream.pipe(destination);
          },
        });
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('The page failed to render', { cause: error }));
      },
      // An error in part of the page would leave that part to the browser: the page is not served so.
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error('The page took too long to render')),
      RENDER_TIME_LIMIT_MS,
    );
  });
}

/**
 * The head of a page the browser renders (not a public page): the site's title and the route's
 * description in the page's language, and noindex. The app gives it the page's own title once it runs.
 */
export async function privatePageHead(request: Pick<PageRequest, 'url' | 'siteUrl'>): Promise<string> {
  await prepare();
  const { pathname } = new URL(request.url, 'http://page');
  const match = matchRoute(pathname);
  const language = match?.language ?? detectLanguage({ hostname: '', pathname });
  const t = i18n.getFixedT(language);
  const key = `META.DESCRIPTION.${match?.name ?? 'default'}`;
  return headHtml({
    title: t('APP.NAME'),
    description: i18n.exists(key, { lng: language }) ? t(key) : t('META.DESCRIPTION.default'),
    language,
    siteName: t('APP.NAME'),
    indexable: false,
    canonical: null,
    url: `${request.siteUrl}${pathname}`,
    alternates: [],
    type: 'website',
    image: null,
    priceCents: null,
    structuredData: [],
    status: 200,
  });
}
