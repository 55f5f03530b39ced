import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { type AppConfig, loadConfig } from '../../../config/app-config';
import { DEMO_ACCOUNTS } from '../../../seed/demo-accounts';
import { systemClock } from '../../clock/clock';
import { OutboxMailer, type OutboxMessage } from '../../mail/outbox-mailer';
import { type SqliteDatabase, openSqliteDatabase } from '../../sqlite/sqlite-database';
import { type EmbeddedIdentity, mountEmbeddedIdentity } from './embedded-identity';
import { OidcBrowser, alertText, fieldErrors, freePort, pageTitle, pkce } from './testing/oidc-browser';
import { totpCode } from './totp';

@Module({})
class EmptyModule {}

interface Harness {
  app: NestFastifyApplication;
  config: AppConfig;
  db: SqliteDatabase;
  outbox: OutboxMailer;
  identity: EmbeddedIdentity;
  dir: string;
}

async function startHarness(env: Record<string, string> = {}, dir?: string): Promise<Harness> {
  const port = await freePort();
  const dataDir = dir ?? mkdtempSync(join(tmpdir(), 'identity-'));
  const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, ...env });
  const db = openSqliteDatabase(join(dataDir, 'lepinguturg.sqlite'));
  const outbox = new OutboxMailer(join(dataDir, 'outbox'));
  // The adapter options and global prefix of create-app.ts, so the mount is tested as the app runs it.
  const adapter = new FastifyAdapter({
    bodyLimit: 100 * 1024,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, adapter, { logger: false });
  app.setGlobalPrefix('api');
  const identity = await mountEmbeddedIdentity(app, {
    config,
    db,
    mailer: outbox,
    outbox,
    clock: systemClock,
    // Every person of this suite comes from 127.0.0.1: per-network limits would count them as one.
    throttleLimits: { networkFreeFailures: 1_000, mailPerNetwork: { capacity: 10_000, refillMs: 1 } },
  });
  await app.init();
  await app.listen(port, '127.0.0.1');
  return { app, config, db, outbox, identity, dir: dataDir };
}

async function stopHarness(h: Harness, removeDir = true): Promise<void> {
  await h.identity.close();
  await h.app.close();
  h.db.close();
  if (removeDir) rmSync(h.dir, { recursive: true, force: true });
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The 6-digit code of the newest mail to `to`. */
async function latestCode(outbox: OutboxMailer, to: string): Promise<string> {
  const [message] = await outbox.list(to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('embedded identity provider (over HTTP)', () => {
  let h: Harness;
  let browser: OidcBrowser;
  let publicUrl: string;
  let clientId: string;

  beforeAll(async () => {
    h = await startHarness();
    publicUrl = h.config.publicUrl;
    clientId = h.config.identity.clientId;
  }, 30_000);
  afterAll(async () => stopHarness(h));
  beforeEach(() => {
    browser = new OidcBrowser(publicUrl);
  });

  /** Starts an authorization request and answers the first hosted page. */
  async function authorize(b: OidcBrowser = browser, extra: Record<string, string> = {}) {
    const p = pkce();
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email offline_access',
      redirect_uri: `${publicUrl}/callback`,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
      state: p.state,
      nonce: p.nonce,
      ...extra,
    });
    const page = await b.get(`/oidc/auth?${params.toString()}`);
    const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0];
    if (!base) throw new Error(`not an interaction page: ${page.url} ${page.response.status}`);
    return { ...p, page, base };
  }

  async function signIn(b: OidcBrowser, base: string, email: string, password: string) {
    return b.post(`${base}/login`, { email, password });
  }

  async function exchange(code: string, verifier: string) {
    const response = await fetch(`${publicUrl.replace('localhost', '127.0.0.1')}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: `${publicUrl}/callback`,
        code_verifier: verifier,
      }).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  async function verifyIdToken(idToken: string) {
    const jwks = (await (
      await fetch(`${publicUrl.replace('localhost', '127.0.0.1')}/oidc/jwks`)
    ).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: `${publicUrl}/oidc`,
      audience: clientId,
    });
    return payload;
  }

  /** The callback's code, after checking the state came back. */
  function callbackCode(url: string, state: string): string {
    const callback = new URL(url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${publicUrl}/callback`);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${url}`);
    return code;
  }

  async function signUp(email: string, password: string) {
    const auth = await authorize();
    await browser.get(`${auth.base}?view=sign-up`);
    const page = await browser.post(`${auth.base}/sign-up`, { email, password, confirm_password: password });
    return { auth, page };
  }

  it('publishes the discovery document for the issuer', async () => {
    const response = await fetch(
      `${publicUrl.replace('localhost', '127.0.0.1')}/oidc/.well-known/openid-configuration`,
    );
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${publicUrl}/oidc`,
      authorization_endpoint: `${publicUrl}/oidc/auth`,
      token_endpoint: `${publicUrl}/oidc/token`,
      jwks_uri: `${publicUrl}/oidc/jwks`,
      end_session_endpoint: `${publicUrl}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery['scopes_supported']).toEqual(
      expect.arrayContaining(['openid', 'email', 'offline_access']),
    );
  });

  it('seeds the demo accounts once', async () => {
    const first = await h.identity.seedDemoAccounts();
    expect(first.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await h.identity.seedDemoAccounts()).toEqual([]);
  });

  it('signs in with PKCE, issues verified tokens, refreshes and signs out', async () => {
    const admin = DEMO_ACCOUNTS[0];
    if (!admin) throw new Error('no demo admin');
    const auth = await authorize();
    expect(pageTitle(auth.page.html)).toBe('Logi sisse');
    expect(auth.page.html).toContain('<html lang="et">');

    const wrong = await signIn(browser, auth.base, admin.email, 'Wrong#Password1');
    expect(wrong.response.status).toBe(400);
    expect(alertText(wrong.html)).toBe('Vale kasutajanimi või parool.');

    const done = await signIn(browser, auth.base, admin.email, admin.password);
    const code = callbackCode(done.url, auth.state);

    const tokens = await exchange(code, auth.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body['refresh_token']).toEqual(expect.any(String));
    const claims = await verifyIdToken(tokens.body['id_token'] ?? '');
    expect(claims).toMatchObject({
      sub: admin.userId,
      email: admin.email,
      email_verified: true,
      nonce: auth.nonce,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);

    const refreshed = await fetch(`${publicUrl.replace('localhost', '127.0.0.1')}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.body['refresh_token'] ?? '',
        client_id: clientId,
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const refreshedBody = (await refreshed.json()) as Record<string, string>;
    const refreshedClaims = await verifyIdToken(refreshedBody['id_token'] ?? '');
    expect(refreshedClaims).toMatchObject({ sub: admin.userId, email: admin.email });

    // A second authorization in the same browser needs no password (the provider session).
    const again = await browser.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid email offline_access',
        redirect_uri: `${publicUrl}/callback`,
        code_challenge: auth.challenge,
        code_challenge_method: 'S256',
        state: 'second',
      }).toString()}`,
    );
    expect(again.url.startsWith(`${publicUrl}/callback?code=`)).toBe(true);

    // RP-initiated logout: the localized page posts its form, then back to the app.
    const logout = await browser.get(
      `/oidc/session/end?${new URLSearchParams({
        id_token_hint: tokens.body['id_token'] ?? '',
        post_logout_redirect_uri: `${publicUrl}/`,
        client_id: clientId,
        ui_locales: 'en',
      }).toString()}`,
    );
    expect(logout.html).toContain('Yes, sign me out');
    const action = /<form[^>]*action="([^"]+)"/.exec(logout.html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const out = await browser.post(action ?? '', { xsrf: xsrf ?? '', logout: 'yes' });
    expect(out.url).toBe(`${publicUrl}/`);

    const afterLogout = await authorize();
    expect(pageTitle(afterLogout.page.html)).toBe('Logi sisse');
  });

  it('shows English pages when the client asks for ui_locales=en, and switches language', async () => {
    const auth = await authorize(browser, { ui_locales: 'en' });
    expect(pageTitle(auth.page.html)).toBe('Sign in');
    expect(auth.page.html).toContain('<html lang="en">');
    const empty = await browser.post(`${auth.base}/login`, { email: '', password: '' });
    expect(fieldErrors(empty.html)).toEqual(['Please fill in this field.', 'Please fill in this field.']);
    const wrong = await signIn(browser, auth.base, 'nobody@example.ee', 'Whatever#1');
    expect(alertText(wrong.html)).toBe('Incorrect username or password.');
    const estonian = await browser.get(`${auth.base}?lang=et`);
    expect(pageTitle(estonian.html)).toBe('Logi sisse');
  });

  it('after 5 failed sign-ins asks for the password and an e-mailed code, which lift the lock', async () => {
    const buyer = DEMO_ACCOUNTS[3];
    if (!buyer) throw new Error('no demo buyer');
    const auth = await authorize(browser, { ui_locales: 'en' });
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(browser, auth.base, buyer.email, `Wrong#${i}abc`);
      expect(alertText(wrong.html)).toBe('Incorrect username or password.');
    }
    const mailsBefore = (await h.outbox.list(buyer.email)).length;
    const guess = await signIn(browser, auth.base, buyer.email, 'Wrong#again1');
    expect(pageTitle(guess.html)).toBe("Confirm it's you");
    expect((await h.outbox.list(buyer.email)).length).toBe(mailsBefore);

    const owner = new OidcBrowser(publicUrl);
    const ownerAuth = await authorize(owner, { ui_locales: 'en' });
    const asked = await signIn(owner, ownerAuth.base, buyer.email, buyer.password);
    expect(pageTitle(asked.html)).toBe("Confirm it's you");
    const done = await owner.post(`${ownerAuth.base}/unlock`, {
      confirmation_code: await latestCode(h.outbox, buyer.email),
    });
    callbackCode(done.url, ownerAuth.state);
  });

  it('signs up, confirms with the mailed code, and then signs in', async () => {
    const email = 'Uus.Kasutaja@Example.ee';
    const password = 'Uus#Parool1';
    const { auth, page } = await signUp(email, password);
    expect(pageTitle(page.html)).toBe('Saatsime teile e-kirja');
    expect(page.html).toContain('uus.kasutaja@example.ee');

    // Before confirming, signing in leads to the confirmation step (with a fresh code).
    const early = await signIn(browser, auth.base, email, password);
    expect(pageTitle(early.html)).toBe('Saatsime teile e-kirja');

    const wrongCode = await browser.post(`${auth.base}/confirm-sign-up`, { confirmation_code: '000000' });
    expect(fieldErrors(wrongCode.html)).toEqual(['Vale kinnituskood, palun proovige uuesti.']);

    const code = await latestCode(h.outbox, email);
    const confirmed = await browser.post(`${auth.base}/confirm-sign-up`, { confirmation_code: code });
    // Confirmed during a sign-in: the flow goes on to the second-factor offer; skipping finishes it.
    expect(pageTitle(confirmed.html)).toBe('Kaitske oma kontot');
    const done = await browser.post(`${auth.base}/offer-mfa/skip`, {});
    callbackCode(done.url, auth.state);

    const resend = new OidcBrowser(publicUrl);
    const other = await authorize(resend, { ui_locales: 'en' });
    await resend.get(`${other.base}?view=sign-up`);
    // Signing up again with the address answers as for a new one; the owner is told by mail.
    const taken = await resend.post(`${other.base}/sign-up`, { email, password, confirm_password: password });
    expect(pageTitle(taken.html)).toBe('We Emailed You');
    expect((await h.outbox.list(email))[0]?.subject).toBe('You already have a Lepinguturg account');

    // Signing in again needs no more steps: the skip was remembered.
    const next = new OidcBrowser(publicUrl);
    const auth2 = await authorize(next);
    const signedIn = await signIn(next, auth2.base, email, password);
    const tokens = await exchange(callbackCode(signedIn.url, auth2.state), auth2.verifier);
    expect(await verifyIdToken(tokens.body['id_token'] ?? '')).toMatchObject({
      email: 'uus.kasutaja@example.ee',
    });
  });

  it("answers 'User is already confirmed.' to a resend after confirmation, and continues to sign in", async () => {
    const email = 'kinnitatud@example.ee';
    const { auth } = await signUp(email, 'Kinnita#2026');
    const other = new OidcBrowser(publicUrl);
    const auth2 = await authorize(other, { ui_locales: 'en' });
    // Confirm in another browser (another tab of the flow).
    await signIn(other, auth2.base, email, 'Kinnita#2026');
    await other.post(`${auth2.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, email),
    });

    const resent = await browser.post(`${auth.base}/resend-code`, {});
    expect(pageTitle(resent.html)).toBe('Logi sisse');
    expect(alertText(resent.html)).toBe('Kasutaja on juba kinnitatud.');
    const en = await browser.get(`${auth.base}?lang=en`);
    expect(pageTitle(en.html)).toBe('Sign in');
  });

  it('checks the password rules and the confirmation on sign-up', async () => {
    const auth = await authorize(browser, { ui_locales: 'en' });
    await browser.get(`${auth.base}?view=sign-up`);
    const weak = await browser.post(`${auth.base}/sign-up`, {
      email: 'weak@example.ee',
      password: 'abc',
      confirm_password: 'abd',
    });
    expect(fieldErrors(weak.html)).toEqual([
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
      'Your passwords must match',
    ]);
    const empty = await browser.post(`${auth.base}/sign-up`, {
      email: '',
      password: '',
      confirm_password: '',
    });
    expect(fieldErrors(empty.html)).toEqual(Array(3).fill('Please fill in this field.'));
  });

  it("answers 'Invalid e-mail' (not 'Please fill in this field.') to a malformed address on sign-up", async () => {
    for (const [lang, invalid, required] of [
      ['et', 'Vigane e-posti aadress', 'Palun täitke see väli.'],
      ['en', 'Invalid e-mail', 'Please fill in this field.'],
    ] as const) {
      const b = new OidcBrowser(publicUrl);
      const auth = await authorize(b, { ui_locales: lang });
      await b.get(`${auth.base}?view=sign-up`);
      const page = await b.post(`${auth.base}/sign-up`, {
        email: 'not-an-email',
        password: '',
        confirm_password: '',
      });
      expect(page.response.status).toBe(400);
      expect(page.html).toContain('value="not-an-email"');
      expect(fieldErrors(page.html)).toEqual([invalid, required, required]);
    }
  });

  it('resets a forgotten password with a mailed code', async () => {
    const email = 'unustaja@example.ee';
    const { auth } = await signUp(email, 'Vana#Parool1');
    await browser.post(`${auth.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, email),
    });

    await browser.get(`${auth.base}?view=forgot-password`);
    const sent = await browser.post(`${auth.base}/forgot-password`, { email });
    expect(pageTitle(sent.html)).toBe('Parooli lähtestamine');
    const mismatch = await browser.post(`${auth.base}/reset-password`, {
      confirmation_code: await latestCode(h.outbox, email),
      password: 'Uus#Parool2',
      confirm_password: 'Uus#Parool3',
    });
    expect(fieldErrors(mismatch.html)).toEqual(['Paroolid peavad ühtima']);
    const reset = await browser.post(`${auth.base}/reset-password`, {
      confirmation_code: await latestCode(h.outbox, email),
      password: 'Uus#Parool2',
      confirm_password: 'Uus#Parool2',
    });
    expect(pageTitle(reset.html)).toBe('Logi sisse');
    expect(alertText(reset.html)).toBe('Teie parool on muudetud. Logige sisse uue parooliga.');

    const old = await signIn(browser, auth.base, email, 'Vana#Parool1');
    expect(alertText(old.html)).toBe('Vale kasutajanimi või parool.');
    const fresh = await signIn(browser, auth.base, email, 'Uus#Parool2');
    expect(pageTitle(fresh.html)).toBe('Kaitske oma kontot');
  });

  it('sets up an authenticator app during sign-in and asks for its code next time', async () => {
    const email = 'totp@example.ee';
    const password = 'Autentija#Parool1';
    const { auth } = await signUp(email, password);
    await browser.post(`${auth.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, email),
    });
    const offer = await signIn(browser, auth.base, email, password);
    expect(pageTitle(offer.html)).toBe('Kaitske oma kontot');
    const setup = await browser.post(`${auth.base}/offer-mfa`, { mfa_type: 'TOTP' });
    expect(pageTitle(setup.html)).toBe('Autentimisrakenduse seadistamine');
    expect(setup.html).toMatch(/<img class="qr" src="data:image\/png;base64,[^"]+" width="228" height="228"/);
    const secret = /<code id="totp-secret">([A-Z2-7]+)<\/code>/.exec(setup.html)?.[1] ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const setupAt = new Date();
    const done = await browser.post(`${auth.base}/setup-totp`, {
      confirmation_code: totpCode(secret, setupAt),
    });
    callbackCode(done.url, auth.state);

    const next = new OidcBrowser(publicUrl);
    const auth2 = await authorize(next, { ui_locales: 'en' });
    const ask = await signIn(next, auth2.base, email, password);
    expect(pageTitle(ask.html)).toBe('Confirm TOTP Code');
    const wrong = await next.post(`${auth2.base}/mfa-totp`, { confirmation_code: '000000' });
    expect(fieldErrors(wrong.html)).toEqual(['Invalid code or auth state for the user.']);
    // The code that set the app up is used: its time step is not taken again, the next one is.
    const replayed = await next.post(`${auth2.base}/mfa-totp`, {
      confirmation_code: totpCode(secret, setupAt),
    });
    expect(fieldErrors(replayed.html)).toEqual(['Invalid code or auth state for the user.']);
    const right = await next.post(`${auth2.base}/mfa-totp`, {
      confirmation_code: totpCode(secret, new Date(setupAt.getTime() + 30_000)),
    });
    const tokens = await exchange(callbackCode(right.url, auth2.state), auth2.verifier);
    expect(tokens.status).toBe(200);
  });

  it('uses e-mail codes as a second factor, and lets a person with both factors choose', async () => {
    const email = 'kaks@example.ee';
    const password = 'Teine#Tegur1';
    const { auth } = await signUp(email, password);
    await browser.post(`${auth.base}/confirm-sign-up`, {
      confirmation_code: await latestCode(h.outbox, email),
    });
    await signIn(browser, auth.base, email, password);
    const setup = await browser.post(`${auth.base}/offer-mfa`, { mfa_type: 'EMAIL' });
    expect(pageTitle(setup.html)).toBe('E-posti koodide seadistamine');
    const done = await browser.post(`${auth.base}/setup-email`, {
      confirmation_code: await latestCode(h.outbox, email),
    });
    callbackCode(done.url, auth.state);

    const next = new OidcBrowser(publicUrl);
    const auth2 = await authorize(next);
    const ask = await signIn(next, auth2.base, email, password);
    expect(pageTitle(ask.html)).toBe('Sisestage e-posti kood');
    const wrong = await next.post(`${auth2.base}/mfa-email`, { confirmation_code: '000000' });
    expect(fieldErrors(wrong.html)).toEqual(['Vale kood või sisselogimise olek.']);
    const right = await next.post(`${auth2.base}/mfa-email`, {
      confirmation_code: await latestCode(h.outbox, email),
    });
    callbackCode(right.url, auth2.state);

    // Add an authenticator too: the next sign-in offers a choice.
    const account = h.db.prepare('SELECT id FROM identity_accounts WHERE email = ?').get(email) as {
      id: string;
    };
    h.db
      .prepare(
        "UPDATE identity_accounts SET totp_secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totp_enabled = 1 WHERE id = ?",
      )
      .run(account.id);
    const third = new OidcBrowser(publicUrl);
    const auth3 = await authorize(third, { ui_locales: 'en' });
    const choose = await signIn(third, auth3.base, email, password);
    expect(pageTitle(choose.html)).toBe('Choose a second factor');
    const totp = await third.post(`${auth3.base}/choose-mfa`, { mfa_type: 'TOTP' });
    expect(pageTitle(totp.html)).toBe('Confirm TOTP Code');
    const ok = await third.post(`${auth3.base}/mfa-totp`, {
      confirmation_code: totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date()),
    });
    callbackCode(ok.url, auth3.state);
  });

  it('forces a new password when the account must change it', async () => {
    const buyer = DEMO_ACCOUNTS[2];
    if (!buyer) throw new Error('no demo account');
    h.db.prepare('UPDATE identity_accounts SET must_change_password = 1 WHERE id = ?').run(buyer.userId);
    const auth = await authorize(browser, { ui_locales: 'en' });
    const force = await signIn(browser, auth.base, buyer.email, buyer.password);
    expect(pageTitle(force.html)).toBe('Change Password');
    const weak = await browser.post(`${auth.base}/new-password`, {
      password: 'short',
      confirm_password: 'short',
    });
    expect(fieldErrors(weak.html)).toContain('Password must have at least 8 characters');
    const done = await browser.post(`${auth.base}/new-password`, {
      password: 'Uus#Leping2026',
      confirm_password: 'Uus#Leping2026',
    });
    callbackCode(done.url, auth.state);
  });

  it('refuses an interaction without its cookie (another browser)', async () => {
    const auth = await authorize();
    const stranger = new OidcBrowser(publicUrl);
    const page = await stranger.post(`${auth.base}/login`, { email: 'x@example.ee', password: 'y' });
    expect(page.response.status).toBe(400);
  });

  it('keeps mail in the dev mailbox', async () => {
    const base = publicUrl.replace('localhost', '127.0.0.1');
    const json = (await (
      await fetch(`${base}/api/dev/mailbox?to=totp@example.ee`)
    ).json()) as OutboxMessage[];
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((m) => m.to === 'totp@example.ee')).toBe(true);
    const html = await (await fetch(`${base}/dev/mailbox`)).text();
    expect(html).toContain('Dev mailbox');
    expect(html).toContain('totp@example.ee');
  });

  it('keeps its signing key across restarts', async () => {
    await wait(1);
    const base = publicUrl.replace('localhost', '127.0.0.1');
    const before = (await (await fetch(`${base}/oidc/jwks`)).json()) as JSONWebKeySet;
    const again = await startHarness({}, h.dir);
    try {
      const after = (await (
        await fetch(`${again.config.publicUrl.replace('localhost', '127.0.0.1')}/oidc/jwks`)
      ).json()) as JSONWebKeySet;
      expect(after.keys.map((k) => k.kid)).toEqual(before.keys.map((k) => k.kid));
    } finally {
      await stopHarness(again, false);
    }
  });
});

describe('embedded identity provider with sign-up hidden', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SIGN_UP_ENABLED: 'false' });
  }, 30_000);
  afterAll(async () => stopHarness(h));

  it('shows no sign-up tab and refuses sign-up', async () => {
    const publicUrl = h.config.publicUrl;
    const browser = new OidcBrowser(publicUrl);
    const p = pkce();
    const page = await browser.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: h.config.identity.clientId,
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: `${publicUrl}/callback`,
        code_challenge: p.challenge,
        code_challenge_method: 'S256',
        state: p.state,
      }).toString()}`,
    );
    expect(pageTitle(page.html)).toBe('Logi sisse');
    expect(page.html).not.toContain('view=sign-up');
    const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0] ?? '';
    const signUp = await browser.get(`${base}?view=sign-up`);
    expect(pageTitle(signUp.html)).toBe('Logi sisse');
    const posted = await browser.post(`${base}/sign-up`, {
      email: 'keelatud@example.ee',
      password: 'Keelatud#1',
      confirm_password: 'Keelatud#1',
    });
    expect(pageTitle(posted.html)).toBe('Logi sisse');
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM identity_accounts').get()).toEqual({ n: 0 });
  });
});
