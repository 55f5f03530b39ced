import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '../../config/routes';

/** How long a new page may take to show its heading (its code and data loading) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * Which changes of location count as opening a new page. The search page changes its own path while
 * the user types and filters (/otsing/<keyword>): that is the same page, and focus stays where it is.
 */
export function pageKey(pathname: string): string {
  const match = matchRoute(pathname);
  if (match?.name === 'search') return `search.${match.language}`;
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * Whether an element of <main> is shown: not inside an element that is `hidden` or that React hides
 * (`display: none`). While a new screen's code loads, React keeps the previous screen in the page,
 * hidden, beside the skeleton; its heading is not the new page's.
 */
function isShown(element: HTMLElement, main: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== main; node = node.parentElement) {
    if (node.hidden || node.style.display === 'none') return false;
  }
  return true;
}

/**
 * Moves focus to the new page's heading (the h1 in <main> that is shown) after every navigation, as a
 * screen reader user expects, instead of leaving it on <body> or on a link of the old page. The heading
 * may appear later (its code or data still loading); focus is not taken back if the user has moved it
 * meanwhile. The first page load keeps the browser's own focus.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const key = pageKey(pathname);
  const previousKey = useRef<string | null>(null);

  useEffect(() => {
    const isFirstPage = previousKey.current === null;
    previousKey.current = key;
    if (isFirstPage) return undefined;

    const main = document.getElementById('main');
    if (!main) return undefined;
    const focusedAtNavigation = document.activeElement;
    const userMovedFocus = () => {
      const active = document.activeElement;
      return (
        active !== null && active !== document.body && active !== focusedAtNavigation && main.contains(active)
      );
    };
    const focusHeading = (): boolean => {
      const heading = [...main.querySelectorAll<HTMLElement>('h1')].find((h1) => isShown(h1, main));
      if (!heading) return false;
      if (userMovedFocus()) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return undefined;

    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [key]);

  return null;
}
