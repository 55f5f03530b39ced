import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage } from '../../../hooks/use-language';
import { browserLocation } from '../../../utils/browser';
import { IdentityConfigurationError } from '../api/get-openid-configuration';
import { beginLogin, savePendingLogin } from '../login-flow';
import { AuthStatusPage } from './AuthStatusPage';

/** The login route: prepares PKCE and leaves for the provider's sign-in page in the UI language. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('AUTH.SIGN_IN'));
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<'unavailable' | 'configuration' | null>(null);

  useEffect(() => {
    let cancelled = false;
    beginLogin(queryClient, language).then(
      ({ url, pending }) => {
        if (cancelled) return;
        savePendingLogin(pending);
        browserLocation.assign(url);
      },
      (error: unknown) => {
        console.error('Login could not start', error);
        if (!cancelled)
          setFailed(error instanceof IdentityConfigurationError ? 'configuration' : 'unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [queryClient, language, attempt]);

  if (failed === 'configuration') {
    return (
      <div className="page page--narrow" data-testid="login-failed">
        <div className="notice notice--danger" role="alert">
          <p>{t('AUTH.CONFIGURATION_ERROR')}</p>
        </div>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="page page--narrow" data-testid="login-failed">
        <div className="notice notice--danger" role="alert">
          <p>{t('AUTH.LOGIN_UNAVAILABLE')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setFailed(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('COMMON.RETRY')}
          </button>
        </div>
      </div>
    );
  }
  return <AuthStatusPage text={t('AUTH.REDIRECTING_TO_SIGN_IN')} testId="login-redirecting" />;
}
