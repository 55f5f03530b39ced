import { generatePath, matchPath } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n';
import { ADMIN_ROOT, NEUTRAL_ROUTES, PUBLIC_PAGES, ROUTES, type RouteDefinition } from './route-table';

export { ADMIN_ROOT, NEUTRAL_ROUTES, PUBLIC_PAGES, ROUTES, type RouteDefinition };

export type RouteName = keyof typeof ROUTES;

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && Object.hasOwn(ROUTES, value);
}

/** Whether a named route is a public page: rendered on the server, in the sitemap, indexed. */
export function isPublicPage(name: RouteName): boolean {
  return (PUBLIC_PAGES as readonly RouteName[]).includes(name);
}

/**
 * The site's address for pages in a language: on the two language domains (SPEC §2: .ee Estonian,
 * .com English) the one of that language, else the site's own (localhost, an address of one domain).
 */
export function siteUrlFor(siteUrl: string, language: Language): string {
  try {
    const url = new URL(siteUrl);
    if (languageOfHost(url.hostname) === null) return url.origin;
    url.hostname = url.hostname.replace(/\.(com|ee)$/, language === 'en' ? '.com' : '.ee');
    return url.origin;
  } catch {
    return siteUrl;
  }
}

/** A named route's absolute address in a language, on the site's address for that language. */
export function absoluteUrl(
  siteUrl: string,
  name: RouteName,
  language: Language,
  params: RouteParams = {},
): string {
  return `${siteUrlFor(siteUrl, language)}${localizedPath(name, language, params)}`;
}

/** Whether a named route is only for signed-in users. */
export function needsLogin(name: RouteName): boolean {
  return (ROUTES[name] as RouteDefinition).login === true;
}

export type RouteParams = Record<string, string | undefined>;

/** The path of a named route in a language, e.g. localizedPath('document', 'en', { slug }) -> /en/document/<slug>. */
export function localizedPath(name: RouteName, language: Language, params: RouteParams = {}): string {
  return generatePath(ROUTES[name][language], params);
}

/** A link target including the route's own hash (mission, vision), for menus. */
export function localizedTo(name: RouteName, language: Language, params: RouteParams = {}) {
  const route = ROUTES[name] as RouteDefinition;
  return { pathname: localizedPath(name, language, params), hash: route.hash ? `#${route.hash}` : '' };
}

export interface RouteMatch {
  name: RouteName;
  language: Language;
  params: RouteParams;
}

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** The last path matchRoute answered for: every component of a render asks about the same path. */
let lastMatched: { pathname: string; match: RouteMatch | null } | null = null;

/** Which named route (and in which language) a path belongs to; null when none does. */
export function matchRoute(pathname: string): RouteMatch | null {
  if (lastMatched?.pathname !== pathname) lastMatched = { pathname, match: findRoute(pathname) };
  const { match } = lastMatched;
  return match && { ...match, params: { ...match.params } };
}

/**
 * Whether a path pattern can match a path, judged by the pattern's leading static segments alone (the
 * ones before its first parameter, optional segment or splat): each must be the path's segment in the
 * same place, as react-router compares them (case aside, decoded). A quick "no" before react-router
 * compiles the pattern to a regular expression: a path's first segment rules out most of the table.
 * A "yes" is only a maybe; so is anything this does not judge (relative patterns, a path with `//`).
 */
export function mayMatchPath(pattern: string, pathname: string): boolean {
  if (!pattern.startsWith('/') || pathname.includes('//')) return true;
  const wanted = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  for (const [index, segment] of wanted.entries()) {
    if (/[:*?]/.test(segment)) return true;
    const actual = segments[index];
    if (actual === undefined || decodeSegment(actual).toLowerCase() !== segment.toLowerCase()) return false;
  }
  return true;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Tries the route patterns that may match (react-router compiles each one again on every try). */
function findRoute(pathname: string): RouteMatch | null {
  for (const language of ['en', 'et'] as const) {
    for (const name of ROUTE_NAMES) {
      if (!mayMatchPath(ROUTES[name][language], pathname)) continue;
      const match = matchPath({ path: ROUTES[name][language], end: true }, pathname);
      if (match) return { name, language, params: { ...match.params } };
    }
  }
  return null;
}

export function isNeutralPath(pathname: string): boolean {
  return Object.values(NEUTRAL_ROUTES).some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** /en and /en/... are English; everything else Estonian. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'et';
}

/** A .com host means English, an .ee host Estonian; other hosts (localhost, IPs) decide by path. */
export function languageOfHost(hostname: string): Language | null {
  if (hostname.endsWith('.com')) return 'en';
  if (hostname.endsWith('.ee')) return 'et';
  return null;
}

/**
 * The UI language for a location: the domain ending wins, then the path prefix; the language-neutral
 * routes (/error, /callback, /logout) keep the language the user had (remembered), default Estonian.
 */
export function detectLanguage(
  location: { hostname: string; pathname: string },
  remembered: string | null = null,
): Language {
  const byHost = languageOfHost(location.hostname);
  if (byHost) return byHost;
  if (isNeutralPath(location.pathname)) return isLanguage(remembered) ? remembered : DEFAULT_LANGUAGE;
  return languageOfPath(location.pathname);
}

export type LanguageSwitchTarget = { kind: 'path'; to: string } | { kind: 'url'; href: string };

/**
 * Where to go to see the current page in another language, keeping query and hash: on localhost
 * and other hosts by path; on real domains by swapping the ending (.ee <-> .com). Null when the
 * path is not a known route (the caller logs a warning and stays, SPEC §8).
 */
export function languageSwitchTarget(
  location: {
    protocol: string;
    hostname: string;
    port: string;
    pathname: string;
    search: string;
    hash: string;
  },
  target: Language,
): LanguageSwitchTarget | null {
  let path: string;
  if (isNeutralPath(location.pathname)) {
    path = location.pathname;
  } else {
    const match = matchRoute(location.pathname);
    if (!match) return null;
    path = localizedPath(match.name, target, match.params);
  }
  const rest = `${path}${location.search}${location.hash}`;
  if (languageOfHost(location.hostname) === null) return { kind: 'path', to: rest };
  const hostname = location.hostname.replace(/\.(com|ee)$/, target === 'en' ? '.com' : '.ee');
  const port = location.port ? `:${location.port}` : '';
  return { kind: 'url', href: `${location.protocol}//${hostname}${port}${rest}` };
}

/** A remembered route: its name and params, and its query (e.g. a search's ?q=) when it had one. */
export interface RememberedRoute {
  name: RouteName;
  params: RouteParams;
  search?: string;
}

/**
 * A route to remember for after signing in: the named route of a path with its query, else home
 * (error and unknown paths).
 */
export function routeToRemember(pathname: string, search = ''): RememberedRoute {
  const match = matchRoute(pathname);
  if (!match || match.name === 'login') return { name: 'home', params: {} };
  return withSearch({ name: match.name, params: match.params }, search);
}

/** Adds the query to a remembered route when there is one ('' and '?' are none). */
export function withSearch(route: RememberedRoute, search: string | undefined): RememberedRoute {
  return search && search !== '?'
    ? { ...route, search: search.startsWith('?') ? search : `?${search}` }
    : route;
}

/** The path (and query) of a remembered route in a language; home when there is none or it cannot be built. */
export function rememberedPath(
  page: { name: string; params: RouteParams; search?: unknown } | null | undefined,
  language: Language,
): string {
  if (!page || !isRouteName(page.name)) return localizedPath('home', language);
  const search = typeof page.search === 'string' && page.search.startsWith('?') ? page.search : '';
  try {
    return `${localizedPath(page.name, language, page.params)}${search}`;
  } catch {
    return localizedPath('home', language);
  }
}

export function isAdminRoot(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === ADMIN_ROOT.et || trimmed === ADMIN_ROOT.en;
}
