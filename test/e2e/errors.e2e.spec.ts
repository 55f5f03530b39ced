import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser, cspViolationsOf } from './support/browser';
import {
  collectPageErrors,
  eventually,
  expectCount,
  expectLocation,
  expectText,
  expectTextContaining,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 30_000;

describeWithBrowser('Error pages and language switch journeys (real server, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let api: Api;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: Error[];
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  beforeEach(async () => {
    context = await launched.newContext();
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    const violations = context ? [...cspViolationsOf(context)] : [];
    await context?.close();
    // Every page of the journey worked under the Content-Security-Policy (docs/decisions/).
    expect(violations).toEqual([]);
  });

  describe('an unknown path', () => {
    it.each([
      { path: '/see-ei-ole-olemas', message: 'Lehekülge ei leitud!', back: 'Tagasi avalehele', home: '/' },
      {
        path: '/en/this-does-not-exist',
        message: 'Page not found!',
        back: 'Back to the home page',
        home: '/en',
      },
    ])(
      '$path answers 404 and shows "$message" on the error page',
      async ({ path, message, back, home }) => {
        const response = await page.goto(url(path));
        expect(response?.status()).toBe(404);
        await expectLocation(page, '/error');
        await expectText(page.getByTestId('error-message'), message);
        await expectNoAxeViolations(page, `error page for ${path}`);
        const backHome = page.getByRole('link', { name: back, exact: true });
        await expectCount(backHome, 1);
        await eventually(async () => expect(await page.title()).toContain(message));
        await screenshot(page, `error-page${home === '/en' ? '-en' : ''}`);
        await backHome.click();
        await expectLocation(page, home);
        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  });

  describe('an unknown document slug', () => {
    it.each([
      {
        path: '/dokument/seda-dokumenti-pole-olemas',
        title: 'Dokumenti ei leitud',
        text: 'Seda dokumenti pole olemas või see pole enam avaldatud.',
        search: '/otsing',
      },
      {
        path: '/en/document/no-such-document',
        title: 'Document not found',
        text: 'This document does not exist or is no longer published.',
        search: '/en/search',
      },
    ])(
      '$path says "$title" and leads back to search',
      async ({ path, title, text, search }) => {
        await page.goto(url(path));
        const notFound = page.getByTestId('document-not-found');
        await expectText(notFound.getByRole('heading', { level: 1 }), title);
        await expectTextContaining(notFound, text);
        await expectCount(page.getByTestId('document-title'), 0);
        await expectCount(page.getByTestId('add-to-cart'), 0);
        await expectNoAxeViolations(page, `document not found: ${path}`);
        await notFound.getByRole('link').click();
        await expectLocation(page, search);
        await expectCount(page.getByTestId('search-result').first(), 1);
        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  });

  describe('the language dropdown on a search with a query string', () => {
    it(
      'switches Estonian -> English and back, keeping the query, the sort and the results',
      async () => {
        const total = await api.catalogueTotal('leping');
        expect(total).toBeGreaterThan(0);
        const visible = Math.min(total, 20);

        await page.goto(url('/otsing?q=leping&sort=price-asc'));
        const count = page.getByTestId('search-count');
        await expectText(count, `Näitan ${visible} tulemust ${total}-st`);
        const select = page.getByTestId('language-select');
        expect(await select.inputValue()).toBe('et');

        await select.selectOption('en');
        await expectLocation(page, '/en/search', '?q=leping&sort=price-asc');
        await expectText(count, `Showing ${visible} of ${total} results`);
        await expectText(page.getByRole('heading', { level: 1 }), 'Search documents');
        expect(await select.inputValue()).toBe('en');
        expect(await page.getByTestId('search-input').inputValue()).toBe('leping');
        expect(await page.getByTestId('search-sort').inputValue()).toBe('price-asc');
        await eventually(async () => expect(await page.locator('html').getAttribute('lang')).toBe('en'));
        // price low-high is still applied: the shown prices never go down (the results after the first
        // two render one per task)
        await expectCount(page.getByTestId('search-result-price'), visible);
        const prices = await page.getByTestId('search-result-price').all();
        const cents = await Promise.all(
          prices.map(async (price) => Number(await price.getAttribute('data-cents'))),
        );
        expect(cents).toHaveLength(visible);
        expect(cents).toEqual([...cents].sort((a, b) => a - b));
        await screenshot(page, 'search-switched-to-en');

        await select.selectOption('et');
        await expectLocation(page, '/otsing', '?q=leping&sort=price-asc');
        await expectText(count, `Näitan ${visible} tulemust ${total}-st`);
        expect(await page.getByTestId('search-input').inputValue()).toBe('leping');
        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  });
});
