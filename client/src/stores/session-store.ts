import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ProductUser } from '../api/types';
import { DEFAULT_LANGUAGE, type Language } from '../i18n';

export const SESSION_STORAGE_KEY = 'lepinguturg.session';

/** A route to come back to after signing in (SPEC §2 "Login callback"). */
export interface RedirectPage {
  name: string;
  params: Record<string, string | undefined>;
  /** The route's query, e.g. '?q=leping', when it had one. */
  search?: string;
}

/** What the token endpoint answered, in the form the session keeps. */
export interface SessionTokens {
  idToken: string;
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

interface SessionData {
  authenticated: boolean;
  idToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  user: ProductUser | null;
  /** The id token's `email` claim. */
  authEmail: string | null;
  redirectPage: RedirectPage | null;
  uiLanguage: Language;
}

interface SessionState extends SessionData {
  actions: {
    signedIn: (tokens: SessionTokens & { authEmail: string | null }) => void;
    userLoaded: (user: ProductUser) => void;
    tokensRefreshed: (tokens: Partial<SessionTokens> & { expiresAt: number }) => void;
    /** Logout clears everything but the language (SPEC §4 Session). */
    signedOut: () => void;
    redirectRemembered: (page: RedirectPage) => void;
    redirectConsumed: () => void;
    uiLanguageChanged: (language: Language) => void;
  };
}

const SIGNED_OUT = {
  authenticated: false,
  idToken: null,
  accessToken: null,
  refreshToken: null,
  expiresAt: null,
  user: null,
  authEmail: null,
  redirectPage: null,
} satisfies Omit<SessionData, 'uiLanguage'>;

const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...SIGNED_OUT,
      uiLanguage: DEFAULT_LANGUAGE,
      actions: {
        signedIn: ({ idToken, accessToken, refreshToken, expiresAt, authEmail }) =>
          set({ authenticated: true, idToken, accessToken, refreshToken, expiresAt, authEmail }),
        userLoaded: (user) => set({ user }),
        tokensRefreshed: (tokens) =>
          set((state) => ({
            idToken: tokens.idToken ?? state.idToken,
            accessToken: tokens.accessToken ?? state.accessToken,
            refreshToken: tokens.refreshToken ?? state.refreshToken,
            expiresAt: tokens.expiresAt,
          })),
        signedOut: () => set(SIGNED_OUT),
        redirectRemembered: (redirectPage) => set({ redirectPage }),
        redirectConsumed: () => set({ redirectPage: null }),
        uiLanguageChanged: (uiLanguage) => set({ uiLanguage }),
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ actions: _actions, ...data }) => data,
    },
  ),
);

export const useAuthenticated = () => useSessionStore((state) => state.authenticated);
export const useSessionUser = () => useSessionStore((state) => state.user);
export const useAuthEmail = () => useSessionStore((state) => state.authEmail);
export const useSessionExpiry = () =>
  useSessionStore((state) => (state.authenticated ? state.expiresAt : null));
export const useUiLanguage = () => useSessionStore((state) => state.uiLanguage);
export const useSessionActions = () => useSessionStore((state) => state.actions);

/**
 * For code outside React (the http client's bearer, the token refresh, tests): the current session
 * and its actions. Components use the hooks above.
 */
export function readSession(): Readonly<SessionData> {
  return useSessionStore.getState();
}
export const sessionActions = useSessionStore.getState().actions;
