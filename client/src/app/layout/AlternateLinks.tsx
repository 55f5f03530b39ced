import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { localizedPath, matchRoute } from '../../config/routes';
import { LANGUAGES } from '../../i18n';

const MARK = 'data-alternate';

/**
 * <link rel="alternate" hreflang> between the Estonian and English versions of the page (and
 * x-default, the Estonian one), and rel="canonical" for this one; none on pages outside the route
 * table (error, callback, logout). The query is left out: the version is the page, not a search.
 */
export function AlternateLinks() {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const old of document.head.querySelectorAll(`link[${MARK}]`)) old.remove();
    const match = matchRoute(pathname);
    if (!match) return;
    const origin = window.location.origin;
    const add = (rel: string, href: string, hreflang?: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = `${origin}${href}`;
      if (hreflang) link.hreflang = hreflang;
      link.setAttribute(MARK, '');
      document.head.append(link);
    };
    add('canonical', localizedPath(match.name, match.language, match.params));
    for (const language of LANGUAGES) {
      add('alternate', localizedPath(match.name, language, match.params), language);
    }
    add('alternate', localizedPath(match.name, 'et', match.params), 'x-default');
  }, [pathname]);
  return null;
}
