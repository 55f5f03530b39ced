import {
  isAdminRoot,
  isNeutralPath,
  languageOfPath,
  localizedPath,
  matchRoute,
  needsLogin,
  NEUTRAL_ROUTES,
  type RememberedRoute,
  type RouteName,
  withSearch,
} from '../config/routes';
import type { Language } from '../i18n';

export const USER_TERMS_NOT_ACCEPTED = 'ERROR.USER_TERMS_NOT_ACCEPTED';

export interface GuardInput {
  pathname: string;
  search?: string;
  hash?: string;
  authenticated: boolean;
  user: { termsAccepted: boolean; requiredDataMissing: boolean } | null;
  /** The UI language: the domain's, else the session's (the user's choice or the last /en visit). */
  uiLanguage: Language;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Remember the route, then go to the login route (which starts the provider's sign-in). */
  | { kind: 'login'; remember: RememberedRoute; to: string }
  /** `remember`: the route to come back to once the reason is answered (terms accepted). */
  | { kind: 'redirect'; to: string; message?: string; remember?: RememberedRoute };

/**
 * Pages a signed-in user without accepted terms may still open: My data itself, and the terms it
 * links to (a terms link that bounced back to My data could never be read).
 */
const OPEN_WITHOUT_TERMS: readonly RouteName[] = [
  'useredit',
  'termsofuse',
  'privacypolicy',
  'userterms',
  'accessibility',
];

/**
 * SPEC §4's route guard, in order: (1) the error route is always allowed; (2) a route that needs
 * login, without a session, remembers itself and goes to login; (3) a signed-in user whose profile
 * is missing or incomplete, or who has not accepted the user terms, goes to user edit with
 * ERROR.USER_TERMS_NOT_ACCEPTED, remembering the route to return to once they are; (4) outside callback, logout and error, a non-Estonian UI language
 * on a path not under /en goes to the English path (the same named route, else /en + the path).
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, uiLanguage } = input;
  const rest = `${input.search ?? ''}${input.hash ?? ''}`;

  // (1)
  if (pathname === NEUTRAL_ROUTES.error || pathname.startsWith(`${NEUTRAL_ROUTES.error}/`)) {
    return { kind: 'allow' };
  }
  const neutral = isNeutralPath(pathname);
  const match = neutral ? null : matchRoute(pathname);
  const adminRoot = !neutral && isAdminRoot(pathname);
  const targetLanguage: Language = uiLanguage !== 'et' ? uiLanguage : languageOfPath(pathname);

  // (2)
  const loginNeeded = match ? needsLogin(match.name) : adminRoot;
  if (loginNeeded && !input.authenticated) {
    return {
      kind: 'login',
      remember: match
        ? withSearch({ name: match.name, params: match.params }, input.search)
        : { name: 'useredit', params: {} },
      to: localizedPath('login', targetLanguage),
    };
  }

  // (3)
  const user = input.user;
  const profileIncomplete = !user || !user.termsAccepted || user.requiredDataMissing;
  if (
    input.authenticated &&
    profileIncomplete &&
    (match || adminRoot) &&
    !(match && OPEN_WITHOUT_TERMS.includes(match.name))
  ) {
    return {
      kind: 'redirect',
      to: localizedPath('useredit', targetLanguage),
      message: USER_TERMS_NOT_ACCEPTED,
      ...(match && { remember: withSearch({ name: match.name, params: match.params }, input.search) }),
    };
  }

  // (4)
  if (!neutral && uiLanguage !== 'et' && languageOfPath(pathname) === 'et') {
    const path = match
      ? localizedPath(match.name, uiLanguage, match.params)
      : `/${uiLanguage}${pathname === '/' ? '' : pathname}`;
    return { kind: 'redirect', to: `${path}${rest}` };
  }

  return { kind: 'allow' };
}
