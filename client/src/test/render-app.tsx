import { act, render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { vi } from 'vitest';
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

/** What the router inside the app says, read on every render of the app's routes. */
interface RouterProbe {
  location: Location | null;
  action: NavigationType | null;
  navigate: NavigateFunction | null;
}

function Probe({ report }: { report: (state: RouterProbe) => void }) {
  report({ location: useLocation(), action: useNavigationType(), navigate: useNavigate() });
  return null;
}

/** Renders the whole app (shell, routes, providers) at a path, against a FakeApi installed as fetch. */
export function renderApp(path: string, api = new FakeApi()) {
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const probe: RouterProbe = { location: null, action: null, navigate: null };
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <Probe report={(state) => Object.assign(probe, state)} />
      </MemoryRouter>
    </AppProvider>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        return probe.location!;
      },
      get historyAction() {
        return probe.action!;
      },
    },
    async navigate(to) {
      await act(async () => {
        await probe.navigate!(to);
        await Promise.resolve();
      });
    },
    async back() {
      // The MemoryRouter keeps its own history: Back is its step back, not the window's.
      await act(async () => {
        await probe.navigate!(-1);
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
