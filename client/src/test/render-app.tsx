import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider, createQueryClient } from '../app/provider';
import { createRoutes } from '../app/router';
import { FakeApi } from './fake-api';

/** Renders the whole app (shell, routes, providers) at a path, against a FakeApi installed as fetch. */
export function renderApp(path: string, api = new FakeApi()) {
  vi.stubGlobal('fetch', api.fetch);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, api };
}

/** Intl puts (narrow) no-break spaces into money; tests compare with plain spaces. */
export function normalizeSpaces(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
}
