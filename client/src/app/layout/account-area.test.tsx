import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../stores/session-store';
import { FakeApi, makeUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { givenSignedIn } from '../../test/session';

describe('top bar', () => {
  it('offers sign-in to visitors; it remembers the current page and goes to login', async () => {
    const { router } = renderApp('/en/document/toeoeleping');
    await screen.findByTestId('document-title');
    expect(screen.queryByTestId('user-menu-button')).toBeNull();
    const signIn = screen.getByTestId('signin-button');
    expect(signIn.textContent).toBe('Sign in');
    await userEvent.click(signIn);
    expect(router.state.location.pathname).toBe('/en/login');
    expect(readSession().redirectPage).toEqual({ name: 'document', params: { slug: 'toeoeleping' } });
  });

  it('remembers the query of the page, e.g. a search', async () => {
    const { router } = renderApp('/otsing?q=leping');
    await userEvent.click(await screen.findByTestId('signin-button'));
    expect(router.state.location.pathname).toBe('/login');
    expect(readSession().redirectPage).toEqual({ name: 'search', params: {}, search: '?q=leping' });
  });

  it('remembers home when signing in from the error page', async () => {
    const { router } = renderApp('/error');
    await userEvent.click(await screen.findByTestId('signin-button'));
    expect(router.state.location.pathname).toBe('/login');
    expect(readSession().redirectPage).toEqual({ name: 'home', params: {} });
  });

  it("shows the signed-in user's name as a menu, operable by keyboard", async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    const { router } = renderApp('/', api);
    expect(screen.queryByTestId('signin-button')).toBeNull();
    const button = screen.getByTestId('user-menu-button');
    expect(button.textContent).toContain('Mari Maasikas');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Minu andmed',
      'Minu dokumendid',
      'Minu müük',
      'Minu väljamaksed',
      'Minu ostud',
      'Logi välja',
      'Logi välja kõigis seadmetes',
    ]);
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[items.length - 1]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(screen.getByTestId('user-menu-item-useredit'));
    expect(router.state.location.pathname).toBe('/admin/user/edit');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('adds the admin items for admins', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ isAdmin: true }));
    renderApp('/en', api);
    await userEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-item-adminusers').getAttribute('href')).toBe('/en/admin/users');
    expect(screen.getByTestId('user-menu-item-dashboard').getAttribute('href')).toBe(
      '/en/admin/user/dashboard',
    );
    expect(screen.getByTestId('user-menu-item-accountingjournal').getAttribute('href')).toBe(
      '/en/admin/accounting/journal',
    );
  });

  it('adds the accounting items for accountants, and no admin items', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ isAccountant: true }));
    renderApp('/en', api);
    await userEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-item-accountingreport').getAttribute('href')).toBe(
      '/en/admin/accounting/report',
    );
    expect(screen.queryByTestId('user-menu-item-adminpayouts')).toBeNull();
  });
});

describe('admin layout', () => {
  it('shows the user items, all of them links, and no admin group to a non-admin', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    renderApp('/admin/user/edit', api);
    const sidebar = await screen.findByTestId('admin-sidebar');
    expect(within(sidebar).queryByTestId('sidebar-admin-group')).toBeNull();
    expect(within(sidebar).queryByTestId('sidebar-item-dashboard')).toBeNull();
    expect(within(sidebar).getByTestId('sidebar-item-useredit').getAttribute('href')).toBe(
      '/admin/user/edit',
    );
    expect(within(sidebar).getByTestId('sidebar-item-home').getAttribute('href')).toBe('/');
    expect(within(sidebar).getByTestId('sidebar-item-search').getAttribute('href')).toBe('/otsing');
    expect(within(sidebar).queryByTestId('sidebar-accounting-group')).toBeNull();
    for (const name of ['userfiles', 'usersales', 'userpayouts']) {
      expect(within(sidebar).getByTestId(`sidebar-item-${name}`).tagName).toBe('A');
    }
    expect(within(sidebar).getByTestId('sidebar-item-userfiles').getAttribute('href')).toBe(
      '/admin/user/files',
    );
  });

  it('shows the dashboard and the admin group to an admin, in English under /en/admin', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ isAdmin: true }));
    renderApp('/en/admin/user/edit', api);
    const group = await screen.findByTestId('sidebar-admin-group');
    expect(within(group).getByTestId('sidebar-item-adminusers').getAttribute('href')).toBe('/en/admin/users');
    for (const name of ['admininvoices', 'adminpurchases']) {
      expect(within(group).getByTestId(`sidebar-item-${name}`).getAttribute('href')).toBe(
        `/en/admin/${name.slice('admin'.length)}`,
      );
    }
    expect(within(group).getByTestId('sidebar-item-adminpayouts').getAttribute('href')).toBe(
      '/en/admin/payouts',
    );
    expect(within(group).getByTestId('sidebar-item-adminreports').getAttribute('href')).toBe(
      '/en/admin/reports',
    );
    expect(screen.getByTestId('sidebar-item-dashboard').getAttribute('href')).toBe(
      '/en/admin/user/dashboard',
    );
    const accounting = screen.getByTestId('sidebar-accounting-group');
    expect(within(accounting).getByTestId('sidebar-item-accountingreport').getAttribute('href')).toBe(
      '/en/admin/accounting/report',
    );
  });

  it('collapses and expands the sidebar with its toggle', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    renderApp('/admin/user/edit', api);
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Laienda menüüd');
    expect(document.activeElement).toBe(toggle);
  });

  it('makes the sidebar a menu above the page in a 1024 px window at the largest text size (43 rem wide)', async () => {
    const width = 1024;
    vi.stubGlobal('matchMedia', (query: string) => {
      const max = /^\(max-width: (\d+)px\)$/.exec(query);
      return {
        matches: max !== null && width <= Number(max[1]),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      } as unknown as MediaQueryList;
    });
    const fontSize = (size: string) =>
      document.querySelector<HTMLInputElement>(`input[name="font-size"][value="${size}"]`)!;
    try {
      const api = new FakeApi();
      givenSignedIn(api, makeUser());
      renderApp('/admin/user/edit', api);
      const toggle = await screen.findByTestId('sidebar-toggle');
      // 64 rem at the default size: the sidebar beside the page, open.
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await userEvent.click(screen.getByTestId('accessibility-toggle'));
      await userEvent.click(fontSize('font-largest'));
      await waitFor(() => expect(screen.getByTestId('sidebar-toggle').textContent).toBe('Kontomenüü'));
      expect(screen.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('false');
      await userEvent.click(fontSize('font-default'));
      await waitFor(() =>
        expect(screen.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('true'),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens My data for the bare admin path', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    const { router } = renderApp('/en/admin', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/admin/user/edit'));
  });

  it('sends a user without accepted terms to My data with the message', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ termsAccepted: false }));
    const { router } = renderApp('/otsing', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/edit'));
    expect(await screen.findByText('Kasutustingimused on nõustumata!')).toBeTruthy();
  });
});
