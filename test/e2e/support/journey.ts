/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';

export type Language = 'et' | 'en';

/** Collapses every kind of white space (Intl puts a no-break space before €) into one plain space. */
export function normalizeSpaces(text: string | null): string {
  return (text ?? '').replace(/\s+/gu, ' ').trim();
}

/**
 * Retries an assertion until it passes or the time is up (then throws its last failure): a polling
 * loop for things that settle after a request, never a fixed sleep.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Waits until the element's visible text (white space normalized) is exactly `expected`. */
export async function expectText(locator: Locator, expected: string, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => expect(normalizeSpaces(await locator.innerText())).toBe(expected), {
    timeoutMs,
  });
}

/** Waits until the element's visible text contains `expected`. */
export async function expectTextContaining(
  locator: Locator,
  expected: string,
  timeoutMs = 10_000,
): Promise<void> {
  await eventually(async () => expect(normalizeSpaces(await locator.innerText())).toContain(expected), {
    timeoutMs,
  });
}

/** Waits until the locator matches exactly `count` elements. */
export async function expectCount(locator: Locator, count: number, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => expect(await locator.count()).toBe(count), { timeoutMs });
}

/** Waits until the page's path (and query, when given) is the expected one. */
export async function expectLocation(page: Page, pathname: string, search?: string, timeoutMs = 10_000) {
  await eventually(
    () => {
      const url = new URL(page.url());
      expect(url.pathname).toBe(pathname);
      if (search !== undefined) expect(url.search).toBe(search);
    },
    { timeoutMs },
  );
  // A page loaded anew (a redirect back from the identity provider or the gateway) is the app's first.
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
    undefined,
    { timeout: timeoutMs },
  );
}

/**
 * Euro cents as a person reads them, written out by hand (not with Intl) so the test does not copy the
 * client: 1490 -> '14,90 €' (et) / '€14.90' (en). Only for amounts below 1000 € (no grouping).
 */
export function money(cents: number, language: Language): string {
  if (!Number.isInteger(cents) || cents < 0 || cents >= 100_000) {
    throw new RangeError(`money() handles 0..99999 cents, got ${cents}`);
  }
  const euros = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return language === 'et' ? `${euros},${rest} €` : `€${euros}.${rest}`;
}

/** A money element shows the amount as text and carries it in data-cents. */
export async function expectMoney(locator: Locator, cents: number, language: Language, timeoutMs = 10_000) {
  await eventually(
    async () => {
      expect(await locator.getAttribute('data-cents')).toBe(String(cents));
      expect(normalizeSpaces(await locator.innerText())).toBe(money(cents, language));
    },
    { timeoutMs },
  );
}

/** SPEC §9 / server/src/domain/shared/fees.ts, restated: VAT 24 % contained in the listed price, service fee 20 % of the rest. */
export const VAT_RATE_BASIS_POINTS = 2400;
export const SERVICE_FEE_BASIS_POINTS = 2000;

function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface ExpectedTotals {
  subtotal: number;
  vat: number;
  serviceFee: number;
  total: number;
}

/**
 * The basket's totals for these listed (Estonian consumer) prices, before the buyer's country is known:
 * each price's net (price − its 24 % VAT, half up), the service fee on each net, and Estonian VAT on the
 * sum of the nets, rounded once (docs/decisions/vat-on-the-document.md).
 */
export function expectedTotals(prices: readonly number[]): ExpectedTotals {
  let subtotal = 0;
  let serviceFee = 0;
  for (const price of prices) {
    const net = price - divideRoundHalfUp(price * VAT_RATE_BASIS_POINTS, 10_000 + VAT_RATE_BASIS_POINTS);
    subtotal += net;
    serviceFee += divideRoundHalfUp(net * SERVICE_FEE_BASIS_POINTS, 10_000);
  }
  const vat = divideRoundHalfUp(subtotal * VAT_RATE_BASIS_POINTS, 10_000);
  return { subtotal, vat, serviceFee, total: subtotal + vat };
}

/** Collects uncaught page errors so a journey can assert the app did not crash along the way. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The cookie banner is in the way at the bottom of the page: accept it like a visitor would. */
export async function acceptCookies(page: Page): Promise<void> {
  const banner = page.getByTestId('cookie-banner');
  await banner.waitFor({ state: 'visible' });
  await page.getByTestId('cookie-ok').click();
  await banner.waitFor({ state: 'detached' });
}

/** Saves a full-page screenshot when E2E_SCREENSHOT_DIR is set (kept outside the repository). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** A Content-Security-Policy violation as the browser reported it. */
export interface CspViolation {
  readonly page: string;
  readonly directive: string;
  readonly blocked: string;
}

/**
 * Collects every Content-Security-Policy violation in the context's pages, from both places a browser
 * tells: the `securitypolicyviolation` event (reported through a binding, so navigations keep it) and
 * the console's "Refused to …" messages. A journey ends with `expect(violations).toEqual([])`.
 */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  // A string: this runs in the page, which the test project's TypeScript (no DOM library) does not know.
  await context.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation?.({
        page: location.href,
        directive: event.violatedDirective,
        blocked: event.blockedURI,
      });
    });
  `);
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: message.text() });
  });
  return violations;
}
