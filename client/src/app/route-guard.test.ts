import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from './route-guard';

const accepted = { termsAccepted: true, requiredDataMissing: false };
const notAccepted = { termsAccepted: false, requiredDataMissing: false };
const namesMissing = { termsAccepted: true, requiredDataMissing: true };

function decide(input: Partial<GuardInput> & { pathname: string }) {
  return decideRoute({ authenticated: false, user: null, uiLanguage: 'et', ...input });
}

describe('route guard (SPEC §4, in order)', () => {
  it('(1) always allows the error route', () => {
    expect(decide({ pathname: '/error' })).toEqual({ kind: 'allow' });
    expect(decide({ pathname: '/error', authenticated: true, user: notAccepted, uiLanguage: 'en' })).toEqual({
      kind: 'allow',
    });
  });

  it.each([
    ['/admin/user/edit', 'et', { name: 'useredit', params: {} }, '/login'],
    ['/en/admin/users', 'et', { name: 'adminusers', params: {} }, '/en/login'],
    ['/admin/purchases/p-1', 'et', { name: 'adminpurchase', params: { id: 'p-1' } }, '/login'],
    ['/admin', 'et', { name: 'useredit', params: {} }, '/login'],
    ['/admin/users', 'en', { name: 'adminusers', params: {} }, '/en/login'],
  ] as const)(
    '(2) %s without a session (UI %s) remembers %j and goes to %s',
    (pathname, uiLanguage, remember, to) => {
      expect(decide({ pathname, uiLanguage })).toEqual({ kind: 'login', remember, to });
    },
  );

  it('(2) remembers the query of the page that needs login', () => {
    expect(decide({ pathname: '/admin/users', search: '?q=ostja' })).toEqual({
      kind: 'login',
      remember: { name: 'adminusers', params: {}, search: '?q=ostja' },
      to: '/login',
    });
  });

  it('(2) lets visitors see public routes', () => {
    for (const pathname of ['/', '/otsing', '/dokument/x', '/en/cart', '/login', '/callback', '/logout']) {
      expect(decide({ pathname })).toEqual({ kind: 'allow' });
    }
  });

  it.each([
    ['/', 'et', notAccepted, '/admin/user/edit', { name: 'home', params: {} }],
    ['/admin/users', 'et', notAccepted, '/admin/user/edit', { name: 'adminusers', params: {} }],
    ['/en/search', 'en', namesMissing, '/en/admin/user/edit', { name: 'search', params: {} }],
    ['/ostukorv', 'en', notAccepted, '/en/admin/user/edit', { name: 'cart', params: {} }],
    ['/en/admin', 'en', null, '/en/admin/user/edit', undefined],
  ] as const)(
    '(3) %s (UI %s) with an incomplete profile goes to %4$s with the message, remembering the page',
    (pathname, uiLanguage, user, to, remember) => {
      expect(decide({ pathname, uiLanguage, authenticated: true, user })).toEqual({
        kind: 'redirect',
        to,
        message: 'ERROR.USER_TERMS_NOT_ACCEPTED',
        ...(remember && { remember }),
      });
    },
  );

  it('(3) leaves user edit, the terms, callback, logout and error open', () => {
    for (const pathname of [
      '/admin/user/edit',
      '/en/admin/user/edit',
      '/kasutustingimused',
      '/callback',
      '/logout',
    ]) {
      const uiLanguage = pathname.startsWith('/en') ? 'en' : 'et';
      expect(decide({ pathname, uiLanguage, authenticated: true, user: notAccepted })).toEqual({
        kind: 'allow',
      });
    }
  });

  it('(3) lets a complete profile through', () => {
    expect(decide({ pathname: '/admin/users', authenticated: true, user: accepted })).toEqual({
      kind: 'allow',
    });
    expect(
      decide({ pathname: '/en/admin/users', uiLanguage: 'en', authenticated: true, user: accepted }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it.each([
    ['/', '', '/en'],
    ['/otsing', '?q=leping#top', '/en/search?q=leping#top'],
    ['/dokument/tooleping', '', '/en/document/tooleping'],
    ['/admin/user/edit', '', '/en/admin/user/edit'],
    ['/see-lehte-pole', '', '/en/see-lehte-pole'],
  ])('(4) English UI on %s%s goes to %s', (pathname, rest, to) => {
    const [search = '', hash = ''] = rest.split(/(?=#)/);
    expect(decide({ pathname, search, hash, uiLanguage: 'en', authenticated: true, user: accepted })).toEqual(
      { kind: 'redirect', to },
    );
  });

  it('(4) keeps English paths, the neutral routes, and every path in Estonian', () => {
    for (const pathname of ['/en', '/en/search', '/callback', '/logout', '/error']) {
      expect(decide({ pathname, uiLanguage: 'en' })).toEqual({ kind: 'allow' });
    }
    for (const pathname of ['/', '/otsing', '/en/search']) {
      expect(decide({ pathname, uiLanguage: 'et' })).toEqual({ kind: 'allow' });
    }
  });
});
