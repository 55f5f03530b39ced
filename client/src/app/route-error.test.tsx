import { act, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HistoryRouter } from './history-router';
import { RouteErrorBoundary } from './router';

/** A screen that cannot render on one path. */
function FailsOn({ path }: { path: string }) {
  const { pathname } = useLocation();
  if (pathname === path) throw new Error('the screen failed');
  return <h1>{pathname}</h1>;
}

describe('a screen that fails to render', () => {
  it('shows “Something went wrong” with the way home, and the next page renders again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = createMemoryHistory({ initialEntries: ['/katki'], v5Compat: true });
    render(
      <HistoryRouter history={history}>
        <RouteErrorBoundary>
          <FailsOn path="/katki" />
        </RouteErrorBoundary>
      </HistoryRouter>,
    );

    expect(screen.getByRole('alert').textContent).toContain('Midagi läks valesti');
    expect(screen.getByRole('link', { name: 'Tagasi avalehele' }).getAttribute('href')).toBe('/');
    expect(logged).toHaveBeenCalled();

    await act(async () => {
      history.push('/kontaktid');
      await Promise.resolve();
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('/kontaktid');
  });
});
