import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '../../config/routes';
import { useLastSearchActions } from '../../stores/last-search-store';

/** Records the search page's address (with its query) whenever it changes: stores/last-search-store.ts. */
export function LastSearchTracker() {
  const { pathname, search } = useLocation();
  const { searchVisited } = useLastSearchActions();
  useEffect(() => {
    if (matchRoute(pathname)?.name === 'search') searchVisited(`${pathname}${search}`);
  }, [pathname, search, searchVisited]);
  return null;
}
