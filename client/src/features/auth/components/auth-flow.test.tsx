import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession, sessionActions } from '../../../stores/session-store';
import { FAKE_CONFIG, FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';
import { browserLocation } from '../../../utils/browser';
import { PENDING_LOGIN_KEY } from '../login-flow';

function spyOnRedirects() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
}

async function redirectedTo(assign: ReturnType<typeof spyOnRedirects>): Promise<URL> {
  await waitFor(() => expect(assign).toHaveBeenCalled());
  return new URL(assign.mock.calls.at(-1)![0]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login', () => {
  it('leaves for the provider with PKCE (S256), state, nonce and the UI language, and keeps them in this tab', async () => {
    const assign = spyOnRedirects();
    renderApp('/en/login');
    const url = await redirectedTo(assign);
    const p = url.searchParams;
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/oidc/auth');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(FAKE_CONFIG.clientId);
    expect(p.get('redirect_uri')).toBe(FAKE_CONFIG.redirectSignIn);
    expect(p.get('scope')).toBe('openid email offline_access');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toHaveLength(32);
    expect(p.get('nonce')).toHaveLength(32);
    expect(p.get('ui_locales')).toBe('en');
    const pending = JSON.parse(sessionStorage.getItem(PENDING_LOGIN_KEY)!) as Record<string, string>;
    expect(pending.state).toBe(p.get('state'));
    expect(pending.verifier).toHaveLength(128);
  });
});

describe('login callback', () => {
  it('signs in, stores the tokens and the user, and returns to the page that needed login', async () => {
    const api = new FakeApi();
    const user = makeUser({ isAdmin: true });
    api.givenUser(user);
    const assign = spyOnRedirects();

    // A visitor opens an admin page: the guard remembers it and starts login.
    const first = renderApp('/admin/users', api);
    const authorizeUrl = await redirectedTo(assign);
    expect(first.router.state.location.pathname).toBe('/login');
    expect(readSession().redirectPage).toEqual({ name: 'adminusers', params: {} });
    first.unmount();

    // The provider signs the user in and sends them back.
    const { router } = renderApp(api.identity.authorize(authorizeUrl.href, user.id), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));

    const session = readSession();
    expect(session.authenticated).toBe(true);
    expect(session.authEmail).toBe('mari@example.ee');
    expect(session.user?.id).toBe(user.id);
    expect(session.refreshToken).toMatch(/^refresh-/);
    expect(session.expiresAt).toBeGreaterThan(Date.now());
    expect(session.redirectPage).toBeNull();
    expect(sessionStorage.getItem(PENDING_LOGIN_KEY)).toBeNull();

    const token = api.requests.find((r) => r.path === '/oidc/token')!;
    expect(token.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(token.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: FAKE_CONFIG.clientId,
      redirect_uri: FAKE_CONFIG.redirectSignIn,
    });
    const read = api.requests.find((r) => r.path === '/api/user/read')!;
    expect(read.headers.get('Authorization')).toBe(`Bearer ${session.idToken}`);
    // Signed-in calls carry the bearer from now on.
    expect(await screen.findByTestId('admin-users-count')).toBeTruthy();
    const list = api.requests.find((r) => r.path === '/api/admin/users')!;
    expect(list.headers.get('Authorization')).toBe(`Bearer ${session.idToken}`);
  });

  it('goes home when nothing was remembered', async () => {
    const api = new FakeApi().givenUser(makeUser());
    const assign = spyOnRedirects();
    const first = renderApp('/login', api);
    const authorizeUrl = await redirectedTo(assign);
    first.unmount();
    const { router } = renderApp(api.identity.authorize(authorizeUrl.href, makeUser().id), api);
    await waitFor(() => expect(readSession().authenticated).toBe(true));
    expect(router.state.location.pathname).toBe('/');
  });

  it('on failure logs out, clears the messages and goes home', async () => {
    const api = new FakeApi();
    // A message is showing (the guard's, for a user who has not accepted the terms).
    givenSignedIn(api, makeUser({ termsAccepted: false }));
    const before = renderApp('/', api);
    expect(await screen.findByText('Kasutustingimused on nõustumata!')).toBeTruthy();
    before.unmount();
    sessionActions.signedOut();

    const assign = spyOnRedirects();
    const first = renderApp('/en/login', api);
    const authorizeUrl = await redirectedTo(assign);
    first.unmount();
    const callback = api.identity
      .authorize(authorizeUrl.href, makeUser().id)
      .replace(/state=[^&]+/, 'state=forged');
    sessionActions.uiLanguageChanged('en');

    const { router } = renderApp(callback, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(readSession().authenticated).toBe(false);
    expect(readSession().idToken).toBeNull();
    expect(api.requests.some((r) => r.path === '/oidc/token')).toBe(false);
    expect(screen.queryByText('User terms not accepted!')).toBeNull();
    expect(screen.queryByText('Kasutustingimused on nõustumata!')).toBeNull();
  });

  it('fails when the provider refuses the code (wrong verifier)', async () => {
    const api = new FakeApi().givenUser(makeUser());
    const assign = spyOnRedirects();
    const first = renderApp('/login', api);
    const authorizeUrl = await redirectedTo(assign);
    first.unmount();
    const pending = JSON.parse(sessionStorage.getItem(PENDING_LOGIN_KEY)!) as Record<string, string>;
    sessionStorage.setItem(PENDING_LOGIN_KEY, JSON.stringify({ ...pending, verifier: 'x'.repeat(128) }));

    const { router } = renderApp(api.identity.authorize(authorizeUrl.href, makeUser().id), api);
    await waitFor(() => expect(api.requests.some((r) => r.path === '/oidc/token')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readSession().authenticated).toBe(false);
  });
});

describe('logout', () => {
  it('turns any 401 from /api into logout: session cleared, provider signed out', async () => {
    const api = new FakeApi();
    const user = makeUser({ isAdmin: true });
    const { idToken } = givenSignedIn(api, user);
    api.identity.issuedIdTokens.clear(); // the server no longer accepts the token
    const assign = spyOnRedirects();

    const { router } = renderApp('/admin/users', api);
    const url = await redirectedTo(assign);
    expect(router.state.location.pathname).toBe('/logout');
    expect(readSession().authenticated).toBe(false);
    expect(readSession().user).toBeNull();
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/oidc/session/end');
    expect(url.searchParams.get('id_token_hint')).toBe(idToken);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(FAKE_CONFIG.redirectSignOut);
  });

  it('signs out from the user menu', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    const assign = spyOnRedirects();
    renderApp('/', api);
    await userEvent.click(await screen.findByTestId('user-menu-button'));
    await userEvent.click(await screen.findByTestId('user-menu-signout'));
    await redirectedTo(assign);
    expect(readSession().authenticated).toBe(false);
  });

  it('signs out on every device from the user menu: the server ends the sign-ins first', async () => {
    const api = new FakeApi();
    const { idToken } = givenSignedIn(api, makeUser());
    const assign = spyOnRedirects();
    renderApp('/', api);
    await userEvent.click(await screen.findByTestId('user-menu-button'));
    await userEvent.click(await screen.findByTestId('user-menu-signout-everywhere'));
    const url = await redirectedTo(assign);
    const ended = api.requests.find((r) => r.path === '/api/user/sessions');
    expect(ended?.method).toBe('DELETE');
    expect(api.identity.issuedIdTokens.has(idToken)).toBe(false);
    expect(url.pathname).toBe('/oidc/session/end');
    expect(readSession().authenticated).toBe(false);
  });

  it('just goes home without an id token', async () => {
    const assign = spyOnRedirects();
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('token refresh', () => {
  it('refreshes shortly before expiry with the refresh token', async () => {
    const api = new FakeApi();
    const { idToken } = givenSignedIn(api, makeUser(), { expiresInSeconds: 30 });
    renderApp('/', api);
    await waitFor(() => expect(readSession().idToken).not.toBe(idToken));
    const refresh = api.requests.find((r) => r.path === '/oidc/token')!;
    expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', client_id: FAKE_CONFIG.clientId });
    expect(readSession().authenticated).toBe(true);
    expect(readSession().expiresAt).toBeGreaterThan(Date.now() + 60_000);
  });

  it('renews an expired session before a signed-in call instead of logging out', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ isAdmin: true }), { expiresInSeconds: -60 });
    const { router } = renderApp('/admin/users', api);
    expect(await screen.findAllByTestId('admin-user-row')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/users');
    const paths = api.requests.map((r) => r.path);
    expect(paths.indexOf('/oidc/token')).toBeLessThan(paths.indexOf('/api/admin/users'));
    expect(readSession().authenticated).toBe(true);
  });

  it('signs out when the refresh fails', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser(), { expiresInSeconds: 30 });
    api.identity.refreshFails = true;
    spyOnRedirects();
    const { router } = renderApp('/', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    await waitFor(() => expect(readSession().authenticated).toBe(false));
  });
});
