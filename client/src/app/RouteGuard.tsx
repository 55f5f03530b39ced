import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from '../i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/http';
import { usePageContext } from '../api/page-context';
import { languageOfHost, NEUTRAL_ROUTES } from '../config/routes';
import { useAuthenticated, useSessionActions, useSessionUser, useUiLanguage } from '../stores/session-store';
import { useUiActions } from '../stores/ui-store';
import { decideRoute, type GuardDecision } from './route-guard';

/** Carries out a guard decision: remembers the route or shows the message, then replaces the location. */
function GuardRedirect({ decision }: { decision: Exclude<GuardDecision, { kind: 'allow' }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirectRemembered } = useSessionActions();
  const { messageAdded, messagesWithTextCleared } = useUiActions();
  const perform = useEffectEvent(() => {
    if (decision.remember) redirectRemembered(decision.remember);
    if (decision.kind === 'redirect' && decision.message) {
      const text = t(decision.message);
      messagesWithTextCleared(text);
      messageAdded({ tone: 'danger', text });
    }
    void navigate(decision.to, { replace: true });
  });
  // Once per decision, however often the parent re-renders meanwhile. An effect, not a layout effect:
  // React Router's BrowserRouter starts listening to the history in its own layout effect, after its
  // children's, and a navigation before that would change the address without the page following.
  const signature = JSON.stringify(decision);
  useEffect(() => perform(), [signature]);
  return null;
}

/**
 * The root route: decides every location with SPEC §4's guard before anything renders, and turns
 * any 401 from /api into the logout route (SPEC §8).
 */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const authenticated = useAuthenticated();
  const user = useSessionUser();
  const sessionLanguage = useUiLanguage();
  const { hostname } = usePageContext();

  useEffect(() => onUnauthorized(() => void navigate(NEUTRAL_ROUTES.logout, { replace: true })), [navigate]);

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    authenticated,
    user,
    uiLanguage: languageOfHost(hostname) ?? sessionLanguage,
  });
  if (decision.kind === 'allow') return <Outlet />;
  return <GuardRedirect decision={decision} />;
}
