import { useCallback, useSyncExternalStore } from 'react';

/**
 * Small screens, where the admin sidebar becomes a menu: at most 56 rem wide at the chosen text size (the
 * root's font size in px, see stores/ui-store.ts ROOT_FONT_PX), as the stylesheet's `@container app`
 * breakpoints measure. A media query's rem is always 16 px, so the query is given in px.
 */
export function smallScreenQuery(rootFontPx: number): string {
  return `(max-width: ${56 * rootFontPx}px)`;
}

/** Whether a CSS media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
