import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import {
  acceptCookies,
  collectPageErrors,
  eventually,
  expectCount,
  expectLocation,
  expectText,
  type Language,
  normalizeSpaces,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 120_000;
const PAGE_SIZE = 20;

interface SearchJourney {
  language: Language;
  searchPath: string;
  documentPrefix: string;
  showing: (visible: number, total: number) => string;
  /** An inflected form, typed as a visitor would. */
  inflected: string;
  mustFind: readonly string[];
  fieldOfLawLabel: string;
  fieldOfLaw: string;
  sortLabel: string;
  sort: 'price-asc' | 'price-desc';
  termsOfUse: string;
}

const JOURNEYS: SearchJourney[] = [
  {
    language: 'et',
    searchPath: '/otsing',
    documentPrefix: '/dokument/',
    showing: (visible, total) => `Näitan ${visible} tulemust ${total}-st`,
    inflected: 'üürilepingut',
    mustFind: ['Eluruumi üürileping', 'Äripinna üürileping'],
    fieldOfLawLabel: 'Õigusvaldkond',
    fieldOfLaw: 'property',
    sortLabel: 'Järjestus',
    sort: 'price-asc',
    termsOfUse: 'Kasutustingimused',
  },
  {
    language: 'en',
    searchPath: '/en/search',
    documentPrefix: '/en/document/',
    showing: (visible, total) => `Showing ${visible} of ${total} results`,
    inflected: 'leases',
    mustFind: ['Commercial Lease Agreement (Finland)', 'Residential Lease Agreement (Latvia)'],
    fieldOfLawLabel: 'Field of law',
    fieldOfLaw: 'property',
    sortLabel: 'Sort',
    sort: 'price-desc',
    termsOfUse: 'Terms of use',
  },
];

const resultTitles = async (page: Page) =>
  (await page.getByTestId('search-result').locator('h2').allInnerTexts()).map(normalizeSpaces);

/** Where an element's top is on the screen, in CSS pixels from the window's top. */
const topOnScreen = async (element: Locator) =>
  Number(await element.evaluate((node) => Math.round(node.getBoundingClientRect().top)));

describeWithBrowser('Search journeys (real server, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  describe.each(JOURNEYS)('in $language', (journey) => {
    let context: BrowserContext;
    let page: Page;

    beforeEach(async () => {
      context = await launched.newContext();
      page = await context.newPage();
    });

    afterEach(async () => {
      await context?.close();
    });

    it(
      'searches an inflected word, filters, sorts, scrolls for more, opens a result, comes back to the same place and shares the address',
      async () => {
        const pageErrors = collectPageErrors(page);
        const url = (path: string) => `${server.url}${path}`;
        const count = page.getByTestId('search-count');

        // ---- an inflected word
        await page.goto(url(journey.searchPath));
        await acceptCookies(page);
        const all = await api.catalogueTotal();
        await expectText(count, journey.showing(PAGE_SIZE, all));
        await page.getByTestId('search-input').fill(journey.inflected);
        await page.getByTestId('search-submit').click();
        await expectLocation(page, journey.searchPath, `?q=${encodeURIComponent(journey.inflected)}`);
        const found = await api.catalogueTotal(journey.inflected);
        await expectText(count, journey.showing(Math.min(found, PAGE_SIZE), found));
        await eventually(async () =>
          expect(await resultTitles(page)).toEqual(expect.arrayContaining([...journey.mustFind])),
        );

        // ---- a filter, with its count shown beside it
        const fieldOfLaw = page.getByLabel(journey.fieldOfLawLabel, { exact: true });
        await fieldOfLaw.selectOption(journey.fieldOfLaw);
        const filtered = await api.catalogueTotal(journey.inflected, `&fieldOfLaw=${journey.fieldOfLaw}`);
        await expectText(count, journey.showing(filtered, filtered));
        expect(normalizeSpaces(await fieldOfLaw.locator('option:checked').innerText())).toContain(
          `(${filtered})`,
        );

        // ---- a sort
        await page.getByLabel(journey.sortLabel, { exact: true }).selectOption(journey.sort);
        const expectedOrder = (
          await api.searchAll(
            `q=${encodeURIComponent(journey.inflected)}&fieldOfLaw=${journey.fieldOfLaw}&sort=${journey.sort}`,
          )
        ).map((d) => d.title);
        await eventually(async () => expect(await resultTitles(page)).toEqual(expectedOrder));
        await screenshot(page, `${journey.language}-search-filtered`);

        // ---- the address holds it all: a colleague opening it sees the same
        const shared = page.url();
        expect(new URL(shared).search).toBe(
          `?q=${encodeURIComponent(journey.inflected)}&fieldOfLaw=${journey.fieldOfLaw}&sort=${journey.sort}`,
        );
        const colleague = await context.newPage();
        await colleague.goto(shared);
        await expectText(colleague.getByTestId('search-count'), journey.showing(filtered, filtered));
        await eventually(async () => expect(await resultTitles(colleague)).toEqual(expectedOrder));
        await colleague.close();

        // ---- everything, then scrolling loads more without a button
        await page.goto(url(journey.searchPath));
        await expectText(count, journey.showing(PAGE_SIZE, all));
        // The person scrolls once the results are there.
        await expectCount(page.getByTestId('search-result'), PAGE_SIZE);
        await page.getByTestId('search-result').last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 4000);
        await expectText(count, journey.showing(Math.min(all, 2 * PAGE_SIZE), all), 15_000);

        // ---- open a result far down, then back: same results, same place
        const target = page.getByTestId('search-result').nth(PAGE_SIZE + 5);
        await target.scrollIntoViewIfNeeded();
        const targetTitle = normalizeSpaces(await target.locator('h2').innerText());
        const scrolled = Number(await page.evaluate('window.scrollY'));
        expect(scrolled).toBeGreaterThan(500);
        const targetAt = await topOnScreen(target);
        await target.getByTestId('search-result-details').click();
        await eventually(() =>
          expect(new URL(page.url()).pathname.startsWith(journey.documentPrefix)).toBe(true),
        );
        await expectText(page.getByTestId('document-title'), targetTitle);
        await page.goBack();
        await expectLocation(page, journey.searchPath, '');
        await expectText(count, journey.showing(Math.min(all, 2 * PAGE_SIZE), all));
        await expectCount(page.getByTestId('search-result'), Math.min(all, 2 * PAGE_SIZE));
        // The result opened is where it was on the screen (the results above it may have been laid out at an
        // estimated height when it was left, so the place is the result's, not the window's scroll).
        await eventually(async () =>
          expect(
            Math.abs((await topOnScreen(page.getByTestId('search-result').nth(PAGE_SIZE + 5))) - targetAt),
          ).toBeLessThan(2),
        );
        await screenshot(page, `${journey.language}-search-back`);

        // Other pages keep the browser's own place on Back (the search's way is the search's alone).
        await page
          .getByTestId('search-result')
          .nth(PAGE_SIZE + 5)
          .getByTestId('search-result-details')
          .click();
        await expectText(page.getByTestId('document-title'), targetTitle);
        await page.evaluate(
          "window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })",
        );
        const documentScrolled = Number(await page.evaluate('window.scrollY'));
        expect(documentScrolled).toBeGreaterThan(200);
        await page.locator('footer').getByRole('link', { name: journey.termsOfUse, exact: true }).click();
        await eventually(async () => expect(Number(await page.evaluate('window.scrollY'))).toBe(0));
        await page.goBack();
        await expectText(page.getByTestId('document-title'), targetTitle);
        await eventually(async () =>
          expect(Math.abs(Number(await page.evaluate('window.scrollY')) - documentScrolled)).toBeLessThan(2),
        );

        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'Back from a result far down a long list shows the list again, every time (issue 27: it was empty in 4 of 8 runs)',
      async () => {
        const pageErrors = collectPageErrors(page);
        const count = page.getByTestId('search-count');
        const all = await api.catalogueTotal();
        expect(all).toBeGreaterThan(PAGE_SIZE + 3);
        const sortField = page.getByLabel(journey.sortLabel, { exact: true });
        for (let run = 1; run <= 8; run++) {
          // The sequence of the report, as a person does it on the search page.
          await page.goto(`${server.url}${journey.searchPath}`);
          if (run === 1) await acceptCookies(page);
          await expectText(count, journey.showing(PAGE_SIZE, all));
          await page.getByLabel(journey.fieldOfLawLabel, { exact: true }).selectOption(journey.fieldOfLaw);
          await expectLocation(page, journey.searchPath, `?fieldOfLaw=${journey.fieldOfLaw}`);
          await page.getByTestId('search-reset').click();
          await expectLocation(page, journey.searchPath, '');
          await sortField.selectOption('price-desc');
          await expectLocation(page, journey.searchPath, '?sort=price-desc');
          await sortField.selectOption('newest');
          await expectText(count, journey.showing(PAGE_SIZE, all));
          // To the end: every page of results arrives as the end comes into view.
          await eventually(
            async () => {
              await page.keyboard.press('End');
              await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
              expect(normalizeSpaces(await count.innerText())).toBe(journey.showing(all, all));
            },
            { timeoutMs: 30_000 },
          );
          // Then to 4000 px, once the page has stopped moving (the End key scrolls smoothly).
          await eventually(async () => {
            await page.evaluate("window.scrollTo({ top: 4000, behavior: 'instant' })");
            await page.waitForTimeout(300);
            expect(Number(await page.evaluate('window.scrollY'))).toBe(4000);
          });
          const target = page.getByTestId('search-result').nth(22);
          // Its text, not its rendered text: a result out of view is not laid out (content-visibility).
          const targetTitle = normalizeSpaces(await target.locator('h2').textContent());
          await target.scrollIntoViewIfNeeded();
          const leftAt = await topOnScreen(target);
          await target.getByTestId('search-result-details').click();
          await expectText(page.getByTestId('document-title'), targetTitle);
          await page.goBack();

          // The list again, at the place left (the result opened where it was on the screen), drawn.
          await expectText(count, journey.showing(all, all));
          const opened = page.getByTestId('search-result').nth(22);
          await eventually(async () =>
            expect(Math.abs((await topOnScreen(opened)) - leftAt)).toBeLessThan(2),
          );
          const inView = await page.evaluate(`(() => {
            const cards = [...document.querySelectorAll('[data-testid="search-result"]')];
            return cards.filter((card) => {
              const box = card.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight && card.innerText.trim() !== '';
            }).length;
          })()`);
          expect({ run, inView: Number(inView) > 0 }).toEqual({ run, inView: true });
          expect(
            normalizeSpaces(await page.getByTestId('search-result').nth(22).locator('h2').textContent()),
          ).toBe(targetTitle);
        }
        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      4 * JOURNEY_TIMEOUT_MS,
    );

    it(
      'a first visit shows the page from the answers it came with: no request for what the page already shows',
      async () => {
        const context = await launched.newContext();
        const visitor = await context.newPage();
        const asked: string[] = [];
        visitor.on('request', (request) => {
          // What the app asks the API (an image the page shows, like the preview, is not a question).
          if (!['fetch', 'xhr'].includes(request.resourceType())) return;
          const { pathname, search } = new URL(request.url());
          if (pathname.startsWith('/api/')) asked.push(`${pathname}${search}`);
        });
        try {
          const [first] = await api.searchAll(`fieldOfLaw=property&sort=${journey.sort}`);
          const visits = [
            `${journey.searchPath}`,
            `${journey.searchPath}?fieldOfLaw=property&sort=${journey.sort}`,
            `${journey.documentPrefix}${first!.slug}`,
          ];
          for (const path of visits) {
            asked.length = 0;
            await visitor.goto(`${server.url}${path}`);
            const content = path.startsWith(journey.documentPrefix)
              ? visitor.getByTestId('document-title')
              : visitor.getByTestId('search-result').first();
            await content.waitFor();
            await visitor.waitForLoadState('networkidle');
            // The results, the filters' choices, the document and the shop's settings came in the page; a
            // new visitor has no basket to ask for, a returning one's basket is theirs, not the page's.
            const visitorsOwn = path === visits[0] ? [] : asked.filter((p) => p.startsWith('/api/baskets/'));
            expect({ path, asked }).toEqual({ path, asked: visitorsOwn });
          }
        } finally {
          await context.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
