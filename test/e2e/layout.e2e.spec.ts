/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import { DEMO, expectHostedPage, submitSignIn } from './support/identity';
import { acceptCookies, collectPageErrors, expectText } from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 900_000;
const SIGN_IN_TIMEOUT_MS = 20_000;

/** Issue 27 "Layout": the widths the signed-in screens are checked at. */
const WIDTHS = [1366, 1024, 768, 390] as const;
/** The accessibility panel's text sizes (stores/ui-store.ts FONT_CLASSES). */
const TEXT_SIZES = ['font-default', 'font-large', 'font-largest'] as const;

interface Misplaced {
  control: string;
  why: string;
}

/**
 * Every control of the page's main part (buttons, links, fields) lies within the window's width and is not
 * cut by a box that hides its overflow (as "Set as main" was cut to "Mä"). A control inside a box that
 * scrolls sideways (a wide table) may lie beyond that box's visible part only when it can be scrolled to.
 */
async function misplacedControls(page: Page): Promise<{ scrollWidth: number; misplaced: Misplaced[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const misplaced: { control: string; why: string }[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}[${
        element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? ''
      }] "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'main button, main a[href], main input:not([type="hidden"]), main select, main textarea',
      ),
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (control.closest('.visually-hidden')) continue;
      let scroller: HTMLElement | null = null;
      for (
        let parent = control.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (overflowX === 'auto' || overflowX === 'scroll') {
          scroller ??= parent;
          continue;
        }
        // Hidden or clipped: what lies outside the box cannot be seen or reached.
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
          misplaced.push({ control: name(control), why: `cut by ${parent.className || parent.tagName}` });
        }
      }
      if (scroller) {
        // Reachable by scrolling the box; the box itself must fit the window.
        const frame = scroller.getBoundingClientRect();
        if (frame.left < -0.5 || frame.right > width + 0.5)
          misplaced.push({
            control: name(control),
            why: `its scrolling box ${scroller.className} leaves the window`,
          });
      } else if (box.left < -0.5 || box.right > width + 0.5) {
        misplaced.push({
          control: name(control),
          why: `outside the window (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`,
        });
      }
      // Text cut inside the control itself ("Mä" for "Set as main").
      if (
        control.tagName === 'BUTTON' &&
        control.scrollWidth > control.clientWidth + 1 &&
        style.overflow !== 'visible'
      )
        misplaced.push({ control: name(control), why: 'its text is cut' });
    }
    return { scrollWidth: document.documentElement.scrollWidth, misplaced };
  });
}

describeWithBrowser('Signed-in screens fit every width and text size (real server, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  it(
    'no control of the uploader’s screens is cut or outside the window at 1366, 1024, 768 and 390 px, at every text size',
    async () => {
      context = await launched.newContext({ viewport: { width: 1366, height: 900 } });
      page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server.url}/admin/user/dashboard`);
      await expectHostedPage(page, 'Logi sisse', SIGN_IN_TIMEOUT_MS);
      await submitSignIn(page, DEMO.uploader.email, DEMO.uploader.password);
      await expectText(page.getByTestId('user-menu-name'), DEMO.uploader.fullName, SIGN_IN_TIMEOUT_MS);
      await acceptCookies(page);

      // A document of the uploader's with its files: the edit page's files table.
      const api = new Api(server.url);
      const kadri = (
        await api.get<{ items: { id: string; uploader: { id: string } }[] }>('/documents?limit=1')
      ).items[0]!.uploader.id;
      const [own] = (await api.get<{ items: { id: string }[] }>(`/documents?uploaderId=${kadri}&limit=1`))
        .items;
      const screens = [
        '/admin/user/dashboard',
        '/admin/user/files',
        '/admin/user/upload',
        `/admin/user/upload/${own!.id}`,
        '/admin/user/sales',
        '/admin/user/payouts',
        '/admin/user/payout',
        '/admin/user/purchases',
        '/admin/user/edit',
      ];

      const found: unknown[] = [];
      for (const textSize of TEXT_SIZES) {
        await context.addCookies([
          { name: 'lepinguturg.accessibility', value: `${textSize} contrast-normal`, url: server.url },
        ]);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          for (const path of screens) {
            await page.goto(`${server.url}${path}`);
            await page.locator('main h1').first().waitFor();
            await page.waitForLoadState('networkidle');
            expect(
              await page.evaluate((size) => document.documentElement.classList.contains(size), textSize),
            ).toBe(true);
            const { scrollWidth, misplaced } = await misplacedControls(page);
            if (scrollWidth > width || misplaced.length > 0)
              found.push({ path, width, textSize, scrollWidth, misplaced: misplaced.slice(0, 4) });
          }
        }
      }
      expect(found).toEqual([]);
      expect(errors.map((error) => error.message)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
