import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  detectLanguage,
  isNeutralPath,
  languageOfHost,
  languageOfPath,
  languageSwitchTarget,
} from '../../config/routes';
import { i18n, rememberedLanguage, rememberLanguage } from '../../i18n';
import { useSessionActions } from '../../stores/session-store';

/**
 * Keeps the UI language in step with the location (domain ending, then /en prefix) and, on a real
 * domain, moves a path of the other language to this domain's language (SPEC §4 guard 4).
 */
export function LanguageSync() {
  const location = useLocation();
  const navigate = useNavigate();
  const { uiLanguageChanged } = useSessionActions();
  // Before the browser paints: the page's texts and its <html lang> are the new path's.
  useLayoutEffect(() => {
    const { hostname } = window.location;
    const language = detectLanguage({ hostname, pathname: location.pathname }, rememberedLanguage());
    if (i18n.language !== language) void i18n.changeLanguage(language);
    rememberLanguage(language);
    // The session's UI language follows the pages the user opens (the route guard keeps English sticky).
    if (!isNeutralPath(location.pathname)) uiLanguageChanged(language);
    document.documentElement.lang = language;
  }, [location.pathname, uiLanguageChanged]);

  // An effect: React Router's BrowserRouter listens to the history from its own layout effect, after this.
  useEffect(() => {
    const { hostname, protocol, port } = window.location;
    const hostLanguage = languageOfHost(hostname);
    if (
      hostLanguage &&
      !isNeutralPath(location.pathname) &&
      languageOfPath(location.pathname) !== hostLanguage
    ) {
      const target = languageSwitchTarget({ protocol, hostname, port, ...location }, hostLanguage);
      if (target?.kind === 'path') void navigate(target.to, { replace: true });
      else if (target?.kind === 'url') {
        const url = new URL(target.href);
        void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
      }
    }
  }, [location, navigate]);
  return null;
}
