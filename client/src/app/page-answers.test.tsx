import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ELEMENT_ID, requestKey, resetPageAnswers } from '../api/page-answers';
import { FakeApi, makeDocument, makeUser } from '../test/fake-api';
import { givenSignedIn } from '../test/session';
import { AppProvider, createQueryClient } from './provider';
import { AppRoutes, preloadScreen } from './router';

const FIRST_REQUESTS = ['/api/config', '/api/catalogue/options', '/api/documents?limit=20'];

/** Writes the page's answers as the server does, from the fake API's own answers. */
async function givenPageAnswers(api: FakeApi, language: string) {
  const answers: Record<string, unknown> = {};
  for (const url of FIRST_REQUESTS) answers[url] = await (await api.fetch(url)).json();
  api.requests.length = 0;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify({ language, answers });
  document.body.append(element);
  resetPageAnswers();
}

/** The app as start.tsx starts a page the browser renders: its screen first, then one render with the app's query defaults. */
async function startApp(path: string, api: FakeApi) {
  vi.stubGlobal('fetch', api.fetch);
  await preloadScreen(path);
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}

const asked = (api: FakeApi) => api.requests.map((request) => request.path.split('?')[0]);

describe('a page that carries the server’s answers (server/src/api/client-app/page-answers.ts)', () => {
  afterEach(() => {
    document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
    resetPageAnswers();
  });

  it('shows its results in the first render, without a skeleton and without asking the API', async () => {
    const api = new FakeApi([makeDocument()]);
    await givenPageAnswers(api, 'et');
    await startApp('/otsing', api);
    // No await: the first render already has them.
    expect(screen.getAllByTestId('search-result')).toHaveLength(1);
    expect(screen.getByTestId('search-heading')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked(api)).not.toContain('/api/documents');
    expect(asked(api)).not.toContain('/api/catalogue/options');
    expect(asked(api)).not.toContain('/api/config');
  });

  it('answers written in another language than the page’s are not used', async () => {
    const api = new FakeApi([makeDocument()]);
    await givenPageAnswers(api, 'en');
    await startApp('/otsing', api);
    expect(screen.queryAllByTestId('search-result')).toHaveLength(0);
    expect(await screen.findAllByTestId('search-result')).toHaveLength(1);
    expect(asked(api)).toContain('/api/documents');
  });

  it('someone signed in asks the API themselves (the server answered as a visitor)', async () => {
    const api = new FakeApi([makeDocument()]);
    await givenPageAnswers(api, 'et');
    givenSignedIn(api, makeUser());
    await startApp('/otsing', api);
    expect(await screen.findAllByTestId('search-result')).toHaveLength(1);
    expect(asked(api)).toContain('/api/documents');
  });

  it('finds a request however its query is ordered', () => {
    expect(requestKey('/api/documents?q=a&limit=20')).toBe(requestKey('/api/documents?limit=20&q=a'));
    expect(requestKey('/api/config')).toBe('/api/config');
  });
});
