import { type ReactNode, useState } from 'react';
import { type HistoryRouterProps, type Location, type NavigationType, Router } from 'react-router';

/** The browser's history (the app) or one in memory (tests), as React Router's own routers use it. */
export type AppHistory = HistoryRouterProps['history'];

interface HistoryState {
  readonly action: NavigationType;
  readonly location: Location;
}

/**
 * React Router's declarative router over a history, listening to it from its first render. (Its own
 * BrowserRouter and MemoryRouter listen from a layout effect, which runs after their children's: a
 * redirect the route guard or the language sync make in their first layout effect would change the
 * address without the page following it.) The history is the app's for its whole life.
 */
export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState<HistoryState>(() => ({
    action: history.action,
    location: history.location,
  }));
  useState(() => history.listen(({ action, location }) => setState({ action, location })));
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
