import { useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { HistoryRouter } from './history-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  return (
    <AppProvider>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  );
}
