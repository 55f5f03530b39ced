import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useLocation, useNavigate } from 'react-router';
import { localizedPath } from '../../../config/routes';
import { readSession, useSessionActions } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { browserLocation } from '../../../utils/browser';
import { endAllSessions } from '../api/end-all-sessions';
import { configKeys } from '../api/get-client-config';
import { endSessionUrl } from '../login-flow';
import { AuthStatusPage } from './AuthStatusPage';

/** `/logout?everywhere=1`: "sign out everywhere" ends every sign-in of the person first. */
export const SIGN_OUT_EVERYWHERE_QUERY = 'everywhere=1';

/**
 * /logout (SPEC §4 Session): clears the session, the messages and the cached server state, then
 * signs out of the provider (which returns to redirectSignOut), or goes home without an id token.
 * With ?everywhere=1 it first ends the person's sign-ins on every device (DELETE /api/user/sessions).
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signedOut } = useSessionActions();
  const { messagesCleared } = useUiActions();
  // Read before the session is cleared (StrictMode runs the effect twice).
  const [{ idToken, uiLanguage }] = useState(() => readSession());
  const { search } = useLocation();
  const [everywhere] = useState(() => new URLSearchParams(search).get('everywhere') === '1');

  useEffect(() => {
    let cancelled = false;
    signedOut();
    messagesCleared();
    // Nothing read with the old bearer outlives it; what is on screen (the basket) is read again.
    const notConfig = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== configKeys.all[0];
    queryClient.removeQueries({ predicate: (query) => notConfig(query) && !query.isActive() });
    void queryClient.invalidateQueries({ predicate: notConfig });
    const goHome = () => void navigate(localizedPath('home', uiLanguage), { replace: true });
    const endedEverywhere =
      everywhere && idToken
        ? endAllSessions(idToken).catch((error: unknown) =>
            console.error('Signing out everywhere failed', error),
          )
        : Promise.resolve();
    endedEverywhere
      .then(() => endSessionUrl(queryClient, idToken, uiLanguage))
      .then(
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
  }, [queryClient, navigate, signedOut, messagesCleared, idToken, uiLanguage, everywhere]);

  return <AuthStatusPage text={t('AUTH.SIGNING_OUT')} testId="logout-pending" />;
}
