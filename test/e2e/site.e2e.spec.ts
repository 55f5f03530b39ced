/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { PurchaseLinks } from '../../server/src/commands/purchase/purchase-links';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { writePurchase } from '../support/money-fixture';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api, type DocumentDetail, type DocumentPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser, cspViolationsOf } from './support/browser';
import { DEMO, expectHostedPage, submitSignIn } from './support/identity';
import {
  acceptCookies,
  collectPageErrors,
  eventually,
  expectCount,
  expectLocation,
  expectText,
  expectTextContaining,
  type Language,
  normalizeSpaces,
  screenshot,
} from './support/journey';
import {
  expectFocusOn,
  expectFocusOnHeading,
  expectClearTopBar,
  expectNoHorizontalOverflow,
  LAPTOP,
  misplacedControls,
  NARROW_PHONE,
  PHONE,
  TEXT_SIZES,
} from './support/layout';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 150_000;
const SIGN_IN_TIMEOUT_MS = 20_000;

/** The static pages (client/src/features/pages/content), their paths and headings in each language. */
interface SiteJourney {
  language: Language;
  home: string;
  cart: string;
  document: (slug: string) => string;
  heroTitle: string;
  cartTitle: string;
  notFound: string;
  menu: string;
  addConfirmTitle: string;
  pages: { path: string; heading: string; description: RegExp }[];
  mission: string;
  vision: string;
  alternates: { et: string; en: string };
  search: (keyWord: string) => string;
  keyWord: string;
  searchTitle: string;
  uploader: (id: string) => string;
  uploaderTitle: string;
  summary: (id: string) => string;
  summaryTitle: string;
  paymentReturn: (id: string) => string;
  returnTitle: string;
  paymentCancel: string;
  cancelTitle: string;
}

const JOURNEYS: SiteJourney[] = [
  {
    language: 'et',
    home: '/',
    cart: '/ostukorv',
    document: (slug) => `/dokument/${slug}`,
    heroTitle: 'Juriidiliste dokumentide põhjad, kohe kui neid vajate',
    cartTitle: 'Ostukorv',
    notFound: 'Lehekülge ei leitud!',
    menu: 'Menüü',
    addConfirmTitle: 'Kas lisada ostukorvi?',
    pages: [
      { path: '/kontaktid', heading: 'Kontaktid', description: /^Lepinguturg OÜ kontaktid/ },
      { path: '/tiim', heading: 'Tiim', description: /^Lepinguturu tiim/ },
      { path: '/kasutustingimused', heading: 'Kasutustingimused', description: /kasutustingimused/ },
      { path: '/privaatustingimused', heading: 'Privaatsustingimused', description: /isikuandmeid/ },
      { path: '/ligipaasetavus', heading: 'Ligipääsetavuse teatis', description: /ligipääsetavuse teatis/ },
      { path: '/kasutajatingimused', heading: 'Kasutajatingimused', description: /autorite tingimused/ },
    ],
    mission: '/missioon',
    vision: '/visioon',
    alternates: { et: '/kontaktid', en: '/en/contacts' },
    search: (keyWord) => `/otsing/${keyWord}`,
    keyWord: 'leping',
    searchTitle: 'Otsi dokumente',
    uploader: (id) => `/otsing/uleslaadija/${id}`,
    uploaderTitle: 'Kadri Tamm dokumendid',
    summary: (id) => `/ostu-kokkuvote/${id}`,
    summaryTitle: 'Ostu kokkuvõte',
    paymentReturn: (id) => `/maksekeskus/tagasi/${id}`,
    returnTitle: 'Makse',
    paymentCancel: '/maksekeskus/katkesta',
    cancelTitle: 'Makse katkestati',
  },
  {
    language: 'en',
    home: '/en',
    cart: '/en/cart',
    document: (slug) => `/en/document/${slug}`,
    heroTitle: 'Legal document templates, ready when you are',
    cartTitle: 'Shopping cart',
    notFound: 'Page not found!',
    menu: 'Menu',
    addConfirmTitle: 'Add to cart?',
    pages: [
      { path: '/en/contacts', heading: 'Contacts', description: /^Contacts of Lepinguturg OÜ/ },
      { path: '/en/team', heading: 'Team', description: /^The Lepinguturg team/ },
      { path: '/en/termsofuse', heading: 'Terms of use', description: /^Terms of use of Lepinguturg/ },
      { path: '/en/termsofprivacy', heading: 'Privacy policy', description: /GDPR/ },
      {
        path: '/en/accessibility',
        heading: 'Accessibility statement',
        description: /^Accessibility statement/,
      },
      { path: '/en/userterms', heading: 'User terms', description: /authors of Lepinguturg/ },
    ],
    mission: '/en/mission',
    vision: '/en/vision',
    alternates: { et: '/kontaktid', en: '/en/contacts' },
    search: (keyWord) => `/en/search/${keyWord}`,
    keyWord: 'contract',
    searchTitle: 'Search documents',
    uploader: (id) => `/en/search/uploader/${id}`,
    uploaderTitle: 'Documents by Kadri Tamm',
    summary: (id) => `/en/purchase-summary/${id}`,
    summaryTitle: 'Purchase summary',
    paymentReturn: (id) => `/en/paymentcenter/return/${id}`,
    returnTitle: 'Payment',
    paymentCancel: '/en/paymentcenter/cancel',
    cancelTitle: 'Payment cancelled',
  },
];

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name=description]').getAttribute('content')) ?? '';
}

async function alternateLinks(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=alternate][hreflang]')).map((link) => [
        link.hreflang,
        new URL(link.href).pathname,
      ]),
    ),
  );
}

/** Where an element's top is, measured from the bottom of the sticky top bar. */
async function distanceBelowTopBar(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const bar = document.querySelector('.topbar');
    if (!element || !bar) return Number.NaN;
    return element.getBoundingClientRect().top - bar.getBoundingClientRect().bottom;
  }, selector);
}

describeWithBrowser('The public site on phones and laptops: layout, focus, accessibility (Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let api: Api;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: Error[];
  /**
   * A paid purchase of Kadri's dearest document (a month ago, so her earnings are released) and an unpaid
   * one, each as `<purchase id>#key=<the buyer's access key>`.
   */
  let paidPurchaseId: string;
  let unpaidPurchaseId: string;
  const kadri = DEMO_UPLOADERS.find((uploader) => uploader.key === 'kadri')!;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    launched = await launchBrowser();
    const dearest = (
      await api.get<DocumentPage>(`/documents?uploaderId=${kadri.userId}&sort=price-desc&limit=1`)
    ).items[0]!;
    const sold = [
      { uploaderId: kadri.userId, price: dearest.price, title: dearest.title, documentId: dearest.id },
    ];
    const eventStore = server.app.get<EventStore>(EVENT_STORE);
    // Each purchase opens with its buyer's access key, in the address's fragment as the mail gives it.
    const withKey = async (options: Parameters<typeof writePurchase>[2]) => {
      const keyId = randomUUID();
      const { purchaseId } = await writePurchase(eventStore, sold, { ...options, accessKeyId: keyId });
      return `${purchaseId}#key=${server.app.get(PurchaseLinks).accessKey(purchaseId, keyId)}`;
    };
    paidPurchaseId = await withKey({ downloaded: true });
    unpaidPurchaseId = await withKey({ paid: false, paidAt: new Date() });
    await server.app.get(ProjectionRunner).waitFor(await eventStore.headPosition());
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  beforeEach(async () => {
    context = await launched.newContext({ viewport: PHONE });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    const violations = context ? [...cspViolationsOf(context)] : [];
    await context?.close();
    // Every page of the journey worked under the Content-Security-Policy (docs/decisions/).
    expect(violations).toEqual([]);
  });

  /** The page fits the window and axe finds nothing, at the current width. */
  async function checkScreen(screen: string): Promise<void> {
    await expectNoHorizontalOverflow(page, screen);
    await expectClearTopBar(page, screen);
    await expectNoAxeViolations(page, screen);
  }

  describe.each(JOURNEYS)('in $language', (journey) => {
    it(
      'home, menu, static pages, a document with the basket question, the cart and an unknown path, at 390 px and 1366 px',
      async () => {
        const paid: DocumentDetail = await api.documentTitled(
          journey.language === 'et' ? 'Tähtajaline tööleping' : 'Employment Contract (Estonia)',
        );

        // ---- home at 390 px: one-row top bar, the menu behind a button
        await page.goto(url(journey.home));
        await expectText(page.getByRole('heading', { level: 1 }), journey.heroTitle);
        await acceptCookies(page);
        await checkScreen(`home ${journey.language} 390`);
        const menuButton = page.getByTestId('menu-button');
        await expectText(menuButton, journey.menu);
        expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByTestId('topbar-menu').isVisible()).toBe(false);
        const barHeight = await page.locator('.topbar').evaluate((bar) => bar.getBoundingClientRect().height);
        expect(barHeight).toBeLessThanOrEqual(64);
        await menuButton.click();
        expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
        await page.getByTestId('nav-search').waitFor({ state: 'visible' });
        await page.getByTestId('language-select').waitFor({ state: 'visible' });
        await page.getByTestId('accessibility-toggle').waitFor({ state: 'visible' });
        await page.getByTestId('signin-button').waitFor({ state: 'visible' });
        await checkScreen(`home with the menu open ${journey.language} 390`);
        await page.keyboard.press('Escape');
        expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
        await expectFocusOn(page, 'menu-button');
        await screenshot(page, `site-home-${journey.language}-390`);

        // ---- the static pages: own title and description, hreflang between languages, fit at 390 px
        for (const [index, staticPage] of journey.pages.entries()) {
          if (index === 0) {
            // Opened from the footer like a visitor would: focus goes to the new page's heading.
            await page.locator('footer').getByRole('link', { name: staticPage.heading, exact: true }).click();
            await expectLocation(page, staticPage.path);
            await expectFocusOnHeading(page, staticPage.heading);
            expect(await alternateLinks(page)).toEqual({
              et: journey.alternates.et,
              en: journey.alternates.en,
              'x-default': journey.alternates.et,
            });
          } else {
            await page.goto(url(staticPage.path));
          }
          await expectText(page.getByRole('heading', { level: 1 }), staticPage.heading);
          await eventually(async () =>
            expect(await page.title()).toBe(`${staticPage.heading} · Lepinguturg`),
          );
          expect(await metaDescription(page)).toMatch(staticPage.description);
          await checkScreen(`${staticPage.path} 390`);
        }

        // ---- mission and vision: the route's own section, 20 px below the top bar
        await page.goto(url(journey.vision));
        await eventually(async () => expect(Math.round(await distanceBelowTopBar(page, '#vision'))).toBe(20));
        await page.goto(url(`${journey.mission}#mission`));
        await page.locator('#mission').waitFor({ state: 'visible' });
        await checkScreen(`${journey.mission} 390`);

        // ---- search at 390 px: the filters wait behind a toggle; a result's breadcrumb leads back to these results
        await page.goto(url(journey.search(journey.keyWord)));
        const results = page.getByTestId('search-result');
        await results.first().waitFor({ state: 'visible' });
        await expectCount(page.getByTestId('page-skeleton'), 0);
        const filtersToggle = page.getByTestId('search-filters-toggle');
        expect(await filtersToggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByTestId('search-field-of-law').isVisible()).toBe(false);
        await checkScreen(`search ${journey.language} 390`);
        await filtersToggle.click();
        await page.getByTestId('search-field-of-law').waitFor({ state: 'visible' });
        await checkScreen(`search with the filters open ${journey.language} 390`);
        const searchAddress = new URL(page.url());
        const firstTitle = normalizeSpaces(await results.first().locator('.result__title').innerText());
        await results.first().locator('.result__title a').click();
        await expectFocusOnHeading(page, firstTitle);
        await checkScreen(`document from search ${journey.language} 390`);
        await page.getByTestId('breadcrumb-search').click();
        await expectLocation(page, searchAddress.pathname, searchAddress.search);
        await expectFocusOnHeading(page, journey.searchTitle);
        await results.first().waitFor({ state: 'visible' });

        // ---- the uploader's page, a purchase summary, the payment return (still waiting) and cancel pages
        for (const [path, heading, ready] of [
          [journey.uploader(kadri.userId), journey.uploaderTitle, 'search-result'],
          [journey.summary(paidPurchaseId), journey.summaryTitle, 'purchase-status'],
          [journey.paymentReturn(unpaidPurchaseId), journey.returnTitle, 'payment-waiting'],
          [journey.paymentCancel, journey.cancelTitle, 'payment-canceled'],
        ] as const) {
          await page.goto(url(path));
          await expectText(page.getByRole('heading', { level: 1 }), heading);
          await page.getByTestId(ready).first().waitFor({ state: 'visible' });
          await checkScreen(`${path} 390`);
        }

        // ---- a paid document: the basket question, focus back to the opener, then "In cart"
        await page.goto(url(journey.document(paid.slug)));
        await expectText(page.getByTestId('document-title'), paid.title);
        await checkScreen(`document ${journey.language} 390`);
        const add = page.getByTestId('add-to-cart');
        await add.click();
        const modal = page.getByTestId('modal');
        await expectText(modal.getByRole('heading'), journey.addConfirmTitle);
        await expectFocusOn(page, 'modal-confirm');
        await expectNoAxeViolations(page, `basket question ${journey.language} 390`);
        await modal.getByTestId('modal-cancel').click();
        await modal.waitFor({ state: 'detached' });
        await expectFocusOn(page, 'add-to-cart');
        await add.click();
        await modal.getByTestId('modal-confirm').click();
        await modal.waitFor({ state: 'detached' });
        const inBasket = page.getByTestId('in-basket');
        await inBasket.waitFor({ state: 'visible' });
        await expectCount(add, 0);
        await expectFocusOn(page, 'in-basket');
        await checkScreen(`document in the basket ${journey.language} 390`);

        // ---- the cart, opened from "In cart"
        await inBasket.click();
        await expectLocation(page, journey.cart);
        await expectFocusOnHeading(page, journey.cartTitle);
        await expectCount(page.getByTestId('cart-line'), 1);
        await checkScreen(`cart ${journey.language} 390`);
        await screenshot(page, `site-cart-${journey.language}-390`);

        // ---- a 1000 € document too: the sum is wider than the shop's name leaves room for, and a long
        // title takes the cart line's whole width, wrapping between words
        const pricey = await api.documentTitled('Share Purchase Agreement (Estonian OÜ)');
        await page.goto(url(journey.document(pricey.slug)));
        await page.getByTestId('add-to-cart').click();
        await modal.getByTestId('modal-confirm').click();
        await page.getByTestId('in-basket').click();
        await expectLocation(page, journey.cart);
        await expectCount(page.getByTestId('cart-line'), 2);
        await checkScreen(`cart with 1000 € ${journey.language} 390`);
        const widths = await page
          .getByTestId('cart-line')
          .last()
          .evaluate((line) => [
            line.getBoundingClientRect().width,
            line.querySelector('.cart-line__main')!.getBoundingClientRect().width,
          ]);
        expect(widths[1]! / widths[0]!).toBeGreaterThan(0.95);

        // ---- the narrowest phone
        await page.setViewportSize(NARROW_PHONE);
        for (const path of [
          journey.home,
          journey.cart,
          journey.pages[0]!.path,
          journey.search(journey.keyWord),
          journey.uploader(kadri.userId),
          journey.document(paid.slug),
          journey.summary(paidPurchaseId),
          journey.paymentCancel,
        ]) {
          await page.goto(url(path));
          await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
          await expectCount(page.getByTestId('page-skeleton'), 0);
          await expectNoHorizontalOverflow(page, `${path} 320`);
        }

        // ---- an unknown path: HTTP 404 with the app, which shows the error page
        const response = await page.goto(
          url(`${journey.home === '/' ? '' : journey.home}/no-such-page-here`),
        );
        expect(response?.status()).toBe(404);
        await expectLocation(page, '/error');
        await expectText(page.getByTestId('error-message'), journey.notFound);
        await checkScreen(`error page ${journey.language} 320`);

        // ---- the same screens at 1366 px
        await page.setViewportSize(LAPTOP);
        for (const path of [
          journey.home,
          journey.document(paid.slug),
          journey.cart,
          journey.pages[2]!.path,
          journey.search(journey.keyWord),
          journey.summary(paidPurchaseId),
        ]) {
          await page.goto(url(path));
          await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
          await expectCount(page.getByTestId('page-skeleton'), 0);
          await checkScreen(`${path} 1366`);
        }
        expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
        await page.getByTestId('nav-search').waitFor({ state: 'visible' });
        await screenshot(page, `site-terms-${journey.language}-1366`);

        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'a 390 px phone at every text size of the accessibility panel: no page is wider than the screen and no control is cut or outside it: home, search, a document, the cart with its checkout, a static page (issue 27)',
      async () => {
        const paid: DocumentDetail = await api.documentTitled(
          journey.language === 'et' ? 'Tähtajaline tööleping' : 'Employment Contract (Estonia)',
        );
        // A template in the basket, so the cart shows its line and the checkout form (payer, method, ticks).
        await page.goto(url(journey.document(paid.slug)));
        await acceptCookies(page);
        await page.getByTestId('add-to-cart').click();
        await page.getByTestId('modal-confirm').click();
        await page.getByTestId('in-basket').waitFor({ state: 'visible' });
        const found: string[] = [];
        for (const textSize of TEXT_SIZES) {
          await context.addCookies([
            { name: 'lepinguturg.accessibility', value: `${textSize} contrast-normal`, url: server.url },
          ]);
          for (const path of [
            journey.home,
            journey.search(journey.keyWord),
            journey.document(paid.slug),
            journey.cart,
            journey.pages[2]!.path,
          ]) {
            await page.goto(url(path));
            await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
            await expectCount(page.getByTestId('page-skeleton'), 0);
            if (path === journey.cart) await page.getByTestId('checkout-email').waitFor();
            expect(
              await page.evaluate((size) => document.documentElement.classList.contains(size), textSize),
            ).toBe(true);
            await expectNoHorizontalOverflow(page, `${path} 390 ${textSize}`);
            await expectClearTopBar(page, `${path} 390 ${textSize}`);
            const { misplaced } = await misplacedControls(page);
            for (const { control, why } of misplaced)
              found.push(`${path} 390 ${textSize}: ${control} ${why}`);
          }
        }
        expect(found).toEqual([]);
        expect(pageErrors.map((error) => error.message)).toEqual([]);
      },
      JOURNEY_TIMEOUT_MS,
    );
  });

  it(
    'the cookie banner and the accessibility choices hold over a reload, read from the page without waiting on document.cookie',
    async () => {
      // Every read of document.cookie the pages make, counted from before their scripts run.
      await context.addInitScript(() => {
        const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
        const counted = window as unknown as { cookieReads: number };
        counted.cookieReads = 0;
        Object.defineProperty(Document.prototype, 'cookie', {
          configurable: true,
          get(this: Document) {
            counted.cookieReads += 1;
            return cookie.get!.call(this) as string;
          },
          set(this: Document, value: string) {
            cookie.set!.call(this, value);
          },
        });
      });
      const cookieReads = () =>
        page.evaluate(() => (window as unknown as { cookieReads: number }).cookieReads);
      await page.setViewportSize(LAPTOP);
      await page.goto(url('/otsing'));
      await page.getByTestId('search-result').first().waitFor({ state: 'visible' });
      expect(await cookieReads()).toBe(0);
      await acceptCookies(page);
      await page.getByTestId('accessibility-toggle').click();
      const panel = page.getByTestId('accessibility-panel');
      await panel.locator('input[name="font-size"][value="font-largest"]').check();
      await panel.locator('input[name="contrast"][value="contrast-high"]').check();
      const rootClasses = () => page.evaluate(() => Array.from(document.documentElement.classList).sort());
      await eventually(async () => expect(await rootClasses()).toEqual(['contrast-high', 'font-largest']));

      await page.reload();
      await page.getByTestId('search-result').first().waitFor({ state: 'visible' });
      expect(await rootClasses()).toEqual(['contrast-high', 'font-largest']);
      await expectCount(page.getByTestId('cookie-banner'), 0);
      expect(await cookieReads()).toBe(0);
      // At the largest size a 1366 px window is 57 rem wide: the top bar keeps its tools behind the menu
      // button, as a tablet's does, rather than running past the window (issue 27).
      await page.getByTestId('menu-button').click();
      await page.getByTestId('accessibility-toggle').click();
      expect(await panel.locator('input[name="font-size"][value="font-largest"]').isChecked()).toBe(true);
      expect(await panel.locator('input[name="contrast"][value="contrast-high"]').isChecked()).toBe(true);
      expect(pageErrors.map((error) => error.message)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  // Before the admin's journey, which pays out the payout Kadri requests here.
  it(
    'the uploader in English at 390 px: My documents, the upload screens, My sales, the payout request and My payouts fit, axe finds nothing, focus on each heading and back after each question',
    async () => {
      await page.goto(url('/en/admin/user/files'));
      await expectHostedPage(page, 'Sign in', SIGN_IN_TIMEOUT_MS);
      await submitSignIn(page, DEMO.uploader.email, DEMO.uploader.password);
      await expectLocation(page, '/en/admin/user/files', undefined, SIGN_IN_TIMEOUT_MS);
      await acceptCookies(page);
      const rows = page.getByTestId('my-document-row');
      await rows.first().waitFor({ state: 'visible' });
      await checkScreen('My documents en 390');

      // ---- unpublish and publish again: after each question focus is back on the row's button
      const title = normalizeSpaces(await rows.last().locator('td').first().innerText());
      const row = rows.filter({ has: page.getByRole('link', { name: title, exact: true }) });
      const modal = page.getByTestId('modal');
      await row.getByTestId('my-document-unpublish').click();
      await expectNoAxeViolations(page, 'unpublish question en 390');
      await modal.getByTestId('modal-confirm').click();
      await row.getByTestId('my-document-publish').waitFor({ state: 'visible' });
      await expectFocusOn(page, 'my-document-publish');
      await row.getByTestId('my-document-publish').click();
      await modal.getByTestId('modal-confirm').click();
      await row.getByTestId('my-document-unpublish').waitFor({ state: 'visible' });
      await expectFocusOn(page, 'my-document-unpublish');

      // ---- Add document and Edit document
      await page.getByTestId('my-documents-add').click();
      await expectFocusOnHeading(page, 'Add document');
      await checkScreen('Add document en 390');
      await page.goBack();
      await row.getByTestId('my-document-edit').click();
      await expectFocusOnHeading(page, 'Edit document');
      await expectCount(page.getByTestId('page-skeleton'), 0);
      await page.getByTestId('file-row').first().waitFor({ state: 'visible' });
      await checkScreen('Edit document en 390');

      // ---- My sales, the payout request (the question, cancelled and then confirmed), My payouts
      const openFromMenu = async (name: string, heading: string) => {
        await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId(`sidebar-item-${name}`).click();
        await expectFocusOnHeading(page, heading);
        await expectCount(page.getByTestId('page-skeleton'), 0);
      };
      await openFromMenu('usersales', 'My sales');
      await page.getByTestId('sales-chart').waitFor({ state: 'visible' });
      await checkScreen('My sales en 390');
      await page.getByTestId('request-payout').click();
      await expectFocusOnHeading(page, 'Payout request');
      await page.getByTestId('payout-amount').waitFor({ state: 'visible' });
      await checkScreen('Payout request en 390');
      await page.getByTestId('payout-iban').fill('EE38 2200 2210 2014 5685');
      await page.getByLabel('The account is in my name.').check();
      await page.getByTestId('payout-submit').click();
      await expectNoAxeViolations(page, 'payout question en 390');
      await modal.getByTestId('modal-cancel').click();
      await modal.waitFor({ state: 'detached' });
      await expectFocusOn(page, 'payout-submit');
      await page.getByTestId('payout-submit').click();
      await modal.getByTestId('modal-confirm').click();
      await expectLocation(page, '/en/admin/user/payouts');
      await expectFocusOnHeading(page, 'My payouts');
      await page.getByTestId('my-payout-row').first().waitFor({ state: 'visible' });
      await checkScreen('My payouts en 390');
      await openFromMenu('userpurchases', 'My purchases');
      await checkScreen('My purchases en 390');
      expect(pageErrors.map((error) => error.message)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'signed in: My data with the sidebar as a menu at 390 px; the Estonian users table whole at 1366 px; focus back after each question',
    async () => {
      await page.goto(url('/'));
      await acceptCookies(page);
      await page.getByTestId('menu-button').click();
      await page.getByTestId('signin-button').click();
      await page.locator('#email').waitFor({ state: 'visible', timeout: SIGN_IN_TIMEOUT_MS });
      await submitSignIn(page, DEMO.admin.email, DEMO.admin.password);
      await expectLocation(page, '/', '', SIGN_IN_TIMEOUT_MS);

      // ---- My data at 390 px: the sidebar is a closed menu above the page
      await page.goto(url('/admin/user/edit'));
      await page.getByTestId('profile-form').waitFor({ state: 'visible' });
      const toggle = page.getByTestId('sidebar-toggle');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByTestId('sidebar-item-adminusers').isVisible()).toBe(false);
      await checkScreen('My data 390');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByTestId('sidebar-item-adminusers').waitFor({ state: 'visible' });
      await checkScreen('My data with the menu open 390');
      await page.getByTestId('sidebar-item-adminusers').click();
      await expectLocation(page, '/admin/users');
      await expectFocusOnHeading(page, 'Kasutajad');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await checkScreen('admin users 390');

      // ---- the users table at 1366 px in Estonian: every column visible, nothing clipped
      await page.setViewportSize(LAPTOP);
      await page.getByTestId('admin-users-table').waitFor({ state: 'visible' });
      const fits = await page.evaluate(() => {
        const wrap = document.querySelector<HTMLElement>('.table-wrap')!;
        const wrapBox = wrap.getBoundingClientRect();
        const buttons = Array.from(document.querySelectorAll<HTMLElement>('.table__actions button'));
        return {
          scrolls: wrap.scrollWidth > wrap.clientWidth,
          buttons: buttons.length,
          clipped: buttons.filter((button) => button.getBoundingClientRect().right > wrapBox.right + 0.5)
            .length,
        };
      });
      expect(fits.buttons).toBeGreaterThan(0);
      expect(fits).toEqual({ scrolls: false, buttons: fits.buttons, clipped: 0 });
      await checkScreen('admin users 1366');
      await screenshot(page, 'site-admin-users-et-1366');

      // ---- grant, then the revoke question reads as a question; focus stays on the row's button
      const row = page.locator(`[data-testid=admin-user-row][data-email="${DEMO.buyer.email}"]`);
      const modal = page.getByTestId('modal');
      await row.getByTestId('admin-user-grant').click();
      await expectNoAxeViolations(page, 'grant question');
      await modal.getByTestId('modal-confirm').click();
      await modal.waitFor({ state: 'detached' });
      const revoke = row.getByTestId('admin-user-revoke');
      await revoke.waitFor({ state: 'visible' });
      await expectFocusOn(page, 'admin-user-revoke');
      await revoke.click();
      await expectTextContaining(
        modal,
        `Kas võtta kasutajalt ${DEMO.buyer.fullName} adminiõigused? Ta ei saa siis enam hallata kasutajaid`,
      );
      await modal.getByTestId('modal-cancel').click();
      await modal.waitFor({ state: 'detached' });
      await expectFocusOn(page, 'admin-user-revoke');
      await revoke.click();
      await modal.getByTestId('modal-confirm').click();
      await row.getByTestId('admin-user-grant').waitFor({ state: 'visible' });
      await expectFocusOn(page, 'admin-user-grant');
      expect(normalizeSpaces(await row.getByTestId('admin-user-grant').innerText())).toMatch(
        /^Tee adminiks\b/,
      );

      // ---- every other screen of the admin area at 390 px, opened from the menu or from its list
      await page.setViewportSize(PHONE);
      const openFromMenu = async (name: string, heading: string) => {
        await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId(`sidebar-item-${name}`).click();
        await expectFocusOnHeading(page, heading);
        await expectCount(page.getByTestId('page-skeleton'), 0);
      };
      for (const [name, heading, ready] of [
        ['dashboard', 'Töölaud', 'main figure'],
        ['userpurchases', 'Minu ostud', 'main h1'],
        ['admininvoices', 'Arved', 'main h1'],
        ['adminreports', 'Aruanded', '[data-testid=projection-rebuild]'],
        ['accountingjournal', 'Päevaraamat', '[data-testid=journal-row]'],
        ['accountingreport', 'Võrdlusaruanne', '[data-testid=report-verdict]'],
        ['adminpurchases', 'Ostud', '[data-testid=admin-purchase-row]'],
      ] as const) {
        await openFromMenu(name, heading);
        await page.locator(ready).first().waitFor({ state: 'visible' });
        await checkScreen(`${name} et 390`);
      }
      const purchaseLink = page.getByTestId('admin-purchase-row').first().getByRole('link').first();
      const purchaseNumber = normalizeSpaces(await purchaseLink.innerText());
      await purchaseLink.click();
      await expectFocusOnHeading(page, `Ost ${purchaseNumber}`);
      await page.getByTestId('admin-purchase-history').waitFor({ state: 'visible' });
      await checkScreen('admin purchase et 390');

      // ---- Kadri's payout (requested in the uploader's journey): rejected, and focus on the heading after the question
      await openFromMenu('adminpayouts', 'Väljamaksed');
      const payoutRow = page.getByTestId('admin-payout-row').filter({ hasText: DEMO.uploader.fullName });
      await payoutRow.first().waitFor({ state: 'visible' });
      await checkScreen('admin payouts et 390');
      await payoutRow.first().getByTestId('admin-payout-edit').click();
      await expectFocusOnHeading(page, 'Väljamakse');
      await page.getByTestId('payout-payee').waitFor({ state: 'visible' });
      await checkScreen('payout et 390');
      // A payout is paid through a payout file (money journey); one not yet in a file can be rejected here.
      await page.getByLabel('Põhjus').fill('Konto omaniku nimi ei klapi');
      await page.getByTestId('payout-reject').click();
      await modal.getByTestId('modal-confirm').click();
      await expectText(page.getByTestId('payout-status'), 'Tagasi lükatud');
      await expectFocusOnHeading(page, 'Väljamakse');
      await checkScreen('rejected payout et 390');
      expect(pageErrors.map((error) => error.message)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
