/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { eventually, normalizeSpaces } from './journey';

/** Phone and laptop widths the site is checked at (issue 11: 390 px and 1366 px; 320 px the narrowest). */
export const PHONE = { width: 390, height: 844 };
export const NARROW_PHONE = { width: 320, height: 640 };
export const LAPTOP = { width: 1366, height: 900 };

/** The accessibility panel's text sizes (client/src/stores/ui-store.ts FONT_CLASSES), smallest first. */
export const TEXT_SIZES = ['font-default', 'font-large', 'font-largest'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/** A control of the page that a user cannot see whole or reach, and why. */
export interface MisplacedControl {
  control: string;
  why: string;
}

/**
 * Every control of the page's main part (buttons, links, fields) lies within the window's width and is not
 * cut by a box that hides its overflow (as "Set as main" was cut to "Mä", issue 27). A control inside a box
 * that scrolls sideways (a wide table in its wrapper) may lie beyond that box's visible part only when the
 * box itself fits the window, so it can be scrolled to. Also answers the page's width, which must not
 * exceed the window's.
 */
export async function misplacedControls(
  page: Page,
): Promise<{ innerWidth: number; scrollWidth: number; misplaced: MisplacedControl[] }> {
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
          break;
        }
      }
      if (scroller) {
        // Reachable by scrolling the box; the box itself must fit the window.
        const frame = scroller.getBoundingClientRect();
        if (frame.left < -0.5 || frame.right > width + 0.5)
          misplaced.push({
            control: name(control),
            why: `its scrolling box ${scroller.className} leaves the window (${Math.round(frame.left)}–${Math.round(frame.right)} of ${width})`,
          });
      } else if (box.left < -0.5 || box.right > width + 0.5) {
        misplaced.push({
          control: name(control),
          why: `outside the window (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`,
        });
      }
      // Text cut inside the control itself ("Mä" for "Set as main").
      if (
        (control.tagName === 'BUTTON' || control.tagName === 'A') &&
        control.scrollWidth > control.clientWidth + 1 &&
        style.overflowX !== 'visible'
      )
        misplaced.push({ control: name(control), why: 'its text is cut' });
    }
    return { innerWidth: width, scrollWidth: document.documentElement.scrollWidth, misplaced };
  });
}

/** Waits until the browser has laid out and painted the page after a change of the window's size. */
export async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

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
