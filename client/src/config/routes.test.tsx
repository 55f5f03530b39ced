import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import {
  detectLanguage,
  languageSwitchTarget,
  localizedPath,
  matchRoute,
  rememberedPath,
  routeToRemember,
} from './routes';

const local = { protocol: 'http:', hostname: 'localhost', port: '5173', search: '', hash: '' };

describe('localized route table', () => {
  it('builds Estonian paths at the root and English paths under /en', () => {
    expect(localizedPath('home', 'et')).toBe('/');
    expect(localizedPath('home', 'en')).toBe('/en');
    expect(localizedPath('search', 'et')).toBe('/otsing');
    expect(localizedPath('search', 'en', { keyWord: 'leping' })).toBe('/en/search/leping');
    expect(localizedPath('document', 'et', { slug: 'toeoeleping' })).toBe('/dokument/toeoeleping');
    expect(localizedPath('document', 'en', { slug: 'toeoeleping' })).toBe('/en/document/toeoeleping');
    expect(localizedPath('cart', 'et')).toBe('/ostukorv');
    expect(localizedPath('cart', 'en')).toBe('/en/cart');
    expect(localizedPath('privacypolicy', 'en')).toBe('/en/termsofprivacy');
  });

  it('recognises a path as a named route in its language', () => {
    expect(matchRoute('/en/document/abc')).toEqual({
      name: 'document',
      language: 'en',
      params: { slug: 'abc' },
    });
    expect(matchRoute('/ostukorv')).toMatchObject({ name: 'cart', language: 'et' });
    expect(matchRoute('/otsing/tooleping')).toMatchObject({
      name: 'search',
      params: { keyWord: 'tooleping' },
    });
    expect(matchRoute('/no-such-page')).toBeNull();
    // As react-router matches: case aside.
    expect(matchRoute('/OTSING/Leping')).toMatchObject({ name: 'search', params: { keyWord: 'Leping' } });
  });

  it('tells the search route with a keyword from its uploader variant, in both languages', () => {
    const uploaderId = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f3a1c84';
    expect(localizedPath('searchUploader', 'et', { uploaderId })).toBe(`/otsing/uleslaadija/${uploaderId}`);
    expect(matchRoute(`/en/search/uploader/${uploaderId}`)).toEqual({
      name: 'searchUploader',
      language: 'en',
      params: { uploaderId },
    });
    expect(matchRoute('/otsing/uleslaadija')).toMatchObject({
      name: 'search',
      params: { keyWord: 'uleslaadija' },
    });
    expect(matchRoute('/en/search/lease')).toMatchObject({ name: 'search', params: { keyWord: 'lease' } });
  });

  it('takes the language from the domain ending, else from the path', () => {
    expect(detectLanguage({ hostname: 'lepinguturg.com', pathname: '/' })).toBe('en');
    expect(detectLanguage({ hostname: 'lepinguturg.ee', pathname: '/en/cart' })).toBe('et');
    expect(detectLanguage({ hostname: 'localhost', pathname: '/en/cart' })).toBe('en');
    expect(detectLanguage({ hostname: '127.0.0.1', pathname: '/ostukorv' })).toBe('et');
    expect(detectLanguage({ hostname: 'localhost', pathname: '/error' }, 'en')).toBe('en');
  });

  it('switches to the same page in the other language, keeping query and hash', () => {
    expect(
      languageSwitchTarget({ ...local, pathname: '/otsing', search: '?q=leping', hash: '#top' }, 'en'),
    ).toEqual({
      kind: 'path',
      to: '/en/search?q=leping#top',
    });
    expect(
      languageSwitchTarget(
        {
          protocol: 'https:',
          hostname: 'www.lepinguturg.ee',
          port: '',
          pathname: '/dokument/x',
          search: '?a=1',
          hash: '',
        },
        'en',
      ),
    ).toEqual({ kind: 'url', href: 'https://www.lepinguturg.com/en/document/x?a=1' });
    expect(languageSwitchTarget({ ...local, pathname: '/nowhere' }, 'en')).toBeNull();
  });

  it('remembers a page with its query and builds it back in the UI language', () => {
    const search = routeToRemember('/otsing', '?q=leping');
    expect(search).toEqual({ name: 'search', params: {}, search: '?q=leping' });
    expect(rememberedPath(search, 'et')).toBe('/otsing?q=leping');
    expect(rememberedPath(search, 'en')).toBe('/en/search?q=leping');
    expect(routeToRemember('/dokument/x', '')).toEqual({ name: 'document', params: { slug: 'x' } });
    expect(rememberedPath({ name: 'home', params: {}, search: 'not-a-query' }, 'et')).toBe('/');
    expect(rememberedPath(null, 'en')).toBe('/en');
  });
});

describe('router', () => {
  it('sends an unknown path to the error page saying the page was not found', async () => {
    const { router } = renderApp('/see-lehte-pole');
    expect((await screen.findByTestId('error-message')).textContent).toBe('Lehekülge ei leitud!');
    expect(router.state.location.pathname).toBe('/error');
  });

  it('shows the not-found message in English after an English page', async () => {
    localStorage.setItem('lepinguturg.uiLanguage', 'en');
    renderApp('/en/no-such-page');
    expect((await screen.findByTestId('error-message')).textContent).toBe('Page not found!');
  });

  it('renders the English home page under /en', async () => {
    renderApp('/en');
    expect(await screen.findByRole('link', { name: 'Search drafts' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
