import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionExpired } from '../../../api/http';
import { NEUTRAL_ROUTES } from '../../../config/routes';
import {
  readSession,
  sessionActions,
  useAuthenticated,
  useSessionExpiry,
  useSessionUser,
} from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { getCurrentUser } from '../api/get-current-user';
import { loadIdentitySetup } from '../api/get-openid-configuration';
import { REFRESH_MARGIN_MS, refreshTokens } from '../api/token';

let refreshing: Promise<boolean> | null = null;

/** Refreshes the tokens once (concurrent callers share it) and reloads the user; false when it failed. */
export function refreshSession(queryClient: QueryClient): Promise<boolean> {
  refreshing ??= (async () => {
    const { refreshToken, idToken } = readSession();
    if (!refreshToken) return false;
    try {
      const setup = await loadIdentitySetup(queryClient);
      sessionActions.tokensRefreshed(await refreshTokens(setup, refreshToken, idToken));
    } catch (error) {
      console.error('Token refresh failed', error);
      return false;
    }
    // SPEC §4: the authenticated state refreshes the user on token refresh.
    getCurrentUser().then(sessionActions.userLoaded, (error: unknown) =>
      console.error('User reload failed', error),
    );
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Keeps a signed-in session alive: refreshes the tokens shortly before they expire (a failed refresh
 * signs out), and loads the product user when the session has none.
 */
export function SessionKeeper() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const authenticated = useAuthenticated();
  const user = useSessionUser();
  const expiresAt = useSessionExpiry();
  const { errorOccurred } = useUiActions();

  // A call with an expired bearer waits for the refresh; a failed refresh signs out.
  useEffect(
    () =>
      onSessionExpired(async () => {
        if (!(await refreshSession(queryClient))) void navigate(NEUTRAL_ROUTES.logout, { replace: true });
      }),
    [queryClient, navigate],
  );

  useEffect(() => {
    if (expiresAt === null) return undefined;
    // setTimeout holds at most 2^31-1 ms; a later expiry is looked at again then.
    const delay = Math.min(Math.max(0, expiresAt - REFRESH_MARGIN_MS - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(() => {
      void refreshSession(queryClient).then((ok) => {
        if (!ok) void navigate(NEUTRAL_ROUTES.logout, { replace: true });
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient, navigate]);

  useEffect(() => {
    if (!authenticated || user) return undefined;
    let cancelled = false;
    getCurrentUser().then(
      (loaded) => !cancelled && sessionActions.userLoaded(loaded),
      (error: unknown) => !cancelled && errorOccurred(error),
    );
    return () => {
      cancelled = true;
    };
  }, [authenticated, user, errorOccurred]);

  return null;
}
