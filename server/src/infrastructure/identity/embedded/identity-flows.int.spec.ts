import { randomUUID } from 'node:crypto';
import { alertText, fieldErrors, pageTitle } from './testing/oidc-browser';
import {
  type IdentityHarness,
  OidcBrowser,
  authorize,
  finishSignIn,
  latestCode,
  startIdentityHarness,
  stopIdentityHarness,
} from './testing/identity-harness';

const EN = { ui_locales: 'en' };
const PASSWORD = 'Tugev#Parool42';
/** A mobile number of Estonia that libphonenumber takes (5xx xxxx). */
const mobile = (): string => `5${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
const email = (name: string): string => `${name}.${randomUUID().slice(0, 8)}@example.ee`;

describe('embedded identity provider: the sign-in flows of issue 29 (over HTTP)', () => {
  let h: IdentityHarness;
  let browser: OidcBrowser;

  beforeAll(async () => {
    h = await startIdentityHarness({
      SIGN_UP_ATTRIBUTES: 'given_name,family_name,phone_number,birthdate,custom:company=Ettevõte|Company',
    });
  }, 60_000);
  afterAll(async () => stopIdentityHarness(h));
  beforeEach(() => {
    browser = new OidcBrowser(h.publicUrl);
  });

  /** Signs up with the hosted form (English pages) and answers the page that follows. */
  async function signUp(address: string, extra: Record<string, string> = {}) {
    const auth = await authorize(h, browser, EN);
    await browser.get(`${auth.base}?view=sign-up`);
    const page = await browser.post(`${auth.base}/sign-up`, {
      email: address,
      password: PASSWORD,
      confirm_password: PASSWORD,
      ...extra,
    });
    return { auth, page };
  }

  /** A confirmed account with a password (signed up, code entered, the second-factor offer skipped). */
  async function confirmedAccount(address: string) {
    const { auth } = await signUp(address);
    const offer = await browser.post(`${auth.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, address),
    });
    expect(pageTitle(offer.html)).toBe('Protect your account');
    const done = await browser.post(`${auth.base}/offer-mfa/skip`, {});
    const claims = await finishSignIn(h, done.url, auth);
    browser = new OidcBrowser(h.publicUrl);
    return claims;
  }

  /** From a hosted page, "Sign in with Test IdP", as `person` at the test provider. */
  async function signInWithTestProvider(
    base: string,
    person: { email: string; given_name?: string; family_name?: string; email_verified?: boolean },
  ) {
    const atProvider = await browser.post(`${base}/federate/test`, {});
    expect(pageTitle(atProvider.html)).toBe('Test identity provider');
    const action = /<form method="post" action="([^"]+)"/.exec(atProvider.html)?.[1] ?? '';
    expect(action).toMatch(/^\/test-idp\/interaction\/[\w-]+\/login$/);
    return browser.post(action, {
      email: person.email,
      given_name: person.given_name ?? '',
      family_name: person.family_name ?? '',
      ...(person.email_verified === false ? {} : { email_verified: 'true' }),
    });
  }

  describe('social sign-in (the embedded test provider, code + PKCE through openid-client)', () => {
    it('shows the provider after an "or" divider, and makes an account for a verified new address', async () => {
      const auth = await authorize(h, browser, EN);
      expect(auth.page.html).toContain('<div class="divider" role="separator"><span>or</span></div>');
      expect(auth.page.html).toContain('>Sign in with Test IdP</button>');
      const address = email('google.person');
      const offer = await signInWithTestProvider(auth.base, {
        email: address,
        given_name: 'Mari',
        family_name: 'Maasikas',
      });
      // A new account: the same offer of a second factor as after any first sign-in.
      expect(pageTitle(offer.html)).toBe('Protect your account');
      const done = await browser.post(`${auth.base}/offer-mfa/skip`, {});
      const claims = await finishSignIn(h, done.url, auth);
      expect(claims).toMatchObject({
        email: address,
        email_verified: true,
        given_name: 'Mari',
        family_name: 'Maasikas',
      });

      // The same external identity again, in another browser: the same account, no questions.
      browser = new OidcBrowser(h.publicUrl);
      const again = await authorize(h, browser, EN);
      const back = await signInWithTestProvider(again.base, { email: address });
      expect((await finishSignIn(h, back.url, again)).sub).toBe(claims.sub);
      // The account has no password: signing in with one fails like any wrong password.
      browser = new OidcBrowser(h.publicUrl);
      const withPassword = await authorize(h, browser, EN);
      const refused = await browser.post(`${withPassword.base}/login`, {
        email: address,
        password: PASSWORD,
      });
      expect(alertText(refused.html)).toBe('Incorrect username or password.');
    });

    it('never takes over an existing account silently: the owner confirms with a mailed code', async () => {
      const address = email('owner');
      const owner = await confirmedAccount(address);

      const auth = await authorize(h, browser, EN);
      const link = await signInWithTestProvider(auth.base, { email: address });
      expect(pageTitle(link.html)).toBe('Link your sign-in');
      expect(link.html).toContain(`An account with the address ${address} already exists.`);
      const [mail] = await h.outbox.list(address);
      expect(mail?.subject).toBe('Link a sign-in to your Lepinguturg account');
      expect(mail?.text).toContain('with Test IdP');

      const wrong = await browser.post(`${auth.base}/link-account`, { confirmation_code: '000000' });
      expect(fieldErrors(wrong.html)).toEqual(['Invalid verification code provided, please try again.']);
      // Nothing is linked yet: a new browser with the same external identity is asked again.
      const other = new OidcBrowser(h.publicUrl);
      const saved = browser;
      browser = other;
      const stillAsked = await signInWithTestProvider((await authorize(h, other, EN)).base, {
        email: address,
      });
      expect(pageTitle(stillAsked.html)).toBe('Link your sign-in');
      browser = saved;

      const linked = await browser.post(`${auth.base}/link-account`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      const claims = await finishSignIn(h, linked.url, auth);
      expect(claims.sub).toBe(owner.sub);
      expect(h.accounts.federatedProviders(String(owner.sub))).toEqual(['test']);
    });

    it('confirms an address the provider did not verify with the sign-up code before linking it', async () => {
      const address = email('unverified');
      const auth = await authorize(h, browser, EN);
      const confirm = await signInWithTestProvider(auth.base, { email: address, email_verified: false });
      expect(pageTitle(confirm.html)).toBe('We Emailed You');
      const account = h.accounts.findByEmail(address);
      expect(account?.emailVerified).toBe(false);
      expect(h.accounts.federatedProviders(account?.id ?? '')).toEqual([]);
      const offer = await browser.post(`${auth.base}/confirm-sign-up`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      expect(pageTitle(offer.html)).toBe('Protect your account');
      expect(h.accounts.federatedProviders(account?.id ?? '')).toEqual(['test']);
    });

    it('answers a cancelled or forged return with the sign-in page and its alert', async () => {
      const auth = await authorize(h, browser, EN);
      const forged = await browser.get(`/oidc/federation/callback?code=abc&state=not-ours`);
      expect(forged.response.status).toBe(400);
      const atProvider = await browser.request(`${auth.base}/federate/test`, { method: 'POST', form: {} });
      const location = new URL(atProvider.headers.get('location') ?? '');
      const state = location.searchParams.get('state') ?? '';
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      const cancelled = await browser.get(
        `/oidc/federation/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      );
      expect(pageTitle(cancelled.html)).toBe('Sign in');
      expect(alertText(cancelled.html)).toBe('Sign-in with Test IdP was cancelled.');
      // The state is used up: the same return again is refused.
      const replay = await browser.get(`/oidc/federation/callback?code=x&state=${encodeURIComponent(state)}`);
      expect(replay.response.status).toBe(400);
    });
  });

  describe('phone number, SMS and verify contact', () => {
    it('signs up with a phone number, verifies it by SMS in the verify step, and puts it in the ID token', async () => {
      const address = email('phone');
      const number = mobile();
      const { auth, page } = await signUp(address, {
        given_name: 'Jaan',
        family_name: 'Tamm',
        country_code: '+372',
        phone_number: `${number.slice(0, 3)} ${number.slice(3)}`,
        birthdate: '1990-05-17',
        'custom:company': 'Tamm OÜ',
      });
      expect(pageTitle(page.html)).toBe('We Emailed You');
      const account = h.accounts.findByEmail(address);
      expect(account).toMatchObject({
        phoneNumber: `+372${number}`,
        phoneNumberVerified: false,
        attributes: {
          given_name: 'Jaan',
          family_name: 'Tamm',
          birthdate: '1990-05-17',
          'custom:company': 'Tamm OÜ',
        },
      });

      const offer = await browser.post(`${auth.base}/confirm-sign-up`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      expect(pageTitle(offer.html)).toBe('Protect your account');
      const verify = await browser.post(`${auth.base}/offer-mfa/skip`, {});
      expect(pageTitle(verify.html)).toBe('Account recovery requires verified contact information');
      expect(verify.html).toContain(`Phone Number: +372${number}`);
      const codePage = await browser.post(`${auth.base}/verify-contact`, { unverifiedAttr: 'phone_number' });
      expect(pageTitle(codePage.html)).toBe('Confirm your contact');
      const [sms] = await h.outbox.list(`+372${number}`);
      expect(sms).toMatchObject({ channel: 'sms', to: `+372${number}` });
      expect(sms?.text).toMatch(/^Lepinguturg code: \d{6}\./);

      const wrong = await browser.post(`${auth.base}/verify-contact-code`, { confirmation_code: '000000' });
      expect(fieldErrors(wrong.html)).toEqual(['Invalid verification code provided, please try again.']);
      const done = await browser.post(`${auth.base}/verify-contact-code`, {
        confirmation_code: await latestCode(h.outbox, `+372${number}`),
      });
      const claims = await finishSignIn(h, done.url, auth);
      expect(claims).toMatchObject({
        phone_number: `+372${number}`,
        phone_number_verified: true,
        given_name: 'Jaan',
        birthdate: '1990-05-17',
        'custom:company': 'Tamm OÜ',
      });
    });

    it('refuses numbers that cannot take a text message, from countries not offered, and bad dates', async () => {
      const { page } = await signUp(email('bad'), {
        country_code: '+372',
        phone_number: '612 3456',
        birthdate: '2999-01-01',
      });
      expect(page.response.status).toBe(400);
      expect(fieldErrors(page.html)).toEqual([
        'This number cannot receive text messages. Enter a mobile number.',
        'Enter a real date in the past.',
      ]);
      // The form keeps what was typed.
      expect(page.html).toContain('value="612 3456"');
      const { page: abroad } = await signUp(email('abroad'), {
        country_code: '+1',
        phone_number: '2025550123',
      });
      expect(fieldErrors(abroad.html)).toEqual(['Text messages cannot be sent to this country.']);
    });

    it('lets the person skip the verify step', async () => {
      const address = email('skipper');
      const { auth } = await signUp(address, { country_code: '+372', phone_number: mobile() });
      await browser.post(`${auth.base}/confirm-sign-up`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      const verify = await browser.post(`${auth.base}/offer-mfa/skip`, {});
      expect(pageTitle(verify.html)).toBe('Account recovery requires verified contact information');
      const done = await browser.post(`${auth.base}/verify-contact/skip`, {});
      const claims = await finishSignIn(h, done.url, auth);
      expect(claims['phone_number_verified']).toBe(false);
    });

    it('sets up text-message codes as a second factor and asks for one at the next sign-in', async () => {
      const address = email('sms.mfa');
      const number = `+372${mobile()}`;
      const { auth } = await signUp(address);
      await browser.post(`${auth.base}/confirm-sign-up`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      const phoneForm = await browser.post(`${auth.base}/offer-mfa`, { mfa_type: 'SMS' });
      expect(pageTitle(phoneForm.html)).toBe('Set up text-message codes');
      expect(phoneForm.html).toContain('<label for="country_code">Country code</label>');
      const codeForm = await browser.post(`${auth.base}/setup-sms/phone`, {
        country_code: '+358',
        phone_number: number,
      });
      expect(codeForm.html).toContain(`We sent a 6-digit code to +372 •••• ${number.slice(-4)}.`);
      const done = await browser.post(`${auth.base}/setup-sms`, {
        confirmation_code: await latestCode(h.outbox, number),
      });
      expect((await finishSignIn(h, done.url, auth)).email).toBe(address);

      browser = new OidcBrowser(h.publicUrl);
      const next = await authorize(h, browser, EN);
      const asked = await browser.post(`${next.base}/login`, { email: address, password: PASSWORD });
      expect(pageTitle(asked.html)).toBe('Confirm SMS Code');
      const ok = await browser.post(`${next.base}/mfa-sms`, {
        confirmation_code: await latestCode(h.outbox, number),
      });
      expect((await finishSignIn(h, ok.url, next)).email).toBe(address);
    });
  });

  describe('reset required', () => {
    it('sends the next sign-in to the reset step; the old password no longer works', async () => {
      const address = email('reset');
      const { sub } = await confirmedAccount(address);
      expect(await h.identity.accounts.requirePasswordReset(String(sub))).toBe(true);

      const auth = await authorize(h, browser, EN);
      const reset = await browser.post(`${auth.base}/login`, { email: address, password: PASSWORD });
      expect(pageTitle(reset.html)).toBe('Reset Password');
      expect(alertText(reset.html)).toBe(
        `Your password must be reset. We sent a code to ${address}: enter it and choose a new password.`,
      );
      const newPassword = 'Uus#Parool2027x';
      const changed = await browser.post(`${auth.base}/reset-password`, {
        confirmation_code: await latestCode(h.outbox, address),
        password: newPassword,
        confirm_password: newPassword,
      });
      expect(alertText(changed.html)).toBe('Your password has been changed. Sign in with the new password.');
      const old = await browser.post(`${auth.base}/login`, { email: address, password: PASSWORD });
      expect(alertText(old.html)).toBe('Incorrect username or password.');
      const done = await browser.post(`${auth.base}/login`, { email: address, password: newPassword });
      expect((await finishSignIn(h, done.url, auth)).sub).toBe(sub);
    });
  });

  describe('remembered devices', () => {
    it('skips the second factor on a remembered browser for 30 days, and asks again once it is forgotten', async () => {
      const address = email('device');
      const { auth } = await signUp(address);
      await browser.post(`${auth.base}/confirm-sign-up`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      await browser.post(`${auth.base}/offer-mfa`, { mfa_type: 'EMAIL' });
      const setUp = await browser.post(`${auth.base}/setup-email`, {
        confirmation_code: await latestCode(h.outbox, address),
      });
      const { sub } = await finishSignIn(h, setUp.url, auth);
      const userId = String(sub);

      // Signed out of the provider (a new browser keeps no session), the second factor is asked, and remembered.
      const laptop = new OidcBrowser(h.publicUrl);
      browser = laptop;
      const first = await authorize(h, laptop, EN);
      const asked = await laptop.post(`${first.base}/login`, { email: address, password: PASSWORD });
      expect(pageTitle(asked.html)).toBe('Confirm Email Code');
      expect(asked.html).toContain('Remember this device for 30 days');
      const remembered = await laptop.request(`${first.base}/mfa-email`, {
        form: { confirmation_code: await latestCode(h.outbox, address), remember_device: 'true' },
      });
      const cookie = remembered.headers.getSetCookie().find((c) => c.startsWith('lt.device.')) ?? '';
      expect(cookie).toMatch(/Max-Age=2592000; HttpOnly; SameSite=Lax/);
      await finishSignIn(h, (await laptop.follow(remembered)).url, first);
      const devices = await h.identity.accounts.account(userId, new Date());
      expect(devices?.devices).toHaveLength(1);

      // The provider's session ends (sign-out), the device stays: password only.
      const forgetSession = (laptop as unknown as { cookies: Map<string, string> }).cookies;
      for (const name of [...forgetSession.keys()])
        if (!name.startsWith('lt.device.')) forgetSession.delete(name);
      const second = await authorize(h, laptop, EN);
      const noCode = await laptop.post(`${second.base}/login`, { email: address, password: PASSWORD });
      // No code page: straight back to the shop.
      expect(noCode.url).toContain(`${h.publicUrl}/callback?code=`);
      expect((await finishSignIn(h, noCode.url, second)).sub).toBe(sub);

      // Another browser is asked.
      const phone = new OidcBrowser(h.publicUrl);
      const elsewhere = await authorize(h, phone, EN);
      const askedThere = await phone.post(`${elsewhere.base}/login`, { email: address, password: PASSWORD });
      expect(pageTitle(askedThere.html)).toBe('Confirm Email Code');

      // Forgotten in My data: the laptop is asked again and its cookie is cleared.
      expect(await h.identity.accounts.forgetDevice(userId, devices?.devices[0]?.id ?? '')).toBe(true);
      for (const name of [...forgetSession.keys()])
        if (!name.startsWith('lt.device.')) forgetSession.delete(name);
      const third = await authorize(h, laptop, EN);
      const again = await laptop.request(`${third.base}/login`, {
        form: { email: address, password: PASSWORD },
      });
      expect(again.headers.getSetCookie().some((c) => /^lt\.device\.[0-9a-f]+=; .*Max-Age=0/.test(c))).toBe(
        true,
      );
      expect(pageTitle((await laptop.follow(again)).html)).toBe('Confirm Email Code');
    });
  });

  describe('auto sign-in after sign-up (SPEC §4: polled every 5 s for up to 3 minutes)', () => {
    it('goes on signed in once the mail’s link confirmed the address on another device', async () => {
      const address = email('link');
      const { auth, page } = await signUp(address);
      expect(page.html).toContain(`data-poll="${auth.base}/status"`);
      expect(page.html).toContain('data-poll-every="5000" data-poll-for="180000"');
      const status = async () => await (await browser.request(`${auth.base}/status`)).json();
      expect(await status()).toEqual({ confirmed: false });

      const [mail] = await h.outbox.list(address);
      const link = /(http\S+\/oidc\/confirm-email\?\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(link).toContain('token=');
      const phone = new OidcBrowser(h.publicUrl);
      const confirmPage = await phone.get(link);
      expect(pageTitle(confirmPage.html)).toBe('Confirm your e-mail address');
      // Opening the link (a mail scanner would) confirms nothing: the button does.
      expect(await status()).toEqual({ confirmed: false });
      const hidden = Object.fromEntries(
        [...confirmPage.html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      const confirmed = await phone.post('/oidc/confirm-email?lang=en', hidden as Record<string, string>);
      expect(pageTitle(confirmed.html)).toBe('Your address is confirmed');
      expect(await status()).toEqual({ confirmed: true });

      const next = await browser.get(`${auth.base}/auto-sign-in`);
      expect(pageTitle(next.html)).toBe('Protect your account');
      // The link is used up.
      const reused = await new OidcBrowser(h.publicUrl).post(
        '/oidc/confirm-email?lang=en',
        hidden as Record<string, string>,
      );
      expect(pageTitle(reused.html)).toBe('Your address is confirmed');
    });
  });
});

describe('SMS limits (production allowances, one network)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityHarness({}, { throttleLimits: { networkFreeFailures: 1_000 } });
  }, 60_000);
  afterAll(async () => stopIdentityHarness(h));

  it('sends one number 3 codes in a burst, then asks to wait', async () => {
    const browser = new OidcBrowser(h.publicUrl);
    const address = email('limits');
    const auth = await authorize(h, browser, EN);
    await browser.get(`${auth.base}?view=sign-up`);
    await browser.post(`${auth.base}/sign-up`, {
      email: address,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    await browser.post(`${auth.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, address),
    });
    await browser.post(`${auth.base}/offer-mfa`, { mfa_type: 'SMS' });
    const number = `+372${mobile()}`;
    await browser.post(`${auth.base}/setup-sms/phone`, { country_code: '+372', phone_number: number });
    await browser.post(`${auth.base}/setup-sms/resend`, {});
    const third = await browser.post(`${auth.base}/setup-sms/resend`, {});
    expect(alertText(third.html)).toBe(`We sent a code to +372 •••• ${number.slice(-4)}.`);
    const fourth = await browser.post(`${auth.base}/setup-sms/resend`, {});
    expect(alertText(fourth.html)).toBe('Too many text messages were asked for. Try again in 10 minutes.');
    expect(await h.outbox.list(number)).toHaveLength(3);
  });
});
