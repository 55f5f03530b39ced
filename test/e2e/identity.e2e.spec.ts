import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api, type DocumentPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser, cspViolationsOf } from './support/browser';
import {
  codeInMail,
  DEMO,
  type DemoAccount,
  expectHostedPage,
  hostedAlert,
  hostedFieldErrors,
  newestMail,
  submitCode,
  submitSignIn,
  totpCodeAfter,
  totpCodeAt,
  wrongTotp,
} from './support/identity';
import {
  acceptCookies,
  collectPageErrors,
  eventually,
  expectCount,
  expectLocation,
  expectText,
  expectTextContaining,
  normalizeSpaces,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 120_000;
/** Sign-in goes through several redirects (login route, provider, callback, token exchange). */
const SIGN_IN_TIMEOUT_MS = 20_000;

/** The hosted pages' texts (server/src/infrastructure/identity/embedded/identity-messages.ts). */
const HOSTED = {
  et: {
    signInTitle: 'Logi sisse',
    signUpTab: 'Loo konto',
    signUpTitle: 'Loo konto',
    confirmTitle: 'Saatsime teile e-kirja',
    confirmMailSubject: 'Teie Lepinguturu kinnituskood',
    backToShop: '← Tagasi poodi',
    offerMfaTitle: 'Kaitske oma kontot',
    setupTotpTitle: 'Autentimisrakenduse seadistamine',
    mfaTotpTitle: 'Sisestage autentimisrakenduse kood',
    mfaCodeError: 'Vale kood või sisselogimise olek.',
    incorrect: 'Vale kasutajanimi või parool.',
    tooShort: 'Parool peab sisaldama vähemalt 8 tähemärki',
    noUpper: 'Parool peab sisaldama suurtähti',
    noNumber: 'Parool peab sisaldama numbreid',
    noSpecial: 'Parool peab sisaldama erimärke',
  },
  en: {
    signInTitle: 'Sign in',
    signInTab: 'Sign In',
    signUpTab: 'Create Account',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    signInButton: 'Sign in',
    forgotPassword: 'Forgot your password?',
  },
} as const;

/** The client's texts (client/src/i18n/locales/et and en). */
const APP = {
  et: {
    signIn: 'Logi sisse',
    signOut: 'Logi välja',
    myData: 'Minu andmed',
    users: 'Kasutajad',
    termsNotAccepted: 'Kasutustingimused on nõustumata!',
    requiredDataMissing: 'Jätkamiseks sisestage vajalikud andmed!',
    fieldRequired: 'Väli on kohustuslik',
    formHasErrors: 'Vormil on vigu!',
    saved: 'Teie andmed on salvestatud!',
    adminOnly: 'See leht on ainult administraatoritele.',
    adminBadge: 'Admin',
    grantTitle: 'Anda adminiõigused?',
    granted: (name: string) => `${name} on nüüd admin.`,
    revokeTitle: 'Võtta adminiõigused?',
    revoked: (name: string) => `${name} ei ole enam admin.`,
    showing: (visible: number, total: number) => `Näidatakse ${visible} / ${total}`,
  },
  en: {
    signIn: 'Sign in',
    signOut: 'Sign out',
    myData: 'My data',
  },
} as const;

describeWithBrowser('Identity journeys (real server, embedded provider, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let api: Api;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: Error[];
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    api = new Api(server.url);
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
    // Every page of the journey worked under the Content-Security-Policy (docs/decisions/).
    expect(violations).toEqual([]);
  });

  /** A published document to start from: its page path and title. */
  async function someDocument(): Promise<{ path: string; title: string }> {
    const first = (await api.get<DocumentPage>('/documents?limit=1')).items[0];
    if (!first) throw new Error('The demo catalogue has no published documents');
    return { path: `/dokument/${first.slug}`, title: first.title };
  }

  /** The top bar's sign-in button, clicked; answers when the hosted sign-in page shows. */
  async function clickSignIn(on: Page, hostedTitle: string = HOSTED.et.signInTitle): Promise<void> {
    await on.getByTestId('signin-button').click();
    await expectHostedPage(on, hostedTitle, SIGN_IN_TIMEOUT_MS);
  }

  /** Waits until the app shows `fullName` in the top bar (the callback has finished). */
  async function expectSignedInAs(on: Page, fullName: string): Promise<void> {
    await expectText(on.getByTestId('user-menu-name'), fullName, SIGN_IN_TIMEOUT_MS);
    await expectCount(on.getByTestId('signin-button'), 0);
  }

  /** The guard's flash messages (MessageArea). */
  function flashMessages(on: Page) {
    return on.locator('.message-area .message');
  }

  /** Signs in a demo account from the page the browser is on (which the app remembers). */
  async function signInAsDemo(on: Page, account: DemoAccount): Promise<void> {
    await clickSignIn(on);
    await submitSignIn(on, account.email, account.password);
    await expectSignedInAs(on, account.fullName);
  }

  async function signOut(on: Page): Promise<void> {
    await on.getByTestId('user-menu-button').click();
    await on.getByTestId('user-menu-signout').click();
    // The provider's logout page confirms itself and returns to redirectSignOut (the home page).
    await expectLocation(on, '/', '', SIGN_IN_TIMEOUT_MS);
    await on.getByTestId('signin-button').waitFor({ state: 'visible', timeout: SIGN_IN_TIMEOUT_MS });
    await expectCount(on.getByTestId('user-menu-button'), 0);
  }

  it(
    'signs up with a code, sets up TOTP, accepts the terms on My data and goes back, signs out and in again with TOTP',
    async () => {
      const email = `uus.kasutaja.${randomUUID().slice(0, 8)}@example.ee`;
      const password = 'Tugev#Parool42';
      const document = await someDocument();

      // ---- a document page, then Sign in -> the hosted page (Estonian)
      await page.goto(url(document.path));
      await expectText(page.getByTestId('document-title'), document.title);
      await acceptCookies(page);
      await clickSignIn(page);
      await screenshot(page, 'hosted-sign-in-et');

      // ---- the hosted page wears the shop's look: its header, logo home, a way back, its colours
      await expect(page.locator('header.topbar a.topbar__logo').getAttribute('href')).resolves.toBe(
        `${server.url}/`,
      );
      await expectText(page.locator('main .back a'), HOSTED.et.backToShop);
      await expect(
        page.locator('form[action$="/login"] button[type=submit]').evaluate(
          // Runs in the page (the test project's TypeScript has no DOM library, hence the cast).
          (button) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
            ).getComputedStyle(button).backgroundColor,
        ),
      ).resolves.toBe('rgb(29, 53, 87)');
      await expect(
        page
          .locator('body')
          .evaluate(
            (body) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string } }
              ).getComputedStyle(body).fontFamily,
          ),
      ).resolves.toMatch(/^Inter,/);

      // ---- switch to sign-up; a weak password shows every rule it breaks
      await page.locator('.tabs a', { hasText: HOSTED.et.signUpTab }).click();
      await expectHostedPage(page, HOSTED.et.signUpTitle);
      await page.locator('#email').fill(email);
      await page.locator('#password').fill('lepe');
      // The page checks the rules while typing (SPEC §4) ...
      const weakPasswordRules = [
        HOSTED.et.tooShort,
        HOSTED.et.noUpper,
        HOSTED.et.noNumber,
        HOSTED.et.noSpecial,
      ];
      await eventually(async () =>
        expect(
          (await page.locator('#password-live .field-error').allInnerTexts()).map(normalizeSpaces),
        ).toEqual(weakPasswordRules),
      );
      await page.locator('#confirm_password').fill('lepe');
      // ... keeps the button disabled while a field shows an error (SPEC §5) ...
      const signUp = page.locator('form[action$="/sign-up"] button[type=submit]');
      await eventually(async () => expect(await signUp.isDisabled()).toBe(true));
      // ... and the server, sent the form anyway (a browser without the page's script), refuses it with
      // the same messages.
      await page
        .locator('form[action$="/sign-up"]')
        .evaluate((form) => (form as unknown as { submit(): void }).submit());
      await expectHostedPage(page, HOSTED.et.signUpTitle);
      await eventually(async () =>
        expect(await hostedFieldErrors(page, 'password')).toEqual(weakPasswordRules),
      );
      await screenshot(page, 'hosted-sign-up-weak-password-et');
      expect(await page.locator('#email').inputValue()).toBe(email);

      // ---- a strong password -> the e-mailed code -> confirmed
      await page.locator('#password').fill(password);
      await page.locator('#confirm_password').fill(password);
      await page.locator('form[action$="/sign-up"] button[type=submit]').click();
      await expectHostedPage(page, HOSTED.et.confirmTitle);
      await expectTextContaining(page.locator('.card p.text'), email);
      const confirmMail = await newestMail(server.url, email, HOSTED.et.confirmMailSubject);
      await submitCode(page, codeInMail(confirmMail.text));

      // ---- signed in at once, no password again (SPEC §4 auto sign-in) -> offered a second factor
      await expectHostedPage(page, HOSTED.et.offerMfaTitle);
      await page.locator('input[name=mfa_type][value=TOTP]').check();
      await page.locator('form[action$="/offer-mfa"] button[type=submit]').click();
      await expectHostedPage(page, HOSTED.et.setupTotpTitle);
      await expect(page.locator('img.qr').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
      const secret = normalizeSpaces(await page.locator('#totp-secret').innerText());
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await screenshot(page, 'hosted-setup-totp-et');
      const totpSetUpAt = new Date();
      await submitCode(page, totpCodeAt(secret, totpSetUpAt));

      // ---- back in the app: a new user without accepted terms goes to My data
      await expectLocation(page, '/admin/user/edit', '', SIGN_IN_TIMEOUT_MS);
      await expectTextContaining(flashMessages(page), APP.et.termsNotAccepted);
      await expectText(page.getByTestId('profile-required-notice'), APP.et.requiredDataMissing);
      // Without names the top bar shows the e-mail the id token carries.
      await expectText(page.getByTestId('user-menu-name'), email);
      await expect(page.getByTestId('profile-email').inputValue()).resolves.toBe(email);

      // ---- saving without names shows the field errors (the terms are asked for by the guard, not the form)
      await page.getByTestId('profile-save').click();
      await expectText(page.getByTestId('field-error-profile-firstName'), APP.et.fieldRequired);
      await expectText(page.getByTestId('field-error-profile-lastName'), APP.et.fieldRequired);
      await expect(page.getByTestId('field-error-profile-acceptTerms').count()).resolves.toBe(0);
      await expectTextContaining(
        page.getByTestId('toast').filter({ hasText: APP.et.formHasErrors }),
        APP.et.formHasErrors,
      );

      // ---- names, terms, one public field -> saved
      await page.getByTestId('profile-firstName').fill('Mari');
      await page.getByTestId('profile-lastName').fill('Maasikas');
      await page.getByTestId('profile-organization').fill('Maasikas Õigusbüroo');
      await page.getByTestId('profile-public-organization').check();
      await page.getByTestId('profile-terms').check();
      await expectCount(page.getByTestId('field-error-profile-firstName'), 0);
      await page.getByTestId('profile-save').click();
      const savedToast = page.locator('[data-testid=toast][data-tone=success]');
      await expectTextContaining(savedToast, APP.et.saved);
      // Terms accepted: on to the document page the sign-in started from (the remembered page).
      await expectLocation(page, document.path, '');
      await expectText(page.getByTestId('document-title'), document.title);
      await expectText(page.getByTestId('user-menu-name'), 'Mari Maasikas');
      await expectCount(flashMessages(page), 0);
      await page.goto(url('/admin/user/edit'));
      await page.getByTestId('profile-form').waitFor({ state: 'visible' });
      await expectCount(page.getByTestId('profile-required-notice'), 0);
      await expect(page.getByTestId('profile-terms').isChecked()).resolves.toBe(true);
      await expect(page.getByTestId('profile-terms').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('profile-public-organization').isChecked()).resolves.toBe(true);
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, 'my-data-saved-et');

      // The public field reached the server as public (read back through the page after a reload).
      await page.reload();
      await expect(page.getByTestId('profile-organization').inputValue()).resolves.toBe(
        'Maasikas Õigusbüroo',
      );
      await expect(page.getByTestId('profile-public-organization').isChecked()).resolves.toBe(true);

      // ---- sign out via the user menu
      await signOut(page);

      // ---- sign in again from the document page: now the provider asks for the TOTP code
      await page.goto(url(document.path));
      await expectText(page.getByTestId('document-title'), document.title);
      await clickSignIn(page);
      await submitSignIn(page, email, password);
      await expectHostedPage(page, HOSTED.et.mfaTotpTitle);
      await submitCode(page, wrongTotp(secret));
      await expectHostedPage(page, HOSTED.et.mfaTotpTitle);
      await eventually(async () =>
        expect(await hostedFieldErrors(page, 'confirmation_code')).toEqual([HOSTED.et.mfaCodeError]),
      );
      await page.locator('#confirmation_code-error').waitFor({ state: 'visible' });
      // Each code is taken once: the app's next code after the one that set it up.
      await submitCode(page, totpCodeAfter(secret, totpSetUpAt));

      // ---- signed in with the name, back on the document page the sign-in started from
      await expectSignedInAs(page, 'Mari Maasikas');
      await expectLocation(page, document.path, '');
      await expectText(page.getByTestId('document-title'), document.title);
      await expectCount(flashMessages(page), 0);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'refuses a wrong password with the exact message, then signs in with the right one',
    async () => {
      await page.goto(url('/'));
      await acceptCookies(page);
      await clickSignIn(page);
      await submitSignIn(page, DEMO.uploader.email, 'Vale#Parool1');
      await expectHostedPage(page, HOSTED.et.signInTitle);
      await eventually(async () => expect(await hostedAlert(page)).toBe(HOSTED.et.incorrect));
      await expect(page.locator('.card .alert').getAttribute('role')).resolves.toBe('alert');
      // The e-mail stays filled in; the password does not.
      await expect(page.locator('#email').inputValue()).resolves.toBe(DEMO.uploader.email);
      await expect(page.locator('#password').inputValue()).resolves.toBe('');
      await screenshot(page, 'hosted-wrong-password-et');

      await submitSignIn(page, DEMO.uploader.email, DEMO.uploader.password);
      await expectSignedInAs(page, DEMO.uploader.fullName);
      await expectLocation(page, '/', '');

      // ---- "sign out on all devices": the token this browser held no longer opens the API
      const idToken = await page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('lepinguturg.session') ?? '{}') as {
              state?: { idToken?: string };
            }
          ).state?.idToken ?? '',
      );
      expect(
        (await fetch(url('/api/user/read'), { headers: { authorization: `Bearer ${idToken}` } })).status,
      ).toBe(200);
      await page.getByTestId('user-menu-button').click();
      await page.getByTestId('user-menu-signout-everywhere').click();
      await expectLocation(page, '/', '', SIGN_IN_TIMEOUT_MS);
      await page.getByTestId('signin-button').waitFor({ state: 'visible', timeout: SIGN_IN_TIMEOUT_MS });
      expect(
        (await fetch(url('/api/user/read'), { headers: { authorization: `Bearer ${idToken}` } })).status,
      ).toBe(401);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'returns a signed-out visitor to the search page, query included, after signing in',
    async () => {
      await page.goto(url('/otsing?q=leping'));
      await acceptCookies(page);
      await expect(page.getByTestId('search-input').inputValue()).resolves.toBe('leping');
      const count = normalizeSpaces(await page.getByTestId('search-count').innerText());
      await signInAsDemo(page, DEMO.buyer);
      await expectLocation(page, '/otsing', '?q=leping');
      await expect(page.getByTestId('search-input').inputValue()).resolves.toBe('leping');
      await expectText(page.getByTestId('search-count'), count);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a signed-out visitor of a signed-in page to sign in and back to that page',
    async () => {
      await page.goto(url('/admin/user/edit'));
      // The guard remembers the page and starts the sign-in by itself.
      await expectHostedPage(page, HOSTED.et.signInTitle, SIGN_IN_TIMEOUT_MS);
      await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password);
      await expectSignedInAs(page, DEMO.buyer.fullName);
      await expectLocation(page, '/admin/user/edit', '');
      await expect(page.getByTestId('profile-firstName').inputValue()).resolves.toBe('Peeter');
      await expectCount(flashMessages(page), 0);
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'signs in from the English site on an English hosted page and returns to English',
    async () => {
      await page.goto(url('/en'));
      await acceptCookies(page);
      await expectText(page.getByTestId('signin-button'), APP.en.signIn);
      await clickSignIn(page, HOSTED.en.signInTitle);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
      await expectText(page.locator('label[for=email]'), HOSTED.en.emailLabel);
      await expectText(page.locator('label[for=password]'), HOSTED.en.passwordLabel);
      await expectText(page.locator('form[action$="/login"] button[type=submit]'), HOSTED.en.signInButton);
      await expectText(page.locator('.tabs a[aria-current]'), HOSTED.en.signInTab);
      await expectText(page.locator('.links a'), HOSTED.en.forgotPassword);
      await screenshot(page, 'hosted-sign-in-en');

      await submitSignIn(page, DEMO.uploader.email, DEMO.uploader.password);
      await expectSignedInAs(page, DEMO.uploader.fullName);
      await expectLocation(page, '/en', '');
      await page.getByTestId('user-menu-button').click();
      await expectText(page.getByTestId('user-menu-item-useredit'), APP.en.myData);
      await expectText(page.getByTestId('user-menu-signout'), APP.en.signOut);
      await page.getByTestId('user-menu-item-useredit').click();
      await expectLocation(page, '/en/admin/user/edit', '');
      await expectText(page.getByRole('heading', { level: 1 }), APP.en.myData);
      await page.getByTestId('profile-form').waitFor({ state: 'visible' });
      await expectNoAxeViolations(page, 'My data en');
      expect(pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the admin grant and revoke admin on the users page; the buyer gets no admin pages',
    async () => {
      // ---- the admin: sidebar with the admin group -> Users
      await page.goto(url('/'));
      await acceptCookies(page);
      await signInAsDemo(page, DEMO.admin);
      await page.getByTestId('user-menu-button').click();
      await page.getByTestId('user-menu-item-useredit').click();
      await expectLocation(page, '/admin/user/edit', '');
      await page.getByTestId('admin-sidebar').waitFor({ state: 'visible' });
      const adminGroup = page.getByTestId('sidebar-admin-group');
      await adminGroup.waitFor({ state: 'visible' });
      await adminGroup.getByTestId('sidebar-item-adminusers').click();
      await expectLocation(page, '/admin/users', '');
      await expectText(page.getByRole('heading', { level: 1 }), APP.et.users);

      // ---- filter by the buyer's e-mail
      await page.getByTestId('admin-users-filter').fill(DEMO.buyer.email);
      await expectLocation(page, '/admin/users', `?q=${encodeURIComponent(DEMO.buyer.email)}`);
      await expectText(page.getByTestId('admin-users-count'), APP.et.showing(1, 1));
      const row = page.locator(`[data-testid=admin-user-row][data-email="${DEMO.buyer.email}"]`);
      await expectCount(page.getByTestId('admin-user-row'), 1);
      await expectCount(row.getByTestId('admin-user-admin-badge'), 0);
      await expectNoAxeViolations(page, 'admin users et');

      // ---- grant admin, confirmed in the modal -> badge
      await row.getByTestId('admin-user-grant').click();
      const modal = page.getByTestId('modal');
      await modal.waitFor({ state: 'visible' });
      await expectText(modal.getByRole('heading'), APP.et.grantTitle);
      await modal.getByTestId('modal-confirm').click();
      await modal.waitFor({ state: 'detached' });
      await expectText(row.getByTestId('admin-user-admin-badge'), APP.et.adminBadge);
      await expectTextContaining(
        page.locator('[data-testid=toast][data-tone=success]'),
        APP.et.granted(DEMO.buyer.fullName),
      );
      await screenshot(page, 'admin-users-granted-et');

      // ---- the buyer, now an admin, sees the admin group (fresh context)
      const buyerAsAdmin = await launched.newContext();
      try {
        const buyerPage = await buyerAsAdmin.newPage();
        await buyerPage.goto(url('/'));
        await signInAsDemo(buyerPage, DEMO.buyer);
        await buyerPage.goto(url('/admin/users'));
        await buyerPage.getByTestId('sidebar-admin-group').waitFor({ state: 'visible' });
        await buyerPage.getByTestId('admin-users-count').waitFor({ state: 'visible' });
        await expectCount(buyerPage.getByTestId('admin-only'), 0);
      } finally {
        await buyerAsAdmin.close();
      }

      // ---- revoke it again (the buyer stays a buyer for the rest of the journey)
      await row.getByTestId('admin-user-revoke').click();
      await modal.waitFor({ state: 'visible' });
      await expectText(modal.getByRole('heading'), APP.et.revokeTitle);
      await modal.getByTestId('modal-confirm').click();
      await modal.waitFor({ state: 'detached' });
      await expectCount(row.getByTestId('admin-user-admin-badge'), 0);
      await row.getByTestId('admin-user-grant').waitFor({ state: 'visible' });
      expect(pageErrors).toEqual([]);

      // ---- the buyer (fresh context): no admin group; the users page says admins only
      const buyerContext = await launched.newContext();
      try {
        const buyerPage = await buyerContext.newPage();
        const buyerErrors = collectPageErrors(buyerPage);
        const adminResponses: number[] = [];
        buyerPage.on('response', (response) => {
          if (new URL(response.url()).pathname === '/api/admin/users') adminResponses.push(response.status());
        });
        await buyerPage.goto(url('/'));
        await acceptCookies(buyerPage);
        await signInAsDemo(buyerPage, DEMO.buyer);
        await buyerPage.getByTestId('user-menu-button').click();
        await expectCount(buyerPage.getByTestId('user-menu-item-adminusers'), 0);
        await buyerPage.getByTestId('user-menu-item-useredit').click();
        await buyerPage.getByTestId('admin-sidebar').waitFor({ state: 'visible' });
        await buyerPage.getByTestId('profile-form').waitFor({ state: 'visible' });
        await expectCount(buyerPage.getByTestId('sidebar-admin-group'), 0);
        await expectCount(buyerPage.getByTestId('sidebar-item-adminusers'), 0);

        await buyerPage.goto(url('/admin/users'));
        await expectText(buyerPage.getByTestId('admin-only'), APP.et.adminOnly);
        await expectCount(buyerPage.getByTestId('admin-users-table'), 0);
        await expectCount(buyerPage.getByTestId('sidebar-admin-group'), 0);
        // The client only mirrors: the server refuses the page's own signed-in call.
        const refused = await buyerPage.evaluate(async () => {
          const session = JSON.parse(localStorage.getItem('lepinguturg.session') ?? '{}') as {
            state?: { idToken?: string };
          };
          const response = await fetch('/api/admin/users', {
            headers: { accept: 'application/json', authorization: `Bearer ${session.state?.idToken ?? ''}` },
          });
          return { status: response.status, body: (await response.json()) as { code?: string } };
        });
        expect(refused).toEqual({ status: 403, body: expect.objectContaining({ code: 'ERROR.ADMIN_ONLY' }) });
        expect(adminResponses.every((status) => status === 403)).toBe(true);
        expect(buyerErrors).toEqual([]);
      } finally {
        await buyerContext.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
