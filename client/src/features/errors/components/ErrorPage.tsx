import { useTranslation } from '../../../i18n';
import { useLocation } from 'react-router';
import { Link } from '@/components/Link';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';

export const PAGE_NOT_FOUND = 'ERROR.PAGE_NOT_FOUND';

/** Where a redirect to /error says what went wrong (a message key). */
export interface ErrorPageState {
  message?: string;
}

function messageKey(state: unknown): string {
  const message = (state as ErrorPageState | null)?.message;
  return typeof message === 'string' && message ? message : PAGE_NOT_FOUND;
}

export function ErrorPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const location = useLocation();
  const key = messageKey(location.state);
  const message = t(key);
  useDocumentTitle(message);
  return (
    <div className="page page--narrow error-page">
      {key === PAGE_NOT_FOUND && (
        <p className="error-page__code" aria-hidden="true">
          404
        </p>
      )}
      <h1 className="page__title" data-testid="error-message">
        {message}
      </h1>
      <div className="error-page__actions">
        <Link to={path('home')} className="button button--primary">
          {t('ERROR.BACK_HOME')}
        </Link>
        <Link to={path('search')} className="button button--secondary">
          {t('HOME.SEARCH_DRAFTS')}
        </Link>
      </div>
    </div>
  );
}
