/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api, type DocumentDetail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser, cspViolationsOf } from './support/browser';
import { DEMO, submitSignIn } from './support/identity';
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
  expectNoHorizontalOverflow,
  LAPTOP,
  NARROW_PHONE,
  PHONE,
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
}

const JOURNEYS: SiteJourney[] = [
  {
    language: 'et',
    home: '/',
    cart: '/ostukorv',
    document: (slug) => `/dokument/${slug}`,
    heroTitle: 'Juriidiliste dokumentide põhjad, kohe kui vajad',
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
    context = await launched.newContext({ viewport: PHONE });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    const violations = context ? [...cspViolationsOf(context)] : [];
    await context?.close();
    // Every page of the journey worked under the Content-Security-Policy (docs/decisions.md).
    expect(violations).toEqual([]);
  });

  /** The page fits the window and axe finds nothing, at the current width. */
  async function checkScreen(screen: string): Promise<void> {
    await expectNoHorizontalOverflow(page, screen);
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

        // ---- the narrowest phone
        await page.setViewportSize(NARROW_PHONE);
        for (const path of [journey.home, journey.cart, journey.pages[0]!.path]) {
          await page.goto(url(path));
          await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
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
  });

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
        const buttons = Array.from(document.querySelectorAll<HTMLElement>('.admin-users__actions button'));
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
      expect(pageErrors.map((error) => error.message)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
