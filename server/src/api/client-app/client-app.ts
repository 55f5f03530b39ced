import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
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
import { type AnswerApi, pageAnswersElement, pageRequests } from './page-answers';
import { pageCookiesElement } from './page-cookies';

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
   * Answers index.html, naming the files the page's screen loads (client-preloads.json): 200 on a path
   * of the client's route table, 404 on any other (the app then shows "Page not found!"). False when
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
  /** The page's own script, run instead of index.html's (it brings the page's screen and texts along). */
  readonly entry?: string;
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** index.html's script's address, as the client build writes it (its other attributes stay). */
const ENTRY_SCRIPT_SOURCE = /(<script type="module"[^>]* src=")[^"]*("[^>]*><\/script>)/;

/**
 * A page's index.html naming the files its screen loads, and running the page's own script instead of
 * index.html's where it has one; made on its first request and kept.
 */
class PreloadingPage {
  private html: IndexHtml | null = null;

  constructor(private readonly preloads: PagePreloads) {}

  of(index: IndexHtml): IndexHtml {
    if (this.html) return this.html;
    const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const links = [
      ...this.preloads.scripts.map(
        (file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
      ),
      // A page's own script brings its screen without Vite's loader, which would apply the screen's
      // stylesheets: the page applies them itself. A screen loaded later applies them as it loads.
      ...this.preloads.styles.map((file) =>
        this.preloads.entry
          ? `<link rel="stylesheet" crossorigin href="${attribute(file)}">`
          : `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`,
      ),
    ].join('');
    let html = index.identity.toString('utf8');
    // Without index.html's script to replace, the page still works through that script (main.tsx).
    if (this.preloads.entry) {
      const entry = attribute(this.preloads.entry);
      html = html.replace(
        ENTRY_SCRIPT_SOURCE,
        (_script, start: string, end: string) => `${start}${entry}${end}`,
      );
    }
    const identity = Buffer.from(html.replace('</head>', `${links}</head>`), 'utf8');
    this.html = {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return this.html;
  }
}

/** Each page's files beyond the shell, by the path patterns the build wrote them for. */
function readPreloads(distDir: string): (pathname: string) => PreloadingPage | undefined {
  const file = join(distDir, CLIENT_PRELOADS_FILE);
  if (!existsSync(file)) return () => undefined;
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, PagePreloads> };
  return compileClientPatternMap(
    Object.entries(pages).map(([pattern, preloads]) => [pattern, new PreloadingPage(preloads)] as const),
  );
}

/**
 * The page with its elements for the client (answers, cookies) before </body>, compressed now (quick
 * settings: it is made per request).
 */
function withElements(page: IndexHtml, element: string, encoding: Encoding): Buffer {
  const html = Buffer.from(page.identity.toString('utf8').replace('</body>', `${element}</body>`), 'utf8');
  if (encoding === 'br') return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return html;
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

  // Read lazily: a server started before the client was built still answers once it is.
  let index: IndexHtml | null = null;
  let routes: ClientRoutes | null = null;
  let preloadingPage: ((pathname: string) => PreloadingPage | undefined) | null = null;
  return {
    sendPage(request, reply) {
      index ??= readIndexHtml(distDir);
      if (index === null) return false;
      routes ??= readClientRoutes(distDir);
      preloadingPage ??= readPreloads(distDir);
      const [path = '/', search = ''] = request.url.split('?', 2);
      // "/" is the home page even for a build that names no routes.
      const known = path === '/' || routes.knows(path);
      const html = (known && preloadingPage(path)?.of(index)) || index;
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      void reply
        .status(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('vary', 'accept-encoding');
      // The encoding the build's copies allow (an index.html without them is sent as it is).
      const sent: Encoding = encoding !== 'identity' && html[encoding] ? encoding : 'identity';
      const send = (body: Buffer) => {
        if (sent !== 'identity') void reply.header('content-encoding', sent);
        void reply.send(body);
      };
      const plain = sent === 'identity' ? html.identity : (html[sent] ?? html.identity);
      const route = known ? routes.routeOf(path) : undefined;
      if (!route || request.method !== 'GET') {
        send(plain);
        return true;
      }
      const cookies = pageCookiesElement(request.headers.cookie);
      pageAnswersElement(pageRequests(route, new URLSearchParams(search)), answerApi, {
        language: route.language,
        remoteAddress: request.ip,
      }).then(
        (answers) => send(withElements(html, `${cookies}${answers}`, sent)),
        () => send(withElements(html, cookies, sent)),
      );
      return true;
    },
  };
}
