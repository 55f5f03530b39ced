import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Clock } from '../../server/src/infrastructure/clock/clock';
import {
  OidcBrowser,
  alertText,
  fieldErrors,
  pageTitle,
  pkce,
} from '../../server/src/infrastructure/identity/embedded/testing/oidc-browser';
import { totpCode } from '../../server/src/infrastructure/identity/embedded/totp';
import { SQLITE_DATABASE } from '../../server/src/infrastructure/infrastructure.module';
import type { OutboxMailer } from '../../server/src/infrastructure/mail/outbox-mailer';
import { OUTBOX } from '../../server/src/infrastructure/infrastructure.module';
import type { SqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { type TestServer, startTestServer } from '../support/test-server';

/** Real time, which a test can push forward (waits) without touching the provider's own clock. */
class ShiftedClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * Waits for the next whole second. ID tokens count sign-in time in seconds, so a sign-in in the second
 * sessions were ended counts as ended (sign-in.decider.ts); a person signing in again is never that fast.
 */
function nextSecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 5));
}

const TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const demo = (email: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
};

/**
 * The hosted sign-in pages and the API over real HTTP, with the production limits: every "network" is
 * an X-Forwarded-For address (TRUST_PROXY=true), so one test machine plays many clients.
 */
describe('Sign-in abuse (hosted pages and API over real HTTP, production limits)', () => {
  const clock = new ShiftedClock();
  let server: TestServer;
  let outbox: OutboxMailer;
  let db: SqliteDatabase;
  let publicUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ clock, productionLimits: true, env: { TRUST_PROXY: 'true' } });
    publicUrl = server.url;
    outbox = server.app.get<OutboxMailer>(OUTBOX);
    db = server.app.get<SqliteDatabase>(SQLITE_DATABASE);
  }, 60_000);
  afterAll(() => server.close());

  const browserFrom = (network: string) => new OidcBrowser(publicUrl, { 'x-forwarded-for': network });
  let networks = 0;
  /** A browser on a network nobody else uses. */
  const freshBrowser = () => browserFrom(`198.51.100.${++networks}`);

  async function authorize(b: OidcBrowser, lang: 'et' | 'en' = 'en') {
    const p = pkce();
    const page = await b.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'lepinguturg-web',
        response_type: 'code',
        scope: 'openid email offline_access',
        redirect_uri: `${publicUrl}/callback`,
        code_challenge: p.challenge,
        code_challenge_method: 'S256',
        state: p.state,
        nonce: p.nonce,
        ui_locales: lang,
      }).toString()}`,
    );
    const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0];
    if (!base) throw new Error(`not an interaction page: ${page.url}`);
    return { ...p, base, page };
  }

  const signIn = (b: OidcBrowser, base: string, email: string, password: string) =>
    b.post(`${base}/login`, { email, password });

  function callbackCode(url: string): string {
    const code = new URL(url).searchParams.get('code');
    if (!url.startsWith(`${publicUrl}/callback`) || !code) throw new Error(`not the callback: ${url}`);
    return code;
  }

  async function tokens(code: string, verifier: string) {
    const response = await request(publicUrl)
      .post('/oidc/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        client_id: 'lepinguturg-web',
        redirect_uri: `${publicUrl}/callback`,
        code_verifier: verifier,
      })
      .expect(200);
    return response.body as { id_token: string; refresh_token: string };
  }

  const refresh = (refreshToken: string) =>
    request(publicUrl)
      .post('/oidc/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'lepinguturg-web' });

  const readUser = (idToken: string) =>
    request(publicUrl).get('/api/user/read').set('Authorization', `Bearer ${idToken}`);

  async function latestMail(to: string) {
    const [message] = await outbox.list(to);
    return message;
  }

  async function latestCode(to: string): Promise<string> {
    const code = /\b(\d{6})\b/.exec((await latestMail(to))?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }

  /** Signs a demo account in from a fresh network; answers its tokens and its browser. */
  async function signedIn(email: string, password: string) {
    const browser = freshBrowser();
    const auth = await authorize(browser);
    const done = await signIn(browser, auth.base, email, password);
    return { browser, ...(await tokens(callbackCode(done.url), auth.verifier)) };
  }

  describe('sessions end with a password reset and with "sign out everywhere" (finding 4)', () => {
    it('a reset ends the provider session and refresh token, and the API refuses the older ID token', async () => {
      const { email, password } = demo('kadri.tamm@example.ee');
      const before = await signedIn(email, password);
      await readUser(before.id_token).expect(200);

      const resetter = freshBrowser();
      const auth = await authorize(resetter);
      await resetter.get(`${auth.base}?view=forgot-password`);
      await resetter.post(`${auth.base}/forgot-password`, { email });
      const reset = await resetter.post(`${auth.base}/reset-password`, {
        confirmation_code: await latestCode(email),
        password: 'Uus#Leping2027',
        confirm_password: 'Uus#Leping2027',
      });
      expect(pageTitle(reset.html)).toBe('Sign in');

      const { body } = await readUser(before.id_token).set('Accept-Language', 'en').expect(401);
      expect(body).toMatchObject({ code: 'AUTH.UNAUTHORIZED' });
      expect((await refresh(before.refresh_token)).status).toBe(400);
      // The old browser's provider session is gone: authorizing again asks for the password.
      const again = await authorize(before.browser);
      expect(pageTitle(again.page.html)).toBe('Sign in');
      // Signing in with the new password works, and its token is accepted.
      await nextSecond();
      const after = await signedIn(email, 'Uus#Leping2027');
      await readUser(after.id_token).expect(200);
    });

    it('"sign out everywhere" ends every sign-in of the caller, on every device', async () => {
      const { email, password } = demo('martin.kask@example.ee');
      const phone = await signedIn(email, password);
      const laptop = await signedIn(email, password);
      await request(publicUrl)
        .delete('/api/user/sessions')
        .set('Authorization', `Bearer ${laptop.id_token}`)
        .expect(204);
      for (const device of [phone, laptop]) {
        await readUser(device.id_token).expect(401);
        expect((await refresh(device.refresh_token)).status).toBe(400);
      }
      await nextSecond();
      const later = await signedIn(email, password);
      await readUser(later.id_token).expect(200);
    });
  });

  describe('the same answers for addresses with and without an account (finding 6)', () => {
    it('sign-up with a taken address reads like a new one, and the owner gets a mail instead', async () => {
      const answers = async (email: string) => {
        const browser = freshBrowser();
        const auth = await authorize(browser);
        await browser.get(`${auth.base}?view=sign-up`);
        const page = await browser.post(`${auth.base}/sign-up`, {
          email,
          password: 'Kindel#Salasona7',
          confirm_password: 'Kindel#Salasona7',
        });
        const codes = [];
        for (let i = 0; i < 5; i++) {
          const wrong = await browser.post(`${auth.base}/confirm-sign-up`, { confirmation_code: '000000' });
          codes.push([alertText(wrong.html), ...fieldErrors(wrong.html)]);
        }
        return { title: pageTitle(page.html), alert: alertText(page.html), codes };
      };
      const taken = await answers('ostja@example.ee');
      const fresh = await answers(`uus-${randomUUID()}@example.ee`);
      expect(taken).toEqual(fresh);
      expect(taken.title).toBe('We Emailed You');
      expect(taken.codes.at(-1)).toEqual(['Attempt limit exceeded, please try after some time.']);
      expect((await latestMail('ostja@example.ee'))?.subject).toBe('You already have a Lepinguturg account');
    });

    it('wrong reset codes answer alike, up to the attempt limit, for a real and an unknown address', async () => {
      const answers = async (email: string) => {
        const browser = freshBrowser();
        const auth = await authorize(browser);
        await browser.get(`${auth.base}?view=forgot-password`);
        const sent = await browser.post(`${auth.base}/forgot-password`, { email });
        const out = [pageTitle(sent.html)];
        for (let i = 0; i < 6; i++) {
          const wrong = await browser.post(`${auth.base}/reset-password`, {
            confirmation_code: '000000',
            password: 'Kindel#Salasona7',
            confirm_password: 'Kindel#Salasona7',
          });
          out.push(`${alertText(wrong.html) ?? ''}|${fieldErrors(wrong.html).join('|')}`);
        }
        return out;
      };
      const real = await answers('admin@lepinguturg.ee');
      const unknown = await answers(`keegi-${randomUUID()}@example.ee`);
      expect(real).toEqual(unknown);
      expect(real.at(-1)).toBe('Attempt limit exceeded, please try after some time.|');
    });
  });

  describe('wrong passwords cost the guesser, not the owner (finding 3)', () => {
    it('locks an attacked address behind an e-mailed code, which the owner gets with the right password', async () => {
      const { email, password } = demo('ostja@example.ee');
      const attacker = freshBrowser();
      const auth = await authorize(attacker);
      for (let i = 0; i < 5; i++) {
        const wrong = await signIn(attacker, auth.base, email, `Arvan#${i}Parool`);
        expect(alertText(wrong.html)).toBe('Incorrect username or password.');
      }
      const mails = (await outbox.list(email)).length;
      const guess = await signIn(attacker, auth.base, email, 'Arvan#5Parool');
      expect(pageTitle(guess.html)).toBe("Confirm it's you");
      const guessedCode = await attacker.post(`${auth.base}/unlock`, { confirmation_code: '123456' });
      expect(fieldErrors(guessedCode.html)).toEqual([
        'Invalid verification code provided, please try again.',
      ]);
      expect((await outbox.list(email)).length).toBe(mails);

      // An unknown address behaves the same after five misses (from another network: this one has
      // used up its free tries).
      const prober = freshBrowser();
      const proberAuth = await authorize(prober);
      const nobody = `keegi-${randomUUID()}@example.ee`;
      for (let i = 0; i < 5; i++) await signIn(prober, proberAuth.base, nobody, `Arvan#${i}Parool`);
      expect(pageTitle((await signIn(prober, proberAuth.base, nobody, 'Arvan#5Parool')).html)).toBe(
        "Confirm it's you",
      );

      const owner = freshBrowser();
      const ownerAuth = await authorize(owner);
      const asked = await signIn(owner, ownerAuth.base, email, password);
      expect(pageTitle(asked.html)).toBe("Confirm it's you");
      expect((await latestMail(email))?.subject).toBe('Your Lepinguturg sign-in code');
      const done = await owner.post(`${ownerAuth.base}/unlock`, {
        confirmation_code: await latestCode(email),
      });
      callbackCode(done.url);
      // The lock is lifted: the password alone signs in again.
      const next = freshBrowser();
      const nextAuth = await authorize(next);
      callbackCode((await signIn(next, nextAuth.base, email, password)).url);
    });

    it('makes one network wait, longer and longer, after ten wrong passwords; other networks go on', async () => {
      const attacker = browserFrom('203.0.113.50');
      const auth = await authorize(attacker);
      for (let i = 0; i < 10; i++) {
        const wrong = await signIn(
          attacker,
          auth.base,
          `ohver${i}-${randomUUID()}@example.ee`,
          'Arvan#1Parool',
        );
        expect(wrong.response.status).toBe(400);
      }
      const held = await signIn(attacker, auth.base, 'ohver@example.ee', 'Arvan#1Parool');
      expect(held.response.status).toBe(429);
      expect(alertText(held.html)).toBe(
        'Too many sign-in attempts from your network. Try again in 1 second.',
      );
      const other = freshBrowser();
      const otherAuth = await authorize(other);
      expect((await signIn(other, otherAuth.base, 'ohver@example.ee', 'Arvan#1Parool')).response.status).toBe(
        400,
      );

      clock.advance(1_000);
      expect((await signIn(attacker, auth.base, 'ohver@example.ee', 'Arvan#1Parool')).response.status).toBe(
        400,
      );
      const longer = await signIn(attacker, auth.base, 'ohver@example.ee', 'Arvan#1Parool');
      expect(alertText(longer.html)).toBe(
        'Too many sign-in attempts from your network. Try again in 2 seconds.',
      );
    });

    it('sends at most five mails to one address in a burst, whoever asks', async () => {
      const email = demo('martin.kask@example.ee').email;
      const browser = freshBrowser();
      const auth = await authorize(browser);
      await browser.get(`${auth.base}?view=forgot-password`);
      const before = (await outbox.list(email)).length;
      const answers: (string | null)[] = [];
      for (let i = 0; i < 6; i++) {
        const sent = await freshBrowser().post(`${auth.base}/forgot-password`, { email }); // no cookie: refused
        expect(sent.response.status).toBe(400);
        const page = await browser.post(`${auth.base}/forgot-password`, { email });
        answers.push(alertText(page.html));
      }
      expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
      expect(answers[5]).toBe('Too many e-mails were asked for. Try again in 5 minutes.');
      expect((await outbox.list(email)).length - before).toBe(5);
    });
  });

  describe('authenticator codes cannot be guessed or replayed (finding 1)', () => {
    const { email, password, userId } = demo('admin@lepinguturg.ee');

    beforeAll(() => {
      db.prepare(
        'UPDATE identity_accounts SET totp_secret = ?, totp_enabled = 1, totp_last_step = NULL WHERE id = ?',
      ).run(TOTP_SECRET, userId);
    });

    const toTotpPage = async () => {
      const browser = freshBrowser();
      const auth = await authorize(browser);
      const page = await signIn(browser, auth.base, email, password);
      expect([pageTitle(page.html), alertText(page.html), page.response.status]).toEqual([
        'Confirm TOTP Code',
        null,
        200,
      ]);
      return { browser, auth };
    };
    const enter = (b: OidcBrowser, base: string, code: string) =>
      b.post(`${base}/mfa-totp`, { confirmation_code: code });
    /** The authenticator's code, by the server's clock (which the test moves forward). */
    const code = (offsetSteps = 0) =>
      totpCode(TOTP_SECRET, new Date(clock.now().getTime() + offsetSteps * 30_000));

    it('counts wrong codes on the account, so a right password does not start them over', async () => {
      const first = await toTotpPage();
      for (let i = 0; i < 5; i++) {
        const wrong = await enter(first.browser, first.auth.base, String(100_000 + i));
        expect(fieldErrors(wrong.html)).toEqual(['Invalid code or auth state for the user.']);
      }
      expect((await latestMail(email))?.subject).toBe(
        'Wrong authenticator codes on your Lepinguturg account',
      );
      // The password again, in a new sign-in: the wait holds, even for the right code.
      const second = await toTotpPage();
      const held = await enter(second.browser, second.auth.base, code());
      expect(held.response.status).toBe(429);
      expect(alertText(held.html)).toBe('Too many wrong codes. Try again in 30 seconds.');
      clock.advance(30_000);
      const wrongAgain = await enter(second.browser, second.auth.base, '999999');
      expect(fieldErrors(wrongAgain.html)).toEqual(['Invalid code or auth state for the user.']);
      const longer = await enter(second.browser, second.auth.base, code());
      expect(alertText(longer.html)).toBe('Too many wrong codes. Try again in 1 minute.');
      clock.advance(60_000);
      callbackCode((await enter(second.browser, second.auth.base, code())).url);
    });

    it('takes each code once: the same code in another sign-in is refused, the next one is taken', async () => {
      const used = code(1);
      const first = await toTotpPage();
      callbackCode((await enter(first.browser, first.auth.base, used)).url);
      const second = await toTotpPage();
      const replayed = await enter(second.browser, second.auth.base, used);
      expect(fieldErrors(replayed.html)).toEqual(['Invalid code or auth state for the user.']);
      expect(replayed.response.status).toBe(400);
    });
  });
});
