import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { usePageContext } from '../api/page-context';
import { DAY_SECONDS, readCookie, writeCookie } from '../utils/cookies';

export const COOKIE_CONSENT_COOKIE = 'lepinguturg.cookiesAccepted';

interface ConsentState {
  /** The visitor pressed OK on the cookie banner (kept a year in a cookie). */
  cookiesAccepted: boolean;
  actions: {
    cookiesAccepted: () => void;
    /** Consent taken back (GDPR art. 7(3)): statistics stop loading from the next page load. */
    consentWithdrawn: () => void;
  };
}

const useConsentStore = create<ConsentState>()((set) => ({
  cookiesAccepted: readCookie(COOKIE_CONSENT_COOKIE) === '1',
  actions: {
    cookiesAccepted: () => {
      writeCookie(COOKIE_CONSENT_COOKIE, '1', 365 * DAY_SECONDS);
      set({ cookiesAccepted: true });
    },
    consentWithdrawn: () => {
      writeCookie(COOKIE_CONSENT_COOKIE, '', 0);
      set({ cookiesAccepted: false });
    },
  },
}));

/**
 * Whether the visitor accepted cookies. The server's render (and the browser's first, which must show
 * the same) takes it from the page's request: the store on the server is one for every visitor.
 */
export function useCookiesAccepted(): boolean {
  const { cookiesAccepted } = usePageContext();
  return useSyncExternalStore(
    useConsentStore.subscribe,
    () => useConsentStore.getState().cookiesAccepted,
    () => cookiesAccepted ?? useConsentStore.getInitialState().cookiesAccepted,
  );
}
export const useConsentActions = () => useConsentStore((state) => state.actions);

/** For code outside React (tests, a future privacy settings page). Components use the hooks above. */
export const consentActions = useConsentStore.getState().actions;
