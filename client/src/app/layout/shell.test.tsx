import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageSkeleton, Skeleton } from '../../components/Skeleton';
import { FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { consentActions } from '../../stores/consent-store';
import { TAG_MANAGER_SCRIPT_ID } from './TagManager';

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

beforeEach(() => consentActions.consentWithdrawn());

afterEach(() => {
  document.getElementById(TAG_MANAGER_SCRIPT_ID)?.remove();
  delete window.dataLayer;
  clearCookies();
});

describe('the top bar menu (small screens)', () => {
  it('opens and closes with its button and with Escape, giving focus back to the button', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Menüü' });
    const menu = screen.getByTestId('topbar-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.className).not.toContain('topbar__menu--open');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toContain('topbar__menu--open');

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('names the logo link by its visible text, and the basket link by its amount', async () => {
    renderApp('/en');
    expect(await screen.findByRole('link', { name: /^Lepinguturg legal templates ?– home page$/ })).toBe(
      screen.getByTestId('logo-link'),
    );
    expect(screen.getByRole('link', { name: /^Cart ?: €0\.00$/ })).toBe(screen.getByTestId('basket-link'));
  });
});

describe('focus after a navigation', () => {
  it('moves to the new page’s heading, once it has loaded', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Juriidiliste dokumentide põhjad, kohe kui neid vajate',
    });
    expect(document.activeElement).toBe(document.body);

    await router.navigate('/kontaktid');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Kontaktid' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});

describe('page titles, descriptions and language versions', () => {
  it('gives a static page its own title and description, and links its Estonian and English versions', async () => {
    const { router } = renderApp('/en/termsofprivacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    await waitFor(() => expect(document.title).toBe('Privacy policy · Lepinguturg'));
    const description = document.head.querySelector<HTMLMetaElement>('meta[name=description]')?.content;
    expect(description).toMatch(/^How Lepinguturg processes personal data/);
    const alternates = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel=alternate]')).map(
      (link) => [link.hreflang, new URL(link.href).pathname],
    );
    expect(alternates).toEqual([
      ['et', '/privaatustingimused'],
      ['en', '/en/termsofprivacy'],
      ['x-default', '/privaatustingimused'],
    ]);
    expect(new URL(document.head.querySelector<HTMLLinkElement>('link[rel=canonical]')!.href).pathname).toBe(
      '/en/termsofprivacy',
    );

    await router.navigate('/en/cart');
    await screen.findByRole('heading', { level: 1, name: 'Shopping cart' });
    await waitFor(() =>
      expect(document.head.querySelector<HTMLMetaElement>('meta[name=description]')?.content).toMatch(
        /^Your basket on Lepinguturg/,
      ),
    );
  });
});

describe('tag manager and share control, by configuration', () => {
  it('loads the tag manager only when it is on and only after cookie consent, then reports page views by route name', async () => {
    const api = new FakeApi();
    api.config = { ...api.config, tagManagerEnabled: true, tagManagerId: 'GTM-AB12CD3' };
    const { router } = renderApp('/kontaktid', api);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Kontaktid' });
    expect(await screen.findByText(/Vajutades OK, nõustute statistika küpsistega/)).toBeTruthy();
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
    expect(window.dataLayer).toBeUndefined();

    await user.click(screen.getByTestId('cookie-ok'));
    await waitFor(() => expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).not.toBeNull());
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
    );
    await router.navigate('/en/search');
    await waitFor(() =>
      expect(window.dataLayer?.filter((entry) => entry.event === 'page_view')).toEqual([
        { event: 'page_view', routeName: 'contacts', pagePath: '/kontaktid', language: 'et' },
        { event: 'page_view', routeName: 'search', pagePath: '/en/search', language: 'en' },
      ]),
    );
  });

  it('loads no tag manager when it is off, even after consent', async () => {
    renderApp('/kontaktid');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cookie-ok'));
    await screen.findByRole('heading', { level: 1, name: 'Kontaktid' });
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('shows the share control (Facebook, LinkedIn) only when the social-media flag is on', async () => {
    const off = renderApp('/tiim');
    await screen.findByRole('heading', { level: 1, name: 'Tiim' });
    expect(screen.queryByTestId('share-control')).toBeNull();
    off.unmount();

    const api = new FakeApi();
    api.config = { ...api.config, socialMediaEnabled: true };
    renderApp('/tiim', api);
    const facebook = await screen.findByTestId('share-facebook');
    expect(facebook.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('http://localhost:3000/tiim')}`,
    );
    expect(screen.getByTestId('share-linkedin').getAttribute('href')).toContain(
      'https://www.linkedin.com/sharing/share-offsite/?url=',
    );
  });
});

describe('skeletons', () => {
  it('hold the place of content for sighted users and say "loading" once to screen readers', () => {
    render(
      <>
        <Skeleton width="10rem" />
        <PageSkeleton />
      </>,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Laadin…');
    const placeholders = document.querySelectorAll('.skeleton');
    expect(placeholders.length).toBeGreaterThan(3);
    for (const placeholder of placeholders) expect(placeholder.getAttribute('aria-hidden')).toBe('true');
  });
});
