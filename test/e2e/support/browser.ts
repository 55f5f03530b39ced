import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { type CspViolation, collectCspViolations } from './journey';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH wins when set. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Generous limits: the machine has 2 shared cores. */
export const ACTION_TIMEOUT_MS = 15_000;
export const NAVIGATION_TIMEOUT_MS = 30_000;

export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export interface LaunchedBrowser {
  readonly browser: Browser;
  /** The fresh profile folder of this launch; removed by close(). */
  readonly userDataDir: string;
  /** A new, isolated context (own localStorage and cookies) with the journeys' timeouts. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

const violations = new WeakMap<BrowserContext, CspViolation[]>();

/** The mark the app logs a hydration error with (client/src/app/start.tsx). */
const HYDRATION_ERROR = /^\[hydration\]/;

/**
 * Waits until the app has the page: hydrated (a public page the server rendered, whose content shows
 * before its script has run) or rendered in the browser. Pages that are not the app's (the hosted sign-in,
 * the test gateway) have no #root and do not wait.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
  );
}

/**
 * Makes every page of the context wait for the app after page.goto and page.reload, as a person waits
 * for a page to respond: a click before the server-rendered page is hydrated does nothing.
 */
function waitForTheAppOnEveryLoad(context: BrowserContext): void {
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
  });
}

/**
 * Makes closing the context fail when any of its pages found the server's HTML different from what the
 * app renders (a hydration error, logged by the app): every journey closes its contexts, so every journey
 * fails on one.
 */
function failOnHydrationErrors(context: BrowserContext): void {
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text()))
      errors.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await close(...args);
    if (errors.length > 0) throw new Error(`Hydration errors:\n${errors.join('\n')}`);
  };
}

/**
 * The Content-Security-Policy violations the context's pages reported so far (every context made by
 * `newContext` collects them): journeys assert there are none, so the app, the hosted sign-in pages
 * and every page the server serves really work under the policy.
 */
export function cspViolationsOf(context: BrowserContext): CspViolation[] {
  return violations.get(context) ?? [];
}

/** Headless Chromium on a fresh user data dir per launch. */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH');
  const userDataDir = mkdtempSync(join(tmpdir(), 'lepinguturg-e2e-profile-'));
  let persistent: BrowserContext;
  try {
    persistent = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
  const browser = persistent.browser();
  if (!browser) {
    await persistent.close();
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error('The persistent Chromium context has no browser handle');
  }
  return {
    browser,
    userDataDir,
    async newContext(options: BrowserContextOptions = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      violations.set(context, await collectCspViolations(context));
      waitForTheAppOnEveryLoad(context);
      failOnHydrationErrors(context);
      return context;
    },
    async close() {
      try {
        await persistent.close();
      } finally {
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
  };
}

/** describe() when Chromium is installed; otherwise a skipped describe that says why. */
export function describeWithBrowser(title: string, fn: () => void): void {
  if (findChromium() === null) {
    describe.skip(`${title} (no Chromium found: install Debian's chromium to run browser journeys)`, fn);
  } else {
    describe(title, fn);
  }
}
