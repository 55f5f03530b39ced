import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useClientConfig } from '@/features/auth/api/get-client-config';
import { detectLanguage, matchRoute } from '../../config/routes';
import { currentLanguage } from '../../i18n';
import { useCookiesAccepted } from '../../stores/consent-store';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export const TAG_MANAGER_SCRIPT_ID = 'tag-manager';

/** Loads the tag manager's script once (the container's standard snippet, without inline script). */
function loadTagManager(containerId: string): void {
  if (document.getElementById(TAG_MANAGER_SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.append(script);
}

/**
 * The tag manager (SPEC §7): only when the configuration switches it on (tagManagerEnabled and an
 * id), and only after the visitor accepted cookies. Each page view is reported by route name (the
 * names of SPEC §2, 'unknown' for other paths) with the path and the UI language.
 */
export function TagManager() {
  const { data: config } = useClientConfig();
  const accepted = useCookiesAccepted();
  const { pathname } = useLocation();
  const containerId = config?.tagManagerEnabled ? config.tagManagerId : null;
  const active = accepted && containerId !== null;

  useEffect(() => {
    if (active && containerId) loadTagManager(containerId);
  }, [active, containerId]);

  useEffect(() => {
    if (!active) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({
      event: 'page_view',
      routeName: matchRoute(pathname)?.name ?? (pathname === '/error' ? 'error' : 'unknown'),
      pagePath: pathname,
      // The page's own language, by its address: i18next may still be loading the new language's texts
      // (the language-neutral pages keep the language the visitor had).
      language: detectLanguage({ hostname: window.location.hostname, pathname }, currentLanguage()),
    });
  }, [active, pathname]);

  return null;
}
