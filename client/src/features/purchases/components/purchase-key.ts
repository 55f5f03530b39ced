import { useLocation } from 'react-router';

/**
 * The buyer's access key from the page address's fragment (`#key=…`), where the return from the gateway
 * and the purchase mail put it: a fragment never reaches a server or a Referer. Null without one (the
 * signed-in buyer opens their own purchases from My purchases by sign-in alone).
 */
export function usePurchaseKey(): string | null {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, '')).get('key');
}

/** The fragment that carries the key on to the next page of the same purchase. */
export const keyFragment = (key: string | null): string => (key ? `#key=${encodeURIComponent(key)}` : '');
