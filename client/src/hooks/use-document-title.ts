import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageContext } from '../api/page-context';
import { absoluteUrl, isPublicPage, matchRoute, type RouteMatch } from '../config/routes';
import { LANGUAGES, type Language, useTranslation } from '../i18n';
import { applyHead, type PageHead, type PageImage } from '../utils/page-head';

/** What a page's head says beyond its title and description (the document page: a product). */
export interface PageMetaExtras {
  readonly type?: 'website' | 'product';
  /** The image a shared link shows; the site's own when the page has none. */
  readonly image?: PageImage | null;
  readonly priceCents?: number | null;
  /** schema.org objects (JSON-LD). */
  readonly structuredData?: readonly object[];
  /** The page shows "not found" (404) or "gone" (410): the server answers with it, and it is no page to index. */
  readonly status?: number;
}

/** The site's own image for shared links (server/src/api/site: 1200×630). */
export const SITE_IMAGE_PATH = '/api/site/share-image';

/** The page's address in each language, and the Estonian one as the default (x-default). */
function alternates(siteUrl: string, match: RouteMatch) {
  const href = (language: Language) => absoluteUrl(siteUrl, match.name, language, match.params);
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: href(language) })),
    { hreflang: 'x-default', href: href('et') },
  ];
}

/**
 * The page's head: the tab title '<page> · Lepinguturg' and the meta description in the page's
 * language (without a description of its own a page gets its route's, META.DESCRIPTION.<route name>,
 * else the site's), the canonical address and the language versions of a public page (none, and
 * noindex, on every other page), Open Graph and Twitter card tags, and the extras' structured data. The
 * server writes it into the page (api/page-context.ts headRendered); in the browser it replaces the
 * previous page's once the page has rendered.
 */
export function usePageMeta(
  title: string | null | undefined,
  description?: string | null,
  extras: PageMetaExtras = {},
) {
  const { t, i18n, language } = useTranslation();
  const { pathname } = useLocation();
  const page = usePageContext();
  const appName = t('APP.NAME');
  const match = matchRoute(pathname);
  const routeKey = `META.DESCRIPTION.${match?.name ?? 'default'}`;
  const fallback = i18n.exists(routeKey, { lng: language }) ? t(routeKey) : t('META.DESCRIPTION.default');
  const status = extras.status ?? 200;
  const indexable = match !== null && isPublicPage(match.name) && status === 200;
  const canonical = indexable ? absoluteUrl(page.siteUrl, match.name, match.language, match.params) : null;
  const head: PageHead = {
    title: title ? `${title} · ${appName}` : appName,
    description: description || fallback,
    language,
    siteName: appName,
    indexable,
    canonical,
    url: canonical ?? `${page.siteUrl}${pathname}`,
    alternates: indexable ? alternates(page.siteUrl, match) : [],
    type: extras.type ?? 'website',
    image:
      extras.image === undefined
        ? {
            url: `${page.siteUrl}${SITE_IMAGE_PATH}`,
            width: 1200,
            height: 630,
            alt: `${appName} – ${t('APP.TAGLINE')}`,
            type: 'image/png',
          }
        : extras.image,
    priceCents: extras.priceCents ?? null,
    structuredData: extras.structuredData ?? [],
    status,
  };
  // The server renders once and runs no effects: it takes the head as the page renders.
  page.headRendered?.(head);
  const written = JSON.stringify(head);
  useEffect(() => applyHead(JSON.parse(written) as PageHead), [written]);
}

/** Sets the tab title to '<page> · Lepinguturg' (and the rest of the page's head, usePageMeta). */
export function useDocumentTitle(title: string | null | undefined) {
  usePageMeta(title);
}
