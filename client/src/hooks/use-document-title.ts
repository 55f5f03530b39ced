import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '<page> · Lepinguturg'. */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const appName = t('APP.NAME');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
