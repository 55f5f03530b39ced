import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { SHOP_ICON_SVG } from '../../infrastructure/shop-icon';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type ClientRouteMatcher,
  compileClientPatternMap,
  compileClientRoutes,
  compileRouteTable,
  type NamedRouteMatch,
  type RouteTable,
} from './client-routes';
import { type AnswerApi, pageAnswers, pageAnswersElement, pageRequests } from './page-answers';
import { pageChoices, pageCookiesElement } from './page-cookies';
import { loadPageRenderer, type PageRenderer, renderedHtml } from './page-renderer';

/** Written by the client build (client/build-tools/client-routes.ts). */
export const CLIENT_ROUTES_FILE = 'client-routes.json';
/** Written by the client build (client/build-tools/route-preloads.ts). */
export const CLIENT_PRELOADS_FILE = 'client-preloads.json';

/** Hashed file names change with their content: a browser may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: a browser must ask again every time. */
export const NO_CACHE = 'no-cache';
/** Files of the build without a hash in their name. */
const SHORT_CACHE_CONTROL = 'public, max-age=3600';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
const PRECOMPRESSED = /\.(br|gz)$/;

/** The client app's page for a browser GET that no API route or file answers. */
export interface ClientAppPages {
  /**
   * Answers a page of the client's route table: a public page rendered on the server, any other as
   * index.html that the app renders (noindex), each naming the files the page's screen loads
   * (client-preloads.json) and carrying its first answers and cookies; 200, or the page's own status
   * (404, 410). Any other path: index.html with 404 (the app then shows "Page not found!"). False when
   * there is no client build to answer with.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply): boolean;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** br, else gzip, else none, as the request's Accept-Encoding allows (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

interface IndexHtml {
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
}

function readIndexHtml(distDir: string): IndexHtml | null {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  const optional = (path: string) => (existsSync(path) ? readFileSync(path) : null);
  return { identity: readFileSync(file), br: optional(`${file}.br`), gzip: optional(`${file}.gz`) };
}

interface ClientRoutes {
  readonly knows: ClientRouteMatcher;
  readonly routeOf: (pathname: string) => NamedRouteMatch | undefined;
}

function readClientRoutes(distDir: string): ClientRoutes {
  const file = join(distDir, CLIENT_ROUTES_FILE);
  if (!existsSync(file)) return { knows: compileClientRoutes([]), routeOf: () => undefined };
  const { patterns, routes = {} } = JSON.parse(readFileSync(file, 'utf8')) as {
    patterns: string[];
    routes?: RouteTable;
  };
  return { knows: compileClientRoutes(patterns), routeOf: compileRouteTable(routes) };
}

interface PagePreloads {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** Each page's files beyond the shell, by the path patterns the build wrote them for. */
function readPreloads(distDir: string): (pathname: string) => PagePreloads | undefined {
  const file = join(distDir, CLIENT_PRELOADS_FILE);
  if (!existsSync(file)) return () => undefined;
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, PagePreloads> };
  return compileClientPatternMap(Object.entries(pages));
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links that name a page's files beyond the shell: its screen's modules, and its stylesheets,
 * applied where the page comes rendered (its markup needs them for the first paint) and preloaded where
 * the app renders it (the screen applies them as it loads).
 */
function preloadLinks(preloads: PagePreloads | undefined, rendered: boolean): string {
  if (!preloads) return '';
  return [
    ...preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
    ...preloads.styles.map((file) =>
      rendered
        ? `<link rel="stylesheet" crossorigin href="${attribute(file)}">`
        : `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`,
    ),
  ].join('');
}

/** What goes into index.html for one page. */
export interface PageParts {
  /** <html>'s language and classes. */
  readonly language?: string;
  readonly htmlClasses?: readonly string[];
  /** Elements for <head>, in place of index.html's title and description when `head` is given. */
  readonly head?: string;
  readonly links: string;
  /** The content of #root (the rendered app). */
  readonly app?: string;
  /** Elements before </body> (answers, cookies). */
  readonly elements: string;
}

const INDEX_TITLE = /<title>[^<]*<\/title>/;
const INDEX_DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const HTML_ELEMENT = /<html[^>]*>/;
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * index.html with a page's parts written in. Each part is put in by a function: a replacement string
 * would read `$&` or `$'` in a document's title (user text) as the matched text.
 */
export function composePage(index: string, parts: PageParts): string {
  const put = (html: string, at: string | RegExp, part: string) => html.replace(at, () => part);
  let html = index;
  if (parts.language) {
    const classes = parts.htmlClasses?.length ? ` class="${attribute(parts.htmlClasses.join(' '))}"` : '';
    html = put(html, HTML_ELEMENT, `<html lang="${attribute(parts.language)}"${classes}>`);
  }
  if (parts.head !== undefined) html = put(put(html, INDEX_TITLE, ''), INDEX_DESCRIPTION, '');
  html = put(html, '</head>', `${parts.head ?? ''}${parts.links}</head>`);
  if (parts.app !== undefined) html = put(html, ROOT_ELEMENT, `<div id="root">${parts.app}</div>`);
  return put(html, '</body>', `${parts.elements}</body>`);
}

/** The page compressed as the request allows (quick settings: it is made per request). */
function encoded(html: string, encoding: Encoding): Buffer {
  const body = Buffer.from(html, 'utf8');
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return body;
}

/**
 * Serves the built client app at /: hashed assets cached for a year as immutable, index.html never
 * from cache, and brotli or gzip copies made at build time (client/build-tools/precompress.ts) to
 * browsers that accept them. Returns the pages answer for paths no file matches; a page carries the
 * API's answers to the requests its first render makes (page-answers.ts) and the cookies it reads
 * (page-cookies.ts).
 */
export async function registerClientApp(
  app: NestFastifyApplication,
  config: AppConfig,
): Promise<ClientAppPages> {
  const distDir = config.clientDistDir;
  // Browsers ask for /favicon.ico where a page names no icon (a PDF they show, say): the shop's icon.
  app
    .getHttpAdapter()
    .getInstance()
    .get('/favicon.ico', (_request, reply) => {
      void reply.type('image/svg+xml').header('cache-control', SHORT_CACHE_CONTROL).send(SHOP_ICON_SVG);
    });
  if (existsSync(distDir)) {
    // Registered directly: Nest's useStaticAssets looks for @fastify/static from its own folder.
    await app.register(fastifyStatic as unknown as Parameters<typeof app.register>[0], {
      root: distDir,
      prefix: '/',
      wildcard: false,
      // "/" is a page too: the pages answer (below) names its files and writes its answers.
      index: false,
      preCompressed: true,
      // Cache-Control is ours (setHeaders); the default would be max-age=0 for everything.
      cacheControl: false,
      setHeaders: (response: { setHeader(name: string, value: string): void }, path: string) => {
        const original = path.replace(PRECOMPRESSED, '');
        response.setHeader(
          'cache-control',
          HASHED_ASSET.test(path)
            ? IMMUTABLE_CACHE_CONTROL
            : original.endsWith('.html')
              ? NO_CACHE
              : SHORT_CACHE_CONTROL,
        );
        if (PRECOMPRESSED.test(path) || existsSync(`${path}.br`) || existsSync(`${path}.gz`))
          response.setHeader('vary', 'accept-encoding');
      },
    });
  }

  const answerApi: AnswerApi = async (url, { language, remoteAddress }) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', 'accept-language': language },
      remoteAddress,
    });
    return { statusCode: response.statusCode, body: response.body };
  };

  const logger = new Logger('ClientApp');
  const siteUrl = new URL(config.publicUrl).origin;
  // Read lazily: a server started before the client was built still answers once it is.
  let index: IndexHtml | null = null;
  let routes: ClientRoutes | null = null;
  let preloadsOf: ((pathname: string) => PagePreloads | undefined) | null = null;
  let renderer: PageRenderer | null | undefined;
  const pageRenderer = () => {
    if (renderer === undefined) {
      renderer = loadPageRenderer(distDir);
      // Every screen and text loaded before the first visitor waits for them.
      renderer
        ?.prepare()
        .catch((error: unknown) => logger.error(`The page renderer failed to start: ${String(error)}`));
    }
    return renderer;
  };
  // Started with the server where the build is there already.
  if (existsSync(join(distDir, 'index.html'))) pageRenderer();

  /**
   * A known page, made for this request: a public page rendered on the server (the page renderer) with
   * the answers of its first requests, or, for every other page, index.html that the app renders, with
   * noindex. The status is the page's own (404 or 410 for a document that is not there, or no longer).
   */
  async function sendKnownPage(
    request: FastifyRequest,
    reply: FastifyReply,
    route: NamedRouteMatch,
    path: string,
    search: string,
    send: (status: number, html: string) => void,
  ): Promise<void> {
    const html = index!.identity.toString('utf8');
    const choices = pageChoices(request.headers.cookie);
    const written = await pageAnswers(pageRequests(route, new URLSearchParams(search)), answerApi, {
      language: route.language,
      remoteAddress: request.ip,
      siteUrl,
    });
    const elements = `${pageCookiesElement(request.headers.cookie)}${pageAnswersElement(written)}`;
    const preloads = preloadsOf!(path);
    const url = search ? `${path}?${search}` : path;
    const renderer = pageRenderer();
    if (renderer) {
      try {
        const rendered = await renderer.renderPage({
          url,
          hostname: request.hostname,
          siteUrl,
          cookiesAccepted: choices.cookiesAccepted,
          answers: written,
        });
        if (rendered?.kind === 'redirect') {
          void reply.redirect(rendered.location, 301);
          return;
        }
        if (rendered) {
          const app = await renderedHtml(rendered);
          send(
            rendered.status,
            composePage(html, {
              language: rendered.language,
              htmlClasses: choices.htmlClasses,
              head: rendered.head,
              links: preloadLinks(preloads, true),
              app,
              elements,
            }),
          );
          return;
        }
        // Nobody's page to find: the signed-in and admin area, the basket, sign-in, purchases.
        void reply.header('x-robots-tag', 'noindex');
        const head = await renderer.privatePageHead({ url, siteUrl });
        send(
          200,
          composePage(html, {
            language: route.language,
            htmlClasses: choices.htmlClasses,
            head,
            links: preloadLinks(preloads, false),
            elements,
          }),
        );
        return;
      } catch (error) {
        // The browser renders the page instead: it works, only without the server's head and content.
        logger.error(
          `Rendering ${url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    }
    send(
      200,
      composePage(html, { htmlClasses: choices.htmlClasses, links: preloadLinks(preloads, false), elements }),
    );
  }

  return {
    sendPage(request, reply) {
      index ??= readIndexHtml(distDir);
      if (index === null) return false;
      routes ??= readClientRoutes(distDir);
      preloadsOf ??= readPreloads(distDir);
      const [path = '/', search = ''] = request.url.split('?', 2);
      // "/" is the home page even for a build that names no routes.
      const known = path === '/' || routes.knows(path);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      void reply
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('vary', 'accept-encoding');
      const route = known ? routes.routeOf(path) : undefined;
      if (!route) {
        // An unknown path (404, the app shows "Page not found!"), a page outside the named routes (the
        // login callback, logout, the error page), or a build that names no routes.
        if (known) void reply.header('x-robots-tag', 'noindex');
        const plain: Encoding = encoding !== 'identity' && index[encoding] ? encoding : 'identity';
        if (plain !== 'identity') void reply.header('content-encoding', plain);
        void reply.status(known ? 200 : 404).send(plain === 'identity' ? index.identity : index[plain]);
        return true;
      }
      const send = (status: number, html: string) => {
        if (encoding !== 'identity') void reply.header('content-encoding', encoding);
        void reply.status(status).send(encoded(html, encoding));
      };
      sendKnownPage(request, reply, route, path, search, send).catch((error: unknown) => {
        logger.error(`The page ${path} failed: ${String(error)}`);
        if (!reply.sent)
          void reply.status(500).type('text/plain; charset=utf-8').send('Something went wrong');
      });
      return true;
    },
  };
}
