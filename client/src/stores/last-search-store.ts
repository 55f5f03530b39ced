import { create } from 'zustand';

/**
 * The last search the visitor ran (path and query, e.g. '/otsing?q=leping'), so a document page's
 * "Search" breadcrumb can lead back to those results instead of an empty search. The shell records it
 * (app/layout/LastSearchTracker.tsx); screens read it with useLastSearch.
 */
interface LastSearchState {
  path: string | null;
  actions: { searchVisited: (path: string) => void };
}

const useLastSearchStore = create<LastSearchState>()((set) => ({
  path: null,
  actions: { searchVisited: (path) => set({ path }) },
}));

/** The last search's path and query in this tab, or null before any search. */
export const useLastSearch = () => useLastSearchStore((state) => state.path);
export const useLastSearchActions = () => useLastSearchStore((state) => state.actions);
