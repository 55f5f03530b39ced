import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
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
