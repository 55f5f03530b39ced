import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api, type DocumentDetail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser, cspViolationsOf } from './support/browser';
import {
  acceptCookies,
  collectPageErrors,
  expectCount,
  expectedTotals,
  expectLocation,
  expectMoney,
  expectText,
  expectTextContaining,
  type Language,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 90_000;
const PAGE_SIZE = 20;
const BASKET_ID_STORAGE_KEY = 'lepinguturg.basketId';

/** What a visitor sees in each language (client/src/i18n/*.json) and what they look for (seed data). */
interface LanguageJourney {
  language: Language;
  homePath: string;
  searchPath: string;
  cartPath: string;
  documentPath: (slug: string) => string;
  heroTitle: string;
  searchDrafts: string;
  showing: (visible: number, total: number) => string;
  /** Typed without diacritics where the language has them. */
  query: string;
  /** Must be among the results of `query`. */
  mustFind: string;
  /** A paid document among the results of `query`; opened and added from its detail page. */
  firstTitle: string;
  secondQuery: string;
  /** A second paid document, added from the search results. */
  secondTitle: string;
  filesTab: (count: number) => string;
  addConfirmTitle: string;
  addConfirmText: (title: string) => string;
  added: string;
  inBasket: string;
  documentCount: (count: number) => string;
  removed: string;
  clearConfirmTitle: string;
  basketEmpty: string;
}

const JOURNEYS: LanguageJourney[] = [
  {
    language: 'et',
    homePath: '/',
    searchPath: '/otsing',
    cartPath: '/ostukorv',
    documentPath: (slug) => `/dokument/${slug}`,
    heroTitle: 'Juriidiliste dokumentide põhjad, kohe kui vajad',
    searchDrafts: 'Otsi põhju',
    showing: (visible, total) => `Näitan ${visible} tulemust ${total}-st`,
    query: 'tooleping',
    mustFind: 'Tööleping',
    firstTitle: 'Tähtajaline tööleping',
    secondQuery: 'konfidentsiaalsusleping',
    secondTitle: 'Konfidentsiaalsusleping',
    filesTab: (count) => `Failid (${count})`,
    addConfirmTitle: 'Kas lisada ostukorvi?',
    addConfirmText: (title) => `Kas soovid lisada dokumendi „${title}“ ostukorvi?`,
    added: 'Dokument lisati ostukorvi!',
    inBasket: 'Ostukorvis',
    documentCount: (count) => (count === 1 ? '1 dokument' : `${count} dokumenti`),
    removed: 'Dokument eemaldati ostukorvist.',
    clearConfirmTitle: 'Kas tühjendada ostukorv?',
    basketEmpty: 'Ostukorv on tühi!',
  },
  {
    language: 'en',
    homePath: '/en',
    searchPath: '/en/search',
    cartPath: '/en/cart',
    documentPath: (slug) => `/en/document/${slug}`,
    heroTitle: 'Legal document templates, ready when you are',
    searchDrafts: 'Search drafts',
    showing: (visible, total) => `Showing ${visible} of ${total} results`,
    query: 'employment',
    mustFind: 'Employment Contract (Estonia)',
    firstTitle: 'Employment Contract (Estonia)',
    secondQuery: 'processing',
    secondTitle: 'Data Processing Agreement (GDPR Article 28)',
    filesTab: (count) => `Files (${count})`,
    addConfirmTitle: 'Add to cart?',
    addConfirmText: (title) => `Do you want to add „${title}“ to the basket?`,
    added: 'The document was added to the basket!',
    inBasket: 'In cart',
    documentCount: (count) => (count === 1 ? '1 document' : `${count} documents`),
    removed: 'The document was removed from the basket.',
    clearConfirmTitle: 'Clear the cart?',
    basketEmpty: 'The basket is empty!',
  },
];

function searchResult(page: Page, title: string) {
  return page
    .getByTestId('search-result')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Closes the toasts on screen so the next toast checked is the next action's own. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  for (let round = 0; round < 20 && (await toasts.count()) > 0; round += 1) {
    // A toast may hide by itself between count() and click(); the loop then just looks again.
    await toasts
      .first()
      .locator('.toast__close')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expectCount(toasts, 0);
}

/** Answers the add-to-basket question with yes (SPEC §4: a confirm modal asks first). */
async function confirmAdd(page: Page, journey: LanguageJourney, title: string): Promise<void> {
  const modal = page.getByTestId('modal');
  await modal.waitFor({ state: 'visible' });
  await expectText(modal.getByRole('heading'), journey.addConfirmTitle);
  await expectTextContaining(modal, journey.addConfirmText(title));
  await modal.getByTestId('modal-confirm').click();
  await modal.waitFor({ state: 'detached' });
}

describeWithBrowser('Catalogue and basket journeys (real server, Chromium)', () => {
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
    let pageErrors: Error[];

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

    it(
      'finds a document, adds two to the basket, removes one and clears the basket',
      async () => {
        const url = (path: string) => `${server.url}${path}`;
        const money = journey.language;

        // ---- home
        await page.goto(url(journey.homePath));
        await expectText(page.getByRole('heading', { level: 1 }), journey.heroTitle);
        const searchDrafts = page.getByTestId('home-search');
        await expectText(searchDrafts, journey.searchDrafts);
        await acceptCookies(page);
        await expectNoAxeViolations(page, `home ${journey.language}`);

        // ---- search: the whole catalogue first
        const catalogueTotal = await api.catalogueTotal();
        expect(catalogueTotal).toBeGreaterThan(PAGE_SIZE);
        await searchDrafts.click();
        await expectLocation(page, journey.searchPath, '');
        await expectText(page.getByTestId('search-count'), journey.showing(PAGE_SIZE, catalogueTotal));
        await expectCount(page.getByTestId('search-result'), PAGE_SIZE);

        // ---- search: a query
        const queryTotal = await api.catalogueTotal(journey.query);
        expect(queryTotal).toBeGreaterThan(0);
        expect(queryTotal).toBeLessThan(catalogueTotal);
        await page.getByTestId('search-input').fill(journey.query);
        await page.getByTestId('search-submit').click();
        await expectLocation(page, journey.searchPath, `?q=${journey.query}`);
        await expectText(
          page.getByTestId('search-count'),
          journey.showing(Math.min(queryTotal, PAGE_SIZE), queryTotal),
        );
        await expectCount(page.getByTestId('search-result'), Math.min(queryTotal, PAGE_SIZE));
        await expectCount(searchResult(page, journey.mustFind), 1);
        await expectNoAxeViolations(page, `search results ${journey.language}`);
        await screenshot(page, `${journey.language}-search-results`);

        // ---- details of the first document
        const first: DocumentDetail = await api.documentTitled(journey.firstTitle);
        expect(first.price).toBeGreaterThan(0);
        expect(first.files.length).toBeGreaterThan(0);
        const firstResult = searchResult(page, journey.firstTitle);
        await expectMoney(firstResult.getByTestId('search-result-price'), first.price, money);
        await firstResult.getByTestId('search-result-details').click();
        await expectLocation(page, journey.documentPath(first.slug));
        await expectText(page.getByTestId('document-title'), journey.firstTitle);
        await expectMoney(page.getByTestId('document-price'), first.price, money);

        const filesTab = page.getByTestId('tab-files');
        await expectText(filesTab, journey.filesTab(first.files.length));
        await filesTab.click();
        const fileRows = page.getByTestId('document-file');
        await expectCount(fileRows, first.files.length);
        for (const [index, file] of first.files.entries()) {
          const cells = fileRows.nth(index).locator('td');
          await expectTextContaining(cells.nth(0), file.title);
          await expectText(cells.nth(1), file.format.toUpperCase());
          await expectText(cells.nth(2), String(file.pages ?? '—'));
          await expectText(cells.nth(3), `${file.sizeKb} kB`);
        }
        await expectNoAxeViolations(page, `document files tab ${journey.language}`);
        await screenshot(page, `${journey.language}-document-files`);

        // ---- add it: question, yes, success toast, amount in the top bar
        const basketAmount = page.getByTestId('basket-amount');
        await expectMoney(basketAmount, 0, money);
        await page.getByTestId('add-to-cart').click();
        await confirmAdd(page, journey, journey.firstTitle);
        await expectTextContaining(page.locator('[data-testid="toast"][data-tone="success"]'), journey.added);
        // The top bar shows what the basket costs (Estonian VAT on the whole basket until the buyer's details).
        await expectMoney(basketAmount, expectedTotals([first.price]).total, money);

        // ---- it cannot be added again: "In cart", a link to the cart, instead of the button
        const inBasket = page.getByTestId('in-basket');
        await expectTextContaining(inBasket, journey.inBasket);
        expect(await inBasket.getAttribute('href')).toBe(journey.cartPath);
        await expectCount(page.getByTestId('add-to-cart'), 0);
        await expectMoney(basketAmount, expectedTotals([first.price]).total, money);

        // ---- a second paid document, from the search results
        const second = await api.documentTitled(journey.secondTitle);
        expect(second.price).toBeGreaterThan(0);
        await dismissToasts(page);
        await page.getByTestId('nav-search').click();
        await expectLocation(page, journey.searchPath);
        await page.getByTestId('search-input').fill(journey.secondQuery);
        await page.getByTestId('search-submit').click();
        await expectLocation(page, journey.searchPath, `?q=${journey.secondQuery}`);
        const secondResult = searchResult(page, journey.secondTitle);
        await expectCount(secondResult, 1);
        await expectMoney(secondResult.getByTestId('search-result-price'), second.price, money);
        await secondResult.getByTestId('add-to-cart').click();
        await confirmAdd(page, journey, journey.secondTitle);
        await expectTextContaining(page.locator('[data-testid="toast"][data-tone="success"]'), journey.added);
        await expectMoney(basketAmount, expectedTotals([first.price, second.price]).total, money);

        // ---- the cart: two lines and the totals of the fee rule
        await page.getByTestId('basket-link').click();
        await expectLocation(page, journey.cartPath);
        const lines = page.getByTestId('cart-line');
        await expectCount(lines, 2);
        await expectText(page.locator('#cart-lines-title'), journey.documentCount(2));

        const basketId = await page.evaluate((key) => localStorage.getItem(key), BASKET_ID_STORAGE_KEY);
        expect(basketId).toMatch(/^[0-9a-f-]{36}$/i);
        const basket = await api.basket(basketId ?? '');
        expect(basket.documents.map((line) => [line.title, line.price])).toEqual([
          [journey.firstTitle, first.price],
          [journey.secondTitle, second.price],
        ]);
        const both = expectedTotals(basket.documents.map((line) => line.price));
        // VAT rounded once on the basket: within a cent per document of the listed prices' sum.
        expect(Math.abs(both.total - (first.price + second.price))).toBeLessThanOrEqual(2);
        expect({
          subtotal: basket.subtotal,
          vat: basket.vat,
          serviceFee: basket.serviceFee,
          total: basket.total,
        }).toEqual(both);

        await expectTextContaining(lines.nth(0), journey.firstTitle);
        await expectMoney(lines.nth(0).getByTestId('cart-line-price'), first.price, money);
        await expectTextContaining(lines.nth(1), journey.secondTitle);
        await expectMoney(lines.nth(1).getByTestId('cart-line-price'), second.price, money);
        await expectMoney(page.getByTestId('cart-subtotal'), both.subtotal, money);
        await expectMoney(page.getByTestId('cart-service-fee'), both.serviceFee, money);
        await expectMoney(page.getByTestId('cart-vat'), both.vat, money);
        await expectMoney(page.getByTestId('cart-total'), both.total, money);
        await expectMoney(basketAmount, both.total, money);
        await dismissToasts(page);
        await expectNoAxeViolations(page, `cart ${journey.language}`);
        await screenshot(page, `${journey.language}-cart-two-lines`);

        // ---- remove the second line: the totals follow
        await lines.filter({ hasText: journey.secondTitle }).getByTestId('cart-remove').click();
        await expectCount(lines, 1);
        const one = expectedTotals([first.price]);
        await expectTextContaining(lines.nth(0), journey.firstTitle);
        await expectMoney(page.getByTestId('cart-subtotal'), one.subtotal, money);
        await expectMoney(page.getByTestId('cart-service-fee'), one.serviceFee, money);
        await expectMoney(page.getByTestId('cart-vat'), one.vat, money);
        await expectMoney(page.getByTestId('cart-total'), one.total, money);
        await expectMoney(basketAmount, one.total, money);
        const afterRemove = await api.basket(basketId ?? '');
        expect(afterRemove.documentCount).toBe(1);
        expect(afterRemove.total).toBe(one.total);

        // ---- clear, after saying yes
        await page.getByTestId('cart-clear').click();
        const modal = page.getByTestId('modal');
        await modal.waitFor({ state: 'visible' });
        await expectText(modal.getByRole('heading'), journey.clearConfirmTitle);
        await modal.getByTestId('modal-confirm').click();
        await expectTextContaining(page.getByTestId('cart-empty'), journey.basketEmpty);
        await expectCount(lines, 0);
        await expectMoney(basketAmount, 0, money);
        expect((await api.basket(basketId ?? '')).documentCount).toBe(0);
        await screenshot(page, `${journey.language}-cart-empty`);

        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
  describe('removing a line from the cart', () => {
    let context: BrowserContext;
    let page: Page;
    const journey = JOURNEYS[0]!;

    beforeEach(async () => {
      // A basket holding two documents, prepared through the API; the browser is given its id.
      const basketId = randomUUID();
      const first = await api.documentTitled(journey.firstTitle);
      const second = await api.documentTitled(journey.secondTitle);
      await api.addToBasket(basketId, first.id);
      await api.addToBasket(basketId, second.id);
      context = await launched.newContext();
      await context.addInitScript(([key, id]) => localStorage.setItem(key, id), [
        BASKET_ID_STORAGE_KEY,
        basketId,
      ] as const);
      page = await context.newPage();
      await page.goto(`${server.url}${journey.cartPath}`);
      await expectCount(page.getByTestId('cart-line'), 2);
    }, JOURNEY_TIMEOUT_MS);

    afterEach(async () => {
      const violations = context ? [...cspViolationsOf(context)] : [];
      await context?.close();
      // Every page of the journey worked under the Content-Security-Policy (docs/decisions/).
      expect(violations).toEqual([]);
    });

    it(
      'shows the "removed" success toast',
      async () => {
        const lines = page.getByTestId('cart-line');
        await lines.filter({ hasText: journey.secondTitle }).getByTestId('cart-remove').click();
        await expectCount(lines, 1);
        await expectTextContaining(
          page.locator('[data-testid="toast"][data-tone="success"]'),
          journey.removed,
          5_000,
        );
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
