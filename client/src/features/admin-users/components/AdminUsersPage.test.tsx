import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../api/types';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

function adminUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `0195f0c2-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    firstName: `Kasutaja${n}`,
    lastName: 'Tamm',
    email: `kasutaja${n}@example.ee`,
    isAdmin: false,
    adminByConfig: false,
    isAccountant: false,
    termsAccepted: true,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function givenAdmin() {
  const api = new FakeApi();
  givenSignedIn(api, makeUser({ isAdmin: true }));
  api.adminUsers[0]!.adminByConfig = true;
  api.givenAdminUsers([
    adminUser(1, { firstName: 'Jüri', lastName: 'Juurikas', email: 'juri@example.ee' }),
    ...Array.from({ length: 22 }, (_, i) => adminUser(i + 2)),
  ]);
  return api;
}

describe('admin users', () => {
  it('lists users with names, e-mail and the admin badge, and pages on', async () => {
    const api = givenAdmin();
    renderApp('/admin/users', api);
    await waitFor(() =>
      expect(screen.getByTestId('admin-users-count').textContent).toBe('Näidatakse 20 / 24'),
    );
    const rows = screen.getAllByTestId('admin-user-row');
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('mari@example.ee')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('admin-user-admin-badge').textContent).toBe('Admin');
    // Admin by configuration (and oneself): the server would refuse, so the button is disabled.
    expect(within(rows[0]!).getByTestId<HTMLButtonElement>('admin-user-revoke').disabled).toBe(true);
    expect(within(rows[1]!).queryByTestId('admin-user-admin-badge')).toBeNull();
    expect(api.requests.find((r) => r.path === '/api/admin/users')!.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );

    await userEvent.click(screen.getByTestId('admin-users-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(24));
    expect(screen.getByTestId('admin-users-count').textContent).toBe('Näidatakse 24 / 24');
    expect(screen.queryByTestId('admin-users-load-more')).toBeNull();
  });

  it('filters by text after a pause and keeps the filter in the address', async () => {
    const api = givenAdmin();
    const { router } = renderApp('/en/admin/users', api);
    await screen.findAllByTestId('admin-user-row');
    await userEvent.type(screen.getByTestId('admin-users-filter'), 'juri');
    await waitFor(() => expect(router.state.location.search).toBe('?q=juri'));
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-users-count').textContent).toBe('Showing 1 of 1');
    const queries = api.requests.filter((r) => r.path === '/api/admin/users').map((r) => r.query.get('q'));
    expect(queries).toEqual([null, 'juri']);
  });

  it('opens with the filter from the address', async () => {
    const api = givenAdmin();
    renderApp('/admin/users?q=juri', api);
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
    expect(screen.getByTestId<HTMLInputElement>('admin-users-filter').value).toBe('juri');
  });

  it('requires a password reset after confirmation', async () => {
    const api = givenAdmin();
    renderApp('/admin/users?q=juri', api);
    const row = (await screen.findAllByTestId('admin-user-row'))[0]!;
    await userEvent.click(
      within(row).getByRole('button', { name: /^Nõua parooli lähtestamist ?: Jüri Juurikas$/ }),
    );
    expect(within(screen.getByTestId('modal')).getByText('Nõuda parooli lähtestamist?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('modal-confirm'));
    expect(
      await screen.findByText('Jüri Juurikas peab järgmisel sisselogimisel parooli lähtestama.'),
    ).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/admin/users/0195f0c2-0000-7000-8000-000000000101/password-reset');
  });

  it('grants admin rights after confirmation', async () => {
    const api = givenAdmin();
    renderApp('/admin/users?q=juri', api);
    const row = (await screen.findAllByTestId('admin-user-row'))[0]!;
    await userEvent.click(within(row).getByTestId('admin-user-grant'));
    const modal = screen.getByTestId('modal');
    expect(within(modal).getByText('Anda adminiõigused?')).toBeTruthy();

    await userEvent.click(screen.getByTestId('modal-cancel'));
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.click(within(row).getByTestId('admin-user-grant'));
    await userEvent.click(screen.getByTestId('modal-confirm'));
    expect(await screen.findByText('Jüri Juurikas on nüüd admin.')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/admin/users/0195f0c2-0000-7000-8000-000000000101/admin');
    expect(put.body).toEqual({ isAdmin: true });
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('admin-user-row')[0]!).getByTestId('admin-user-admin-badge'),
      ).toBeTruthy(),
    );
    expect(within(screen.getAllByTestId('admin-user-row')[0]!).getByTestId('admin-user-revoke')).toBeTruthy();
  });

  it('tells a non-admin that the page is for admins and asks the server nothing', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    renderApp('/admin/users', api);
    expect((await screen.findByTestId('admin-only')).textContent).toBe(
      'See leht on ainult administraatoritele.',
    );
    expect(api.requests.some((r) => r.path === '/api/admin/users')).toBe(false);
  });
});
