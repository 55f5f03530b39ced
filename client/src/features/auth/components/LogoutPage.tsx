import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../../config/routes';
import { readSession, useSessionActions } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { browserLocation } from '../../../utils/browser';
import { configKeys } from '../api/get-client-config';
import { endSessionUrl } from '../login-flow';
import { AuthStatusPage } from './AuthStatusPage';

/**
 * /logout (SPEC §4 Session): clears the session, the messages and the cached server state, then
 * signs out of the provider (which returns to redirectSignOut), or goes home without an id token.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signedOut } = useSessionActions();
  const { messagesCleared } = useUiActions();
  // Read before the session is cleared (StrictMode runs the effect twice).
  const [{ idToken, uiLanguage }] = useState(() => readSession());

  useEffect(() => {
    let cancelled = false;
    signedOut();
    messagesCleared();
    // Nothing read with the old bearer outlives it; what is on screen (the basket) is read again.
    const notConfig = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== configKeys.all[0];
    queryClient.removeQueries({ predicate: (query) => notConfig(query) && !query.isActive() });
    void queryClient.invalidateQueries({ predicate: notConfig });
    const goHome = () => void navigate(localizedPath('home', uiLanguage), { replace: true });
    endSessionUrl(queryClient, idToken, uiLanguage).then(
      (url) => {
        if (cancelled) return;
        if (url) browserLocation.assign(url);
        else goHome();
      },
      (error: unknown) => {
        console.error('Provider sign-out failed', error);
        if (!cancelled) goHome();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate, signedOut, messagesCleared, idToken, uiLanguage]);

  return <AuthStatusPage text={t('AUTH.SIGNING_OUT')} testId="logout-pending" />;
}
