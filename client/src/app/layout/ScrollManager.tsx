import { useEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

export const HASH_SCROLL_OFFSET_PX = 20;

/** Scrolls to the element named by the hash, 20 px above it (content may still be loading: retries for ~1 s). */
function scrollToHash(hash: string): () => void {
  let frame = 0;
  let attempts = 0;
  const id = decodeURIComponent(hash.slice(1));
  const tryScroll = () => {
    const element = document.getElementById(id);
    if (element) {
      const top = element.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX;
      window.scrollTo({ top, behavior: 'smooth' });
    } else if (attempts++ < 60) {
      frame = requestAnimationFrame(tryScroll);
    }
  };
  tryScroll();
  return () => cancelAnimationFrame(frame);
}

/** SPEC §2: a hash scrolls to its element with a 20 px offset; a new page starts at the top; back/forward keeps the browser's position. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (hash) return scrollToHash(hash);
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0 });
    return undefined;
  }, [pathname, hash, navigationType]);
  return null;
}
