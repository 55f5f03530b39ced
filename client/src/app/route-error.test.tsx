import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './router';

/** A screen that cannot render on one path. */
function FailsOn({ path }: { path: string }) {
  const { pathname } = useLocation();
  if (pathname === path) throw new Error('the screen failed');
  return <h1>{pathname}</h1>;
}

/** Hands the test the router's navigate, as a link would use it. */
function Navigator({ found }: { found: (navigate: NavigateFunction) => void }) {
  found(useNavigate());
  return null;
}

describe('a screen that fails to render', () => {
  it('shows “Something went wrong” with the way home, and the next page renders again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let navigate: NavigateFunction | null = null;
    render(
      <MemoryRouter initialEntries={['/katki']} useTransitions={false}>
        <RouteErrorBoundary>
          <FailsOn path="/katki" />
        </RouteErrorBoundary>
        <Navigator found={(found) => (navigate = found)} />
      </MemoryRouter>,
    );

    expect(screen.getByRole('alert').textContent).toContain('Midagi läks valesti');
    expect(screen.getByRole('link', { name: 'Tagasi avalehele' }).getAttribute('href')).toBe('/');
    expect(logged).toHaveBeenCalled();

    await act(async () => {
      await navigate!('/kontaktid');
      await Promise.resolve();
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('/kontaktid');
  });
});
