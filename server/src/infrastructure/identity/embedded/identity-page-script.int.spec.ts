import { existsSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { HOSTED_PAGES_CSS, HOSTED_PAGES_JS } from './identity-page-assets';
import { type PageContext, forgotPasswordPage, signInPage, signUpPage } from './identity-pages';

/**
 * The hosted pages' script in Chromium, on the pages as the server renders them: what a person sees
 * while filling in a form, before anything is posted (the server checks everything again).
 */
const CHROMIUM =
  process.env['CHROMIUM_PATH'] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
const ORIGIN = 'https://lepinguturg.test';

const context = (lang: 'et' | 'en'): PageContext => ({
  lang,
  base: '/oidc/interaction/abc',
  signUpEnabled: true,
  alert: null,
  assets: '/oidc/assets',
  shop: { home: { et: `${ORIGIN}/`, en: `${ORIGIN}/en` } },
});

(CHROMIUM ? describe : describe.skip)("the hosted pages' script (Chromium)", () => {
  let browser: Browser;
  let page: Page;
  let posted: string[];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  }, 30_000);
  afterAll(async () => browser?.close());

  /** Opens `html` at the interaction's address, its style and script served as the server does. */
  async function open(html: string): Promise<void> {
    page = await browser.newPage();
    posted = [];
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'POST') {
        posted.push(url.pathname);
        return route.fulfill({ status: 400, contentType: 'text/html', body: html });
      }
      if (url.pathname.endsWith('/hosted-pages.js'))
        return route.fulfill({ contentType: 'text/javascript', body: HOSTED_PAGES_JS });
      if (url.pathname.endsWith('/hosted-pages.css'))
        return route.fulfill({ contentType: 'text/css', body: HOSTED_PAGES_CSS });
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
    });
    await page.goto(`${ORIGIN}/oidc/interaction/abc`);
  }
  afterEach(async () => page?.close());

  /** Types into the field and leaves it, as a person does. */
  async function fill(id: string, value: string): Promise<void> {
    await page.locator(`#${id}`).fill(value);
    await page.locator(`#${id}`).blur();
  }
  const errorsOf = (id: string) =>
    page.locator(`#${id}-error .field-error, #${id}-live .field-error`).allInnerTexts();
  const button = () => page.locator('form button[type=submit]');

  it("says 'Invalid e-mail' under a malformed address, not 'Please fill in this field.'", async () => {
    await open(signUpPage(context('et'), '', {}));
    await fill('email', 'not-an-email');
    expect(await errorsOf('email')).toEqual(['Vigane e-posti aadress']);
    expect(await page.locator('#email').getAttribute('aria-invalid')).toBe('true');
    await fill('email', 'mari@example.ee');
    expect(await errorsOf('email')).toEqual([]);

    await open(forgotPasswordPage(context('en'), '', {}));
    await fill('email', 'not-an-email');
    expect(await errorsOf('email')).toEqual(['Invalid e-mail']);
    await fill('email', '');
    expect(await errorsOf('email')).toEqual(['Please fill in this field.']);
  });

  it('disables Create Account while a touched field shows an error, and enables it once they are fixed', async () => {
    await open(signUpPage(context('en'), '', {}));
    expect(await button().isEnabled()).toBe(true);
    await fill('email', 'mari@example.ee');
    await fill('password', 'abc');
    await fill('confirm_password', 'abcdef');
    expect([...(await errorsOf('password')), ...(await errorsOf('confirm_password'))]).toEqual([
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
      'Your passwords must match',
    ]);
    expect(await button().isDisabled()).toBe(true);
    // Enter in a field would submit the form: nothing is posted while it shows errors.
    await page.locator('#confirm_password').press('Enter');
    await page.waitForTimeout(200);
    expect(posted).toEqual([]);

    await fill('password', 'Uus#Parool1');
    expect(await button().isDisabled()).toBe(true);
    await fill('confirm_password', 'Uus#Parool1');
    expect(await errorsOf('password')).toEqual([]);
    expect(await errorsOf('confirm_password')).toEqual([]);
    expect(await button().isEnabled()).toBe(true);
    await button().click();
    await page.waitForLoadState();
    expect(posted).toEqual(['/oidc/interaction/abc/sign-up']);
  });

  it("starts disabled on the server's errors, enables once the fields are fixed, and keeps each label tied to its field", async () => {
    await open(
      signUpPage(context('et'), 'not-an-email', {
        email: ['Vigane e-posti aadress'],
        password: ['Palun täitke see väli.'],
        confirm_password: ['Palun täitke see väli.'],
      }),
    );
    expect(await button().isDisabled()).toBe(true);
    await fill('email', 'mari@example.ee');
    await fill('password', 'Uus#Parool1');
    expect(await button().isDisabled()).toBe(true);
    await fill('confirm_password', 'Uus#Parool1');
    expect(await button().isEnabled()).toBe(true);
    // The accessible names come from the visible labels, and the button keeps its text.
    await expect(page.getByLabel('E-post', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Parool', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Kinnita parool', { exact: true }).count()).resolves.toBe(1);
    expect(await page.getByRole('button', { name: 'Loo konto' }).count()).toBe(1);
  });

  it('leaves the sign-in form to the server: it posts whatever was typed', async () => {
    await open(signInPage(context('en'), '', {}));
    await fill('email', 'not-an-email');
    expect(await errorsOf('email')).toEqual([]);
    await button().click();
    await page.waitForLoadState();
    expect(posted).toEqual(['/oidc/interaction/abc/login']);
  });
});
