import { forwardRef, type MouseEvent, useContext } from 'react';
import {
  createPath,
  Link as RouterLink,
  type LinkProps,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
} from 'react-router';

/**
 * The path of this site a link goes to, when written from the site's root ("/otsing?q=x", or a pathname
 * with a search and hash), which needs no resolving; null otherwise.
 */
function sitePath(to: LinkProps['to']): string | null {
  const path = typeof to === 'string' ? to : to.pathname === undefined ? '' : createPath(to);
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** A click the browser should handle itself: another button, a modifier key (new tab, window), another target. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  (target !== undefined && target !== '_self') ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey;

/**
 * React Router's `Link` for a path of this site written from its root, as every link of the app is:
 * the same anchor and the same navigation (the router's history; a link to the page shown replaces it),
 * with two of the router's contexts instead of the twenty-odd hooks its `Link` runs to resolve relative
 * paths, basenames and route discovery. The top bar's and footer's links render with every page, and
 * were about a tenth of a page's first render. Any other `to` (a relative path) goes to React Router's
 * own `Link`.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const path = props.reloadDocument ? null : sitePath(props.to);
  if (path === null) return <RouterLink ref={ref} {...props} />;
  return <SitePathLink ref={ref} {...props} to={path} />;
});

const SitePathLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function SitePathLink(
  { to, replace, state, onClick, target, ...anchor },
  ref,
) {
  const { navigator } = useContext(NavigationContext);
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || leftToBrowser(event, target)) return;
    event.preventDefault();
    const replacing = replace ?? createPath(location) === to;
    if (replacing) navigator.replace(to, state);
    else navigator.push(to, state);
  };
  // The router's own props that are no anchor attributes.
  const {
    relative: _relative,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    discover: _discover,
    reloadDocument: _reloadDocument,
    prefetch: _prefetch,
    ...attributes
  } = anchor;
  return <a ref={ref} {...attributes} href={to} target={target} onClick={handleClick} />;
});
