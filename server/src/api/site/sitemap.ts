import type { SitemapDocument } from '../../queries/catalogue/sitemap.query';

/**
 * /sitemap.xml (sitemaps.org 0.9, with each page's language versions as xhtml:link alternates, as
 * Google reads hreflang from a sitemap): every public page and every published document in both
 * languages. A site with more addresses than one file holds gets a sitemap index instead, naming
 * /sitemaps/pages.xml and /sitemaps/documents-<n>.xml.
 */

/** The addresses one sitemap file holds (the protocol allows 50,000; smaller files stay a few MB). */
export const SITEMAP_URLS_PER_FILE = 10_000;

export type Language = 'et' | 'en';
export const LANGUAGES: readonly Language[] = ['et', 'en'];

/** The client's route table as its build writes it (client-routes.json). */
export interface SiteRoutes {
  /** Each route's path pattern per language (react-router syntax). */
  readonly routes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The public pages (client/src/config/route-table.ts PUBLIC_PAGES). */
  readonly publicPages: readonly string[];
}

export interface SitemapInput {
  /** The site's public address (PUBLIC_URL's origin). */
  readonly siteUrl: string;
  readonly site: SiteRoutes;
  readonly documents: readonly SitemapDocument[];
  /** When the pages themselves last changed (the client's build): the static pages' lastmod. */
  readonly pagesChangedAt: string;
  readonly urlsPerFile?: number;
}

/** One page in both languages: its address in each, and when it last changed. */
interface SitemapPage {
  readonly paths: Readonly<Record<Language, string>>;
  readonly lastmod: string;
}

/** A language's address of the site: on the language domains (.ee Estonian, .com English) that one's. */
export function siteUrlFor(siteUrl: string, language: Language): string {
  const url = new URL(siteUrl);
  if (/\.(ee|com)$/.test(url.hostname))
    url.hostname = url.hostname.replace(/\.(ee|com)$/, language === 'en' ? '.com' : '.ee');
  return url.origin;
}

/** A route's path with its parameters (percent-encoded), optional ones left out when not given. */
export function routePath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  const path = pattern
    .split('/')
    .flatMap((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return [segment];
      const value = params[param[1]!];
      if (value === undefined) {
        if (param[2]) return [];
        throw new Error(`The path ${pattern} needs ${param[1]}`);
      }
      return [encodeURIComponent(value)];
    })
    .join('/');
  return path === '' ? '/' : path;
}

function patternOf(site: SiteRoutes, name: string, language: Language): string | null {
  const pattern = site.routes[name]?.[language];
  return typeof pattern === 'string' ? pattern : null;
}

const later = (a: string, b: string) => (a > b ? a : b);

/** The public pages without parameters, and each uploader's documents page (their newest change). */
function sitePages(input: SitemapInput): SitemapPage[] {
  const newest = input.documents.reduce(
    (at, document) => later(at, document.updatedAt),
    input.pagesChangedAt,
  );
  const pages: SitemapPage[] = [];
  for (const name of input.site.publicPages) {
    const et = patternOf(input.site, name, 'et');
    const en = patternOf(input.site, name, 'en');
    // Pages with a parameter (a document, an uploader, a search's word) are listed by what fills it.
    if (!et || !en || `${et}${en}`.replace(/\/:\w+\?/g, '').includes('/:')) continue;
    // The home and search pages change with the catalogue.
    const lastmod = name === 'home' || name === 'search' ? newest : input.pagesChangedAt;
    pages.push({ paths: { et: routePath(et), en: routePath(en) }, lastmod });
  }
  const uploaderPattern = {
    et: patternOf(input.site, 'searchUploader', 'et'),
    en: patternOf(input.site, 'searchUploader', 'en'),
  };
  if (uploaderPattern.et && uploaderPattern.en) {
    const uploaders = new Map<string, string>();
    for (const { uploaderId, updatedAt } of input.documents) {
      uploaders.set(uploaderId, later(uploaders.get(uploaderId) ?? '', updatedAt));
    }
    for (const [uploaderId, lastmod] of [...uploaders].sort(([a], [b]) => a.localeCompare(b))) {
      pages.push({
        paths: {
          et: routePath(uploaderPattern.et, { uploaderId }),
          en: routePath(uploaderPattern.en, { uploaderId }),
        },
        lastmod,
      });
    }
  }
  return pages;
}

function documentPages(input: SitemapInput): SitemapPage[] {
  const et = patternOf(input.site, 'document', 'et');
  const en = patternOf(input.site, 'document', 'en');
  if (!et || !en) return [];
  return input.documents.map(({ slug, updatedAt }) => ({
    paths: { et: routePath(et, { slug }), en: routePath(en, { slug }) },
    lastmod: updatedAt,
  }));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's <url> elements, one per language, each naming both languages and the default (Estonian). */
function urlElements(siteUrl: string, page: SitemapPage): string {
  const href = (language: Language) => escapeXml(`${siteUrlFor(siteUrl, language)}${page.paths[language]}`);
  const alternates = [
    ...LANGUAGES.map(
      (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href(language)}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href('et')}"/>`,
  ].join('');
  return LANGUAGES.map(
    (language) =>
      `<url><loc>${href(language)}</loc><lastmod>${escapeXml(page.lastmod)}</lastmod>${alternates}</url>`,
  ).join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(siteUrl: string, pages: readonly SitemapPage[]): string {
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${pages
    .map((page) => urlElements(siteUrl, page))
    .join('\n')}\n</urlset>\n`;
}

/** The files of a sitemap too large for one: their names (under /sitemaps/) and pages. */
function sections(input: SitemapInput): Map<string, SitemapPage[]> {
  const perFile = Math.max(2, Math.floor((input.urlsPerFile ?? SITEMAP_URLS_PER_FILE) / LANGUAGES.length));
  const files = new Map<string, SitemapPage[]>();
  const pages = sitePages(input);
  for (let start = 0, part = 1; start < pages.length; start += perFile, part += 1) {
    files.set(part === 1 ? 'pages.xml' : `pages-${part}.xml`, pages.slice(start, start + perFile));
  }
  const documents = documentPages(input);
  for (let start = 0, part = 1; start < documents.length; start += perFile, part += 1) {
    files.set(`documents-${part}.xml`, documents.slice(start, start + perFile));
  }
  return files;
}

/** /sitemap.xml: every address in one urlset, or, for a site with more than one file holds, the index. */
export function sitemapXml(input: SitemapInput): string {
  const urlsPerFile = input.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const pages = [...sitePages(input), ...documentPages(input)];
  if (pages.length * LANGUAGES.length <= urlsPerFile) return urlset(input.siteUrl, pages);
  const entries = [...sections(input)].map(([name, filePages]) => {
    const lastmod = filePages.reduce((at, page) => later(at, page.lastmod), '');
    return `<sitemap><loc>${escapeXml(`${input.siteUrl}/sitemaps/${name}`)}</loc><lastmod>${escapeXml(lastmod)}</lastmod></sitemap>`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** One file of the index (/sitemaps/<name>); null for a name the sitemap has no file for. */
export function sitemapSectionXml(input: SitemapInput, name: string): string | null {
  const pages = sections(input).get(name);
  return pages ? urlset(input.siteUrl, pages) : null;
}

/**
 * /robots.txt: the public pages are everybody's to read; the signed-in and admin areas, the API, the
 * basket, sign-in, purchases and payments nobody's. The images shared links show are under /api, and
 * the networks' crawlers that read robots.txt must still fetch them.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Allow: /api/site/share-image',
    'Allow: /api/documents/*/share-image',
    'Disallow: /admin',
    'Disallow: /en/admin',
    'Disallow: /login',
    'Disallow: /en/login',
    'Disallow: /callback',
    'Disallow: /logout',
    'Disallow: /error',
    'Disallow: /ostukorv',
    'Disallow: /en/cart',
    'Disallow: /ostu-kokkuvote/',
    'Disallow: /en/purchase-summary/',
    'Disallow: /maksekeskus/',
    'Disallow: /en/paymentcenter/',
    'Disallow: /payments/',
    'Disallow: /oidc/',
    'Disallow: /dev/',
    'Disallow: /test-gateway',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
