import { create } from 'zustand';
import { DAY_SECONDS, readCookie, writeCookie } from '../utils/cookies';

export const COOKIE_CONSENT_COOKIE = 'lepinguturg.cookiesAccepted';

interface ConsentState {
  /** The visitor pressed OK on the cookie banner (kept a year in a cookie). */
  cookiesAccepted: boolean;
  actions: { cookiesAccepted: () => void };
}

const useConsentStore = create<ConsentState>()((set) => ({
  cookiesAccepted: readCookie(COOKIE_CONSENT_COOKIE) === '1',
  actions: {
    cookiesAccepted: () => {
      writeCookie(COOKIE_CONSENT_COOKIE, '1', 365 * DAY_SECONDS);
      set({ cookiesAccepted: true });
    },
  },
}));

export const useCookiesAccepted = () => useConsentStore((state) => state.cookiesAccepted);
export const useConsentActions = () => useConsentStore((state) => state.actions);
