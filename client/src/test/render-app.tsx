import { act, render } from '@testing-library/react';
import {
  type Location,
  type NavigationType,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';
import { vi } from 'vitest';
import { HistoryRouter } from '../app/history-router';
import { AppProvider, createQueryClient } from '../app/provider';
import { AppRoutes } from '../app/router';
import { FakeApi } from './fake-api';

/** The router as a test sees it: where the app is now, and a way to go elsewhere as a link would. */
export interface TestRouter {
  readonly state: { readonly location: Location; readonly historyAction: NavigationType };
  navigate(to: string): Promise<void>;
  /** The browser's Back. */
  back(): Promise<void>;
}

/** Renders the whole app (shell, routes, providers) at a path, against a FakeApi installed as fetch. */
export function renderApp(path: string, api = new FakeApi()) {
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        return history.location;
      },
      get historyAction() {
        return history.action;
      },
    },
    async navigate(to) {
      await act(async () => {
        history.push(to);
        await Promise.resolve();
      });
    },
    async back() {
      await act(async () => {
        history.go(-1);
        await Promise.resolve();
      });
    },
  };
  return { ...view, router, api };
}

/** Intl puts (narrow) no-break spaces into money; tests compare with plain spaces. */
export function normalizeSpaces(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
}
