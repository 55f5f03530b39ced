import { useCallback } from 'react';
import { localizedPath, type RouteName, type RouteParams } from '../config/routes';
import { useLanguage } from '../i18n';

/** The current UI language, re-rendering when it changes. */
export { useLanguage };

/** localizedPath bound to the current UI language. */
export function useLocalizedPath() {
  const language = useLanguage();
  return useCallback(
    (name: RouteName, params?: RouteParams) => localizedPath(name, language, params),
    [language],
  );
}
