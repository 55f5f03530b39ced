import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { expectNoAxeViolations } from './support/axe';
import { cspViolationsOf, describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import {
  codeInMail,
  expectHostedPage,
  hostedAlert,
  newestMail,
  submitCode,
  submitSignIn,
} from './support/identity';
import {
  acceptCookies,
  collectPageErrors,
  expectCount,
  expectLocation,
  expectText,
  expectTextContaining,
  normalizeSpaces,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 180_000;
const SIGN_IN_TIMEOUT_MS = 20_000;
const PASSWORD = 'Tugev#Parool42';

/** The hosted pages' English texts (server/src/infrastructure/identity/embedded/identity-messages.ts). */
const HOSTED = {
  signIn: 'Sign in',
  confirm: 'We Emailed You',
  confirmMail: 'Your Lepinguturg verification code',
  offerMfa: 'Protect your account',
  verifyContact: 'Account recovery requires verified contact information',
  verifyContactCode: 'Confirm your contact',
  mfaEmail: 'Confirm Email Code',
  mfaMail: 'Your Lepinguturg sign-in code',
  setupEmail: 'Set up e-mail codes',
  resetPassword: 'Reset Password',
  resetMail: 'Reset your Lepinguturg password',
  testProvider: 'Test identity provider',
} as const;

/** A mobile number of Estonia (5xx xxxx) that nobody else in this run uses. */
const mobile = (): string => `5${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;

describeWithBrowser('Sign-in options (embedded provider, its test provider and SMS outbox, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: Error[];
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  beforeEach(async () => {
    context = await launched.newContext();
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });
  afterEach(async () => {
    const violations = context ? [...cspViolationsOf(context)] : [];
    await context?.close();
    expect(violations).toEqual([]);
  });

  /** From the English home page, the top bar's "Sign in" to the hosted sign-in page. */
  async function openSignIn(on: Page = page): Promise<void> {
    await on.getByTestId('signin-button').click();
    await expectHostedPage(on, HOSTED.signIn, SIGN_IN_TIMEOUT_MS);
  }

  async function expectSignedIn(on: Page, name: string): Promise<void> {
    await expectText(on.getByTestId('user-menu-name'), name, SIGN_IN_TIMEOUT_MS);
  }

  async function signOut(on: Page = page): Promise<void> {
    await on.getByTestId('user-menu-button').click();
    await on.getByTestId('user-menu-signout').click();
    await on.getByTestId('signin-button').waitFor({ state: 'visible', timeout: SIGN_IN_TIMEOUT_MS });
  }

  /** Signs up on the hosted pages and confirms with the mailed code; ends on the second-factor offer. */
  async function signUp(email: string, extra: (on: Page) => Promise<void> = async () => {}): Promise<void> {
    await page.goto(url('/en'));
    await acceptCookies(page);
    await openSignIn();
    await page.locator('.tabs a', { hasText: 'Create Account' }).click();
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#confirm_password').fill(PASSWORD);
    await extra(page);
    await page.locator('form[action$="/sign-up"] button[type=submit]').click();
    await expectHostedPage(page, HOSTED.confirm);
    await submitCode(page, codeInMail((await newestMail(server.url, email, HOSTED.confirmMail)).text));
    await expectHostedPage(page, HOSTED.offerMfa);
  }

  it(
    'signs in with the test provider: a new account from the verified address, the same one next time',
    async () => {
      const email = `liis.${randomUUID().slice(0, 8)}@example.ee`;
      await page.goto(url('/en'));
      await acceptCookies(page);
      await openSignIn();
      // SPEC §2: the social buttons after an "or" divider.
      await expectText(page.locator('.divider'), 'or');
      await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
      await expectText(page.locator('main h1'), HOSTED.testProvider, SIGN_IN_TIMEOUT_MS);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('First name').fill('Liis');
      await page.getByLabel('Last name').fill('Lepp');
      await page.getByRole('button', { name: 'Sign in to the test provider' }).click();
      await expectHostedPage(page, HOSTED.offerMfa, SIGN_IN_TIMEOUT_MS);
      await page.locator('form[action$="/offer-mfa/skip"] button').click();

      // Back in the shop, signed in; a new person goes to My data for the terms.
      await expectSignedIn(page, email);
      await expectLocation(page, '/en/admin/user/edit', undefined, SIGN_IN_TIMEOUT_MS);
      await expectText(page.getByTestId('linked-providers'), 'Test IdP');
      await screenshot(page, 'my-data-linked-test-provider');
      await signOut();

      // Next time, the same external identity is the same account, without a question.
      await openSignIn();
      await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in to the test provider' }).click();
      await expectSignedIn(page, email);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'signs up with a phone number and verifies it with the SMS code from the dev mailbox in the verify step',
    async () => {
      const email = `telefon.${randomUUID().slice(0, 8)}@example.ee`;
      const number = mobile();
      await signUp(email, async (on) => {
        await on.getByLabel('First name').fill('Jaan');
        await on.getByLabel('Last name').fill('Tamm');
        await on.getByLabel('Country code').selectOption('+372');
        await on.getByLabel('Phone Number').fill(`${number.slice(0, 3)} ${number.slice(3)}`);
      });
      await page.locator('form[action$="/offer-mfa/skip"] button').click();

      // SPEC §4: an unverified phone after sign-in leads to the verify step.
      await expectHostedPage(page, HOSTED.verifyContact);
      await expectTextContaining(page.locator('fieldset.choices'), `Phone Number: +372${number}`);
      await expectNoAxeViolations(page, 'verify contact');
      await page.locator('form[action$="/verify-contact"] button[type=submit]').click();
      await expectHostedPage(page, HOSTED.verifyContactCode);
      const sms = await newestMail(server.url, `+372${number}`, 'SMS');
      await submitCode(page, codeInMail(sms.text));

      await expectSignedIn(page, email);
      await expectLocation(page, '/en/admin/user/edit', undefined, SIGN_IN_TIMEOUT_MS);
      const current = page.getByTestId('phone-current');
      await expectTextContaining(current, `+372${number}`);
      await expectTextContaining(current, 'Verified');
      await expectNoAxeViolations(page, 'my data with sign-in settings');
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'remembers a device that passed the second factor for 30 days, and asks again once it is forgotten in My data',
    async () => {
      const email = `seade.${randomUUID().slice(0, 8)}@example.ee`;
      await signUp(email);
      await page.locator('input[name=mfa_type][value=EMAIL]').check();
      await page.locator('form[action$="/offer-mfa"] button[type=submit]').click();
      await expectHostedPage(page, HOSTED.setupEmail);
      let mail = await newestMail(server.url, email, HOSTED.mfaMail);
      await submitCode(page, codeInMail(mail.text));
      await expectSignedIn(page, email);
      await signOut();

      // The second factor, and "remember this device".
      await openSignIn();
      await submitSignIn(page, email, PASSWORD);
      await expectHostedPage(page, HOSTED.mfaEmail);
      mail = await newestMail(server.url, email, HOSTED.mfaMail, { notId: mail.id });
      await page.getByLabel('Remember this device for 30 days').check();
      await submitCode(page, codeInMail(mail.text));
      await expectSignedIn(page, email);
      await signOut();

      // The remembered browser: the password alone.
      await openSignIn();
      await submitSignIn(page, email, PASSWORD);
      await expectSignedIn(page, email);

      // My data lists it and forgets it.
      await page.goto(url('/en/admin/user/edit'));
      await expectCount(page.getByTestId('device-row'), 1);
      expect(normalizeSpaces(await page.getByTestId('device-row').innerText())).toMatch(/^Chrome on Linux/);
      await page.getByTestId('device-forget').click();
      await page.getByTestId('devices-empty').waitFor();
      await signOut();

      await openSignIn();
      await submitSignIn(page, email, PASSWORD);
      await expectHostedPage(page, HOSTED.mfaEmail);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a person whose reset an admin required to the reset step, and on with the new password',
    async () => {
      const user = { email: 'martin.kask@example.ee', password: 'Leping#2026', name: 'Martin Kask' };
      const admin = {
        email: 'admin@lepinguturg.ee',
        password: 'Admin#Leping2026',
        name: 'Triin Administraator',
      };
      await page.goto(url('/en'));
      await acceptCookies(page);
      await openSignIn();
      await submitSignIn(page, admin.email, admin.password);
      await expectSignedIn(page, admin.name);
      await page.goto(url('/en/admin/users?q=martin'));
      const row = page.locator('[data-testid=admin-user-row][data-email="martin.kask@example.ee"]');
      await row.getByTestId('admin-user-require-reset').click();
      await expectTextContaining(page.getByTestId('modal'), 'Require a password reset?');
      await page.getByTestId('modal-confirm').click();
      await page.getByText('Martin Kask must reset the password at the next sign-in.').waitFor();
      await signOut();

      await openSignIn();
      await submitSignIn(page, user.email, user.password);
      await expectHostedPage(page, HOSTED.resetPassword);
      expect(await hostedAlert(page)).toBe(
        `Your password must be reset. We sent a code to ${user.email}: enter it and choose a new password.`,
      );
      const mail = await newestMail(server.url, user.email, HOSTED.resetMail);
      const newPassword = 'Uus#Leping2027x';
      await page.locator('#confirmation_code').fill(codeInMail(mail.text));
      await page.locator('#password').fill(newPassword);
      await page.locator('#confirm_password').fill(newPassword);
      await page.locator('form[action$="/reset-password"] button[type=submit]').click();
      await expectHostedPage(page, HOSTED.signIn);
      // The reset ended every sign-in up to its second (ID tokens count whole seconds); a person typing
      // the new password is never faster than that.
      await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 5));
      await submitSignIn(page, user.email, newPassword);
      await expectSignedIn(page, user.name);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
