/// <reference types="node" />
import { act } from '@testing-library/react';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ELEMENT_ID, resetPageAnswers, type WrittenPageAnswers } from '../api/page-answers';
import { i18n } from '../i18n';
import { PAGE_COOKIES_ELEMENT_ID, resetPageCookies } from '../utils/cookies';
import { FakeApi, makeDocument, makeUser } from '../test/fake-api';
import { givenSignedIn } from '../test/session';
import { App } from './App';
import type { PageRequest } from './render-page';
import { preloadScreen } from './router';

/**
 * The server renders a public page (render-page.tsx) and the browser hydrates it (start.tsx): React (in
 * its development build here, which also reports a differing attribute) must find the page as the
 * server wrote it. Each page is rendered from the answers the server would write, asked of the fake API,
 * by the server's React in a process of its own (test/render-on-server.mjs), as it runs in production.
 */

const SITE = 'http://localhost:3000';

interface ServerPage {
  readonly kind: 'page';
  readonly status: number;
  readonly head: string;
  readonly html: string;
}

/** Renders the pages in one server process (started once: Vite loads the app's sources for Node). */
function renderOnServer(requests: readonly PageRequest[]): Promise<ServerPage[]> {
  const script = join(__dirname, '../test/render-on-server.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(Buffer.concat(output).toString('utf8')) as ServerPage[])
        : reject(new Error(`the server render ended with ${code}`)),
    );
    child.stdin.end(JSON.stringify(requests));
  });
}

/** The answers the server writes for these requests of the page, as the fake API gives them. */
async function answersFor(api: FakeApi, language: string, requests: readonly string[]) {
  const written: WrittenPageAnswers = { language, siteUrl: SITE, answers: {}, failures: {} };
  for (const url of requests) {
    const response = await api.fetch(url);
    if (response.ok) (written.answers as Record<string, unknown>)[url] = await response.json();
    else (written.failures as Record<string, number>)[url] = response.status;
  }
  api.requests.length = 0;
  return written;
}

/**
 * The browser's side: the page's HTML as the server sent it, the app's start (the screen loaded first),
 * hydration; every error React logs or reports is returned.
 */
async function hydrate(
  url: string,
  html: string,
  written: WrittenPageAnswers,
  api: FakeApi,
  cookiesAccepted = true,
) {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(written);
  const cookies = document.createElement('script');
  cookies.type = 'application/json';
  cookies.id = PAGE_COOKIES_ELEMENT_ID;
  cookies.textContent = JSON.stringify({
    'lepinguturg.cookiesAccepted': cookiesAccepted ? '1' : null,
    'lepinguturg.accessibility': null,
  });
  document.body.append(element, cookies);
  resetPageAnswers();
  resetPageCookies();
  vi.stubGlobal('fetch', api.fetch);
  await i18n.changeLanguage(written.language);
  await preloadScreen(new URL(url, SITE).pathname);

  const problems: string[] = [];
  const logged = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(args.map(String).join(' '));
  });
  const root = document.getElementById('root')!;
  const before = root.innerHTML;
  let hydrated: ReturnType<typeof hydrateRoot> | null = null;
  await act(async () => {
    hydrated = hydrateRoot(root, <App />, {
      onRecoverableError: (error) => problems.push(`recoverable: ${String(error)}`),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  logged.mockRestore();
  return { problems, before, root, unmount: () => act(() => hydrated!.unmount()) };
}

const CONFIG = '/api/config';
const OPTIONS = '/api/catalogue/options';

/** A public page, its language, and the requests of its first render whose answers it carries. */
const PAGES: readonly (readonly [string, string, readonly string[]])[] = [
  ['/', 'et', [CONFIG]],
  ['/en', 'en', [CONFIG]],
  ['/otsing', 'et', [CONFIG, OPTIONS, '/api/documents?limit=20']],
  [
    '/en/search/leping?sort=price-asc',
    'en',
    [CONFIG, OPTIONS, '/api/documents?limit=20&q=leping&sort=price-asc'],
  ],
  [
    '/otsing?fieldOfLaw=employment&title=t%C3%B6%C3%B6',
    'et',
    [CONFIG, OPTIONS, '/api/documents?limit=20&title=t%C3%B6%C3%B6&fieldOfLaw=employment'],
  ],
  [
    '/otsing/uleslaadija/0195f0c2-0000-7000-8000-0000000000bb',
    'et',
    [CONFIG, OPTIONS, '/api/documents?limit=20&uploaderId=0195f0c2-0000-7000-8000-0000000000bb'],
  ],
  ['/dokument/toeoeleping', 'et', [CONFIG, '/api/documents/toeoeleping']],
  ['/en/document/rendileping', 'en', [CONFIG, '/api/documents/rendileping']],
  ['/dokument/seda-pole', 'et', [CONFIG, '/api/documents/seda-pole']],
  ['/kontaktid', 'et', [CONFIG]],
  ['/en/team', 'en', [CONFIG]],
  ['/missioon', 'et', [CONFIG]],
  ['/en/termsofuse', 'en', [CONFIG]],
  ['/privaatustingimused', 'et', [CONFIG]],
  ['/en/accessibility', 'en', [CONFIG]],
  ['/kasutajatingimused', 'et', [CONFIG]],
];

function fakeApi() {
  // A full first page of results: a large page is where React would write a part of it later, by script.
  const more = Array.from({ length: 20 }, (_, index) =>
    makeDocument({
      id: `0195f0c2-0000-7000-8000-0000000002${String(index).padStart(2, '0')}`,
      slug: `leping-${index}`,
      title: `Leping ${index}`,
      createdAt: `2025-0${1 + (index % 9)}-1${index % 10}T12:00:00.000Z`,
    }),
  );
  return new FakeApi([
    ...more,
    makeDocument(),
    makeDocument({
      id: '0195f0c2-0000-7000-8000-000000000002',
      slug: 'rendileping',
      title: 'Rendileping',
      price: 0,
      uploader: { id: '0195f0c2-0000-7000-8000-0000000000bb', name: 'Jaan Tamm', company: 'Tamm OÜ' },
    }),
  ]);
}

/** The pages as the server renders them, for a visitor who accepted cookies, and the banner's page for one who did not. */
const rendered = new Map<string, { written: WrittenPageAnswers; page: ServerPage }>();
const BANNER = '/kontaktid#banner';

beforeAll(async () => {
  const api = fakeApi();
  const cases = [
    ...PAGES.map(([url, language, requests]) => ({ key: url, url, language, requests, accepted: true })),
    { key: BANNER, url: '/kontaktid', language: 'et', requests: [CONFIG], accepted: false },
  ];
  const written = await Promise.all(cases.map((page) => answersFor(api, page.language, page.requests)));
  const pages = await renderOnServer(
    cases.map((page, index) => ({
      url: page.url,
      hostname: 'localhost',
      siteUrl: SITE,
      cookiesAccepted: page.accepted,
      answers: written[index]!,
    })),
  );
  cases.forEach((page, index) => rendered.set(page.key, { written: written[index]!, page: pages[index]! }));
}, 120_000);

afterEach(() => {
  document.body.innerHTML = '';
  resetPageAnswers();
  resetPageCookies();
});

describe('a public page rendered on the server hydrates without a difference', () => {
  it.each(PAGES)('%s (%s)', async (url) => {
    const { written, page } = rendered.get(url)!;
    expect(page.html).toContain('<h1');
    // Nothing the Content-Security-Policy refuses: no script of React's to finish the page, no style attribute.
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toMatch(/\sstyle="/);
    const heading = new DOMParser().parseFromString(page.html, 'text/html').querySelector('h1')?.textContent;
    const { problems, root, unmount } = await hydrate(url, page.html, written, fakeApi());
    expect(problems).toEqual([]);
    expect(root.querySelector('h1')?.textContent).toBe(heading);
    unmount();
  });

  it('with the cookie banner, for a visitor who has not answered it', async () => {
    const { written, page } = rendered.get(BANNER)!;
    expect(page.html).toContain('data-testid="cookie-banner"');
    const { problems, root, unmount } = await hydrate('/kontaktid', page.html, written, fakeApi(), false);
    expect(problems).toEqual([]);
    expect(root.querySelector('[data-testid="cookie-banner"]')).not.toBeNull();
    unmount();
  });

  it('for someone signed in, who then gets their own answers', async () => {
    const { written, page } = rendered.get('/otsing')!;
    const api = fakeApi();
    givenSignedIn(api, makeUser({ id: '0195f0c2-0000-7000-8000-0000000000aa' }));
    const { problems, unmount } = await hydrate('/otsing', page.html, written, api);
    expect(problems).toEqual([]);
    // The search asks again with the person's token: their own results (their Edit links).
    await vi.waitFor(() =>
      expect(
        api.requests.some(
          (request) => request.path === '/api/documents' && request.headers.has('Authorization'),
        ),
      ).toBe(true),
    );
    unmount();
  });
});
