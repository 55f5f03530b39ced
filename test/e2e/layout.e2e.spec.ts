/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import { DEMO, type DemoAccount, expectHostedPage, submitSignIn } from './support/identity';
import { acceptCookies, collectPageErrors, expectCount, expectText } from './support/journey';
import { afterLayout, misplacedControls, TEXT_SIZES } from './support/layout';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 600_000;
const SIGN_IN_TIMEOUT_MS = 20_000;

/** Issue 27 "Layout": the widths the signed-in screens are checked at. */
const WIDTHS = [1366, 1024, 768, 390] as const;

interface SignedIn {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/**
 * Issue 27: every signed-in screen, at 1366, 1024, 768 and 390 px and at each text size of the
 * accessibility panel, shows all its controls whole and within the window, and is not wider than the
 * window. Each screen loads once per text size (the panel's choice is a cookie read at the start); the
 * window then takes each width in turn, as a user turning a tablet or resizing a window sees it.
 */
describeWithBrowser('Signed-in screens fit every width and text size (real server, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  const sessions = new Map<string, SignedIn>();

  beforeAll(async () => {
    server = await startTestServer();
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const { context } of sessions.values()) await context.close();
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  /** The account's signed-in browser context (one per account, signed in once). */
  async function signedIn(account: DemoAccount): Promise<SignedIn> {
    const known = sessions.get(account.email);
    if (known) return known;
    const context = await launched.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/admin/user/edit`);
    await expectHostedPage(page, 'Logi sisse', SIGN_IN_TIMEOUT_MS);
    await submitSignIn(page, account.email, account.password);
    await expectText(page.getByTestId('user-menu-name'), account.fullName, SIGN_IN_TIMEOUT_MS);
    await acceptCookies(page);
    const session = { context, page, errors };
    sessions.set(account.email, session);
    return session;
  }

  /** Opens a screen and waits until its data is in (no skeleton, no request under way). */
  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectCount(page.getByTestId('page-skeleton'), 0);
  }

  /** The first link of the screen whose address starts with `prefix` (a row's detail page). */
  async function firstLink(page: Page, listPath: string, prefix: string): Promise<string> {
    await open(page, listPath);
    const link = page.locator(`main a[href^="${prefix}"]`).first();
    await link.waitFor();
    return new URL((await link.getAttribute('href'))!, server.url).pathname;
  }

  /** Walks the screens at every text size and width; answers what does not fit, one line each. */
  async function walk({ context, page, errors }: SignedIn, screens: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const textSize of TEXT_SIZES) {
      await context.addCookies([
        { name: 'lepinguturg.accessibility', value: `${textSize} contrast-normal`, url: server.url },
      ]);
      for (const path of screens) {
        await open(page, path);
        expect(
          await page.evaluate((size) => document.documentElement.classList.contains(size), textSize),
        ).toBe(true);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await afterLayout(page);
          const { scrollWidth, misplaced } = await misplacedControls(page);
          const where = `${path} ${width} px ${textSize}`;
          if (scrollWidth > width) found.push(`${where}: the page is ${scrollWidth} px wide`);
          for (const { control, why } of misplaced.slice(0, 3)) found.push(`${where}: ${control} ${why}`);
          if (misplaced.length > 3) found.push(`${where}: and ${misplaced.length - 3} more`);
        }
      }
    }
    expect(errors.map((error) => error.message)).toEqual([]);
    return found;
  }

  it(
    'the uploader’s screens: upload, a document’s edit page with its files, My documents, My sales, the payout request, My payouts, My purchases, My data',
    async () => {
      const uploader = await signedIn(DEMO.uploader);
      const api = new Api(server.url);
      const kadri = (
        await api.get<{ items: { id: string; uploader: { id: string; name: string } }[] }>(
          '/documents?limit=1',
        )
      ).items[0]!.uploader.id;
      const [own] = (await api.get<{ items: { id: string }[] }>(`/documents?uploaderId=${kadri}&limit=1`))
        .items;
      const screens = [
        '/admin/user/upload',
        `/admin/user/upload/${own!.id}`,
        '/admin/user/files',
        '/admin/user/sales',
        '/admin/user/payout',
        '/admin/user/payouts',
        '/admin/user/purchases',
        '/admin/user/edit',
      ];
      // The edit page shows the document's files (the table that was wider than its card).
      await open(uploader.page, screens[1]!);
      expect(await uploader.page.locator('main table').count()).toBeGreaterThan(0);
      expect(await walk(uploader, screens)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the admin’s screens: dashboard, payouts with a payout and the payout files, purchases with a purchase, users, invoices, reports',
    async () => {
      const admin = await signedIn(DEMO.admin);
      const purchase = await firstLink(admin.page, '/admin/purchases', '/admin/purchases/');
      const payout = await firstLink(admin.page, '/admin/payouts', '/admin/payouts/edit/');
      const screens = [
        '/admin/user/dashboard',
        '/admin/payouts',
        payout,
        '/admin/payouts/files',
        '/admin/purchases',
        purchase,
        '/admin/users',
        '/admin/invoices',
        '/admin/reports',
      ];
      expect(await walk(admin, screens)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the accountant’s screens (journal, reconciliation, VAT returns) and a buyer’s My purchases',
    async () => {
      // The admin makes the demo buyer an accountant, as in the money journey.
      const admin = await signedIn(DEMO.admin);
      await open(admin.page, '/admin/users?q=ostja');
      await admin.page.getByTestId('admin-user-grant-accountant').click();
      await admin.page.getByTestId('modal-confirm').click();
      await admin.page.getByTestId('admin-user-accountant-badge').waitFor();
      const accountant = await signedIn(DEMO.buyer);
      const screens = [
        '/admin/accounting/journal',
        '/admin/accounting/report',
        '/admin/accounting/vat',
        '/admin/user/purchases',
      ];
      // The buyer's own purchases are listed (the demo history's).
      await open(accountant.page, '/admin/user/purchases');
      expect(await accountant.page.locator('main table tbody tr, main li').count()).toBeGreaterThan(0);
      expect(await walk(accountant, screens)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
