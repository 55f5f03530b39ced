/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { eventually, normalizeSpaces } from './journey';

/** Phone and laptop widths the site is checked at (issue 11: 390 px and 1366 px; 320 px the narrowest). */
export const PHONE = { width: 390, height: 844 };
export const NARROW_PHONE = { width: 320, height: 640 };
export const LAPTOP = { width: 1366, height: 900 };

/** The page does not scroll sideways: nothing is wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, screen: string): Promise<void> {
  const size = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // The outermost elements that stick out on the right, to say what overflows.
    const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
      .filter(
        (element) =>
          !element.parentElement || element.parentElement.getBoundingClientRect().right <= innerWidth + 0.5,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide };
  });
  const overflows = size.scrollWidth > size.innerWidth;
  expect({ screen, ...size, overflows }).toEqual({ screen, ...size, overflows: false });
}

/**
 * The top bar's items do not cover one another: the part of the shop's name that shows (a phone clips it
 * when the basket's sum leaves it no room) stays clear of the basket link and the menu button.
 */
export async function expectClearTopBar(page: Page, screen: string): Promise<void> {
  const covered = await page.evaluate(() => {
    const name = document.querySelector('.topbar .logo__name');
    const logo = document.querySelector('.topbar .logo');
    if (!name || !logo) return ['no logo'];
    const n = name.getBoundingClientRect();
    const c = logo.getBoundingClientRect();
    const shown = {
      left: Math.max(n.left, c.left),
      right: Math.min(n.right, c.right),
      top: Math.max(n.top, c.top),
      bottom: Math.min(n.bottom, c.bottom),
    };
    if (shown.right - shown.left < 1 || shown.bottom - shown.top < 1) return [];
    return ['[data-testid="basket-link"]', '[data-testid="menu-button"]'].filter((selector) => {
      const element = document.querySelector(selector);
      if (!element) return false;
      const r = element.getBoundingClientRect();
      if (r.width === 0) return false;
      return shown.left < r.right && shown.right > r.left && shown.top < r.bottom && shown.bottom > r.top;
    });
  });
  expect({ screen, covered }).toEqual({ screen, covered: [] });
}

/** Focus is on the page's main heading (after a navigation: app/layout/RouteFocus.tsx). */
export async function expectFocusOnHeading(page: Page, heading: string, timeoutMs = 10_000): Promise<void> {
  await eventually(
    async () => {
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return {
          tag: active?.tagName ?? '',
          text: active?.textContent ?? '',
          inMain: !!active?.closest('main'),
        };
      });
      expect({ ...focused, text: normalizeSpaces(focused.text) }).toEqual({
        tag: 'H1',
        text: heading,
        inMain: true,
      });
    },
    { timeoutMs },
  );
}

/** Focus is on the element with this data-testid. */
export async function expectFocusOn(page: Page, testId: string, timeoutMs = 10_000): Promise<void> {
  await eventually(
    async () =>
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe(
        testId,
      ),
    { timeoutMs },
  );
}
