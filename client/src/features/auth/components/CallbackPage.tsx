import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n';
import { useLocation, useNavigate } from 'react-router';
import { localizedPath, rememberedPath } from '../../../config/routes';
import { readSession, useSessionActions } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { completeLoginOnce } from '../login-flow';
import { AuthStatusPage } from './AuthStatusPage';

/**
 * /callback (SPEC §2 "Login callback"): authenticates the session, loads and stores the product
 * user, then goes to the remembered page or home. On failure: logged out, messages cleared, home.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { signedIn, userLoaded, signedOut, redirectConsumed } = useSessionActions();
  const { messagesCleared } = useUiActions();

  useEffect(() => {
    let cancelled = false;
    completeLoginOnce(queryClient, new URLSearchParams(search)).then(
      ({ tokens, user }) => {
        if (cancelled) return;
        signedIn({
          idToken: tokens.idToken,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: tokens.expiresAt,
          authEmail: tokens.authEmail,
        });
        userLoaded(user);
        const { redirectPage, uiLanguage } = readSession();
        redirectConsumed();
        void navigate(rememberedPath(redirectPage, uiLanguage), { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('Login failed', error);
        const { uiLanguage } = readSession();
        signedOut();
        messagesCleared();
        void navigate(localizedPath('home', uiLanguage), { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [queryClient, search, navigate, signedIn, userLoaded, signedOut, redirectConsumed, messagesCleared]);

  return <AuthStatusPage text={t('AUTH.SIGNING_IN')} testId="callback-pending" />;
}
