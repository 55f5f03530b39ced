import { useEffect } from 'react';
import { useTranslation } from '../i18n';
import { useLocation } from 'react-router';
import { matchRoute } from '../config/routes';

/** The <meta name="description"> of the page, created when index.html has none. */
function descriptionElement(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets the tab title to '<page> · Lepinguturg' and the meta description, both in the UI language.
 * Without a description of its own a page gets its route's (META.DESCRIPTION.<route name>), else the
 * site's.
 */
export function usePageMeta(title: string | null | undefined, description?: string | null) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const appName = t('APP.NAME');
  const routeName = matchRoute(pathname)?.name;
  const routeKey = `META.DESCRIPTION.${routeName ?? 'default'}`;
  const fallback = i18n.exists(routeKey) ? t(routeKey) : t('META.DESCRIPTION.default');
  const text = description || fallback;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
    descriptionElement().content = text;
  }, [title, appName, text]);
}

/** Sets the tab title to '<page> · Lepinguturg' (and the route's meta description). */
export function useDocumentTitle(title: string | null | undefined) {
  usePageMeta(title);
}
