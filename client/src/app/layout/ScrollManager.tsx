import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { matchRoute, ROUTES, type RouteDefinition } from '../../config/routes';

export const HASH_SCROLL_OFFSET_PX = 20;

/** The sticky top bar covers the top of the page: a target must land below it. */
function stickyHeaderHeight(): number {
  const header = document.querySelector<HTMLElement>('.topbar');
  if (!header || getComputedStyle(header).position !== 'sticky') return 0;
  return header.getBoundingClientRect().height;
}

/**
 * Scrolls to the element named by the hash, 20 px below the sticky top bar (SPEC §2); the page's
 * code or content may still be loading, so it retries for about five seconds.
 */
function scrollToHash(hash: string): () => void {
  let frame = 0;
  let attempts = 0;
  const id = decodeURIComponent(hash.slice(1));
  const tryScroll = () => {
    const element = document.getElementById(id);
    if (element) {
      const top =
        element.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight() - HASH_SCROLL_OFFSET_PX;
      window.scrollTo({ top, behavior: 'smooth' });
    } else if (attempts++ < 300) {
      frame = requestAnimationFrame(tryScroll);
    }
  };
  tryScroll();
  return () => cancelAnimationFrame(frame);
}

/**
 * SPEC §2: a hash (or the route's own, mission and vision) scrolls to its element with a 20 px
 * offset; a new page starts at the top; back/forward keeps the browser's position, except on a page
 * that brings a person back to their place itself (the search's results).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const firstPage = useRef(true);
  // Each history entry keeps its own mode (and a new entry starts with the one before's): set for every page.
  useLayoutEffect(() => {
    const match = matchRoute(pathname);
    const ownPlace = match ? (ROUTES[match.name] as RouteDefinition).restoresItsPlace : undefined;
    window.history.scrollRestoration = ownPlace ? 'manual' : 'auto';
  }, [pathname]);
  useEffect(() => {
    const opened = firstPage.current;
    firstPage.current = false;
    if (hash) return scrollToHash(hash);
    // /visioon without #vision still opens at the vision (the route's own hash, SPEC §2).
    const match = matchRoute(pathname);
    const routeHash = match ? (ROUTES[match.name] as RouteDefinition).hash : undefined;
    if (routeHash && (opened || navigationType !== NavigationType.Pop)) return scrollToHash(`#${routeHash}`);
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0 });
    return undefined;
  }, [pathname, hash, navigationType]);
  return null;
}
