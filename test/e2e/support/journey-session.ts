import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, type TestServerOptions, startTestServer } from '../../support/test-server';
import { type LaunchedBrowser, launchBrowser } from './browser';
import { type DemoAccount, expectHostedPage, submitSignIn } from './identity';
import { acceptCookies, collectPageErrors, expectText } from './journey';

export const SERVER_START_TIMEOUT_MS = 120_000;
const SIGN_IN_TIMEOUT_MS = 20_000;

export interface JourneyPage {
  readonly page: Page;
  /** The page's script errors and CSP violations, collected from its first load. */
  readonly errors: Error[];
}

export interface JourneySession {
  /** The server of the describe block (set once its beforeAll has run). */
  readonly server: TestServer;
  /** A page in a browser context of its own (downloads accepted), closed after the block. */
  newPage(): Promise<JourneyPage>;
  /** A new page signed in as `account` through the hosted sign-in page, opened at `path`, cookies accepted. */
  signedIn(account: DemoAccount, path: string): Promise<JourneyPage>;
}

/**
 * One server and one Chromium for a describe block of journeys: started before its tests, closed after
 * them with every context opened. Call it in the describe block's body.
 */
export function journeySession(options: TestServerOptions = {}): JourneySession {
  let server: TestServer | undefined;
  let launched: LaunchedBrowser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer(options);
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  const current = (): TestServer => {
    if (!server) throw new Error('journeySession: the server starts in beforeAll');
    return server;
  };

  const newPage = async (): Promise<JourneyPage> => {
    if (!launched) throw new Error('journeySession: the browser starts in beforeAll');
    const context = await launched.newContext({ acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: collectPageErrors(page) };
  };

  return {
    get server(): TestServer {
      return current();
    },
    newPage,
    async signedIn(account, path) {
      const opened = await newPage();
      await opened.page.goto(`${current().url}${path}`);
      const title = path.startsWith('/en/') || path === '/en' ? 'Sign in' : 'Logi sisse';
      await expectHostedPage(opened.page, title, SIGN_IN_TIMEOUT_MS);
      await submitSignIn(opened.page, account.email, account.password);
      await expectText(opened.page.getByTestId('user-menu-name'), account.fullName, SIGN_IN_TIMEOUT_MS);
      await acceptCookies(opened.page);
      return opened;
    },
  };
}
