import { useCallback } from 'react';
import { localizedPath, type RouteName, type RouteParams } from '../config/routes';
import { DEFAULT_LANGUAGE, isLanguage, type Language, useTranslation } from '../i18n';

/** The current UI language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** localizedPath bound to the current UI language. */
export function useLocalizedPath() {
  const language = useLanguage();
  return useCallback(
    (name: RouteName, params?: RouteParams) => localizedPath(name, language, params),
    [language],
  );
}
