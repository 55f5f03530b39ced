import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, Provider } from 'oidc-provider';
import { toDataURL } from 'qrcode';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../../mail/mail.port';
import {
  type IdentityLanguage,
  type MessageKey,
  formatWait,
  pickLanguage,
  translate,
} from './identity-messages';
import {
  type Alert,
  type FieldErrors,
  type PageContext,
  type ShopLinks,
  chooseMfaPage,
  confirmSignUpPage,
  forgotPasswordPage,
  messagePage,
  mfaCodePage,
  newPasswordPage,
  offerMfaPage,
  resetPasswordPage,
  setupEmailPage,
  setupTotpPage,
  signInPage,
  signUpPage,
  unlockPage,
} from './identity-pages';
import { accessibilityClasses } from './identity-page-assets';
import { EMAIL_PATTERN, passwordProblems, passwordsMismatch, weakPasswordProblems } from './password-rules';
import { SIGN_IN_LIMITS, type SignInThrottle, growingDelayMs } from './sign-in-limits';
import {
  EmailTakenError,
  type IdentityAccount,
  type SqliteAccountStore,
  hashPassword,
  normalizeEmail,
  verifyPasswordHash,
} from './sqlite-account-store';
import type {
  InteractionNotice,
  InteractionStage,
  InteractionState,
  SqliteInteractionStateStore,
} from './sqlite-interaction-state-store';
import {
  CODE_TTL_SECONDS,
  type CodeCheck,
  type CodePurpose,
  MAX_CODE_ATTEMPTS,
  type SqliteOneTimeCodeStore,
} from './sqlite-one-time-code-store';
import { generateTotpSecret, matchTotpStep, otpauthUri } from './totp';

/** Why the password of an account changed, for ending its other sign-ins. */
export type PasswordChange = 'password-reset' | 'password-changed';

export interface IdentityInteractionsDeps {
  readonly provider: Provider;
  readonly accounts: SqliteAccountStore;
  readonly codes: SqliteOneTimeCodeStore;
  readonly states: SqliteInteractionStateStore;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly throttle: SignInThrottle;
  /** URL path where oidc-provider is mounted, e.g. /oidc. */
  readonly mountPath: string;
  readonly signUpEnabled: boolean;
  /** Where the pages link back to the shop. */
  readonly shop: ShopLinks;
  /** Ends every other sign-in of the account (sessions, refresh tokens, older ID tokens). */
  readonly onPasswordChanged: (accountId: string, change: PasswordChange) => Promise<void>;
}

type Form = Readonly<Record<string, string>>;

/** Views a person may open directly from any page (tabs, links); they forget an entered password. */
const OPEN_VIEWS: ReadonlySet<InteractionStage> = new Set(['sign-in', 'sign-up', 'forgot-password']);
/** Stages that do not need the password entered in this interaction. */
const BEFORE_PASSWORD: ReadonlySet<InteractionStage> = new Set([
  'sign-in',
  'sign-up',
  'forgot-password',
  'reset-password',
  'confirm-sign-up',
  'unlock',
]);
const MAX_BODY_BYTES = 16 * 1024;
const MAX_MFA_FAILURES = 5;
/** Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password. */
const dummyHash = hashPassword('not-a-real-password');

class BadRequestError extends Error {}

async function readForm(req: IncomingMessage): Promise<Form> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequestError('body too large');
    chunks.push(chunk);
  }
  const form: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) form[key] = value;
  return form;
}

/** The client's address as Fastify saw it (middie copies it, honouring TRUST_PROXY). */
function clientAddress(req: IncomingMessage): string | undefined {
  return (req as IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress;
}

/**
 * The hosted sign-in pages under `${mountPath}/interaction/:uid`: e-mail and password, sign-up with an
 * e-mail code, password reset, forced password change, and second factors (TOTP or e-mail code).
 * Each POST either answers the same page with errors or moves the interaction's stage and redirects
 * (303) to the interaction URL, which renders the stage; the last step hands the account to
 * oidc-provider (interactionFinished).
 */
export class IdentityInteractions {
  constructor(private readonly deps: IdentityInteractionsDeps) {}

  /** Handles `/interaction/...` (path relative to the mount); false when the path is not ours. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<boolean> {
    const match = /^\/interaction\/([\w-]+)(?:\/([\w/-]+))?\/?$/.exec(path);
    if (!match?.[1]) return false;
    const uid = match[1];
    const action = match[2] ?? '';
    let interaction: Interaction;
    try {
      interaction = await this.deps.provider.interactionDetails(req, res);
    } catch {
      // No or expired interaction cookie (or another browser's uid): nothing to continue.
      this.sendHtml(
        res,
        400,
        messagePage(
          {
            ...this.context('', pickLanguage(query.get('lang')), null),
            htmlClasses: accessibilityClasses(req.headers.cookie),
          },
          'title.error',
          'error.sessionExpired',
        ),
      );
      return true;
    }
    if (interaction.uid !== uid) {
      this.redirect(res, this.base(interaction.uid));
      return true;
    }
    const now = this.deps.clock.now();
    const stored = this.deps.states.get(uid, now);
    // State saved by an older version lacks the newer fields: they start empty.
    const state: InteractionState = {
      ...this.initialState(interaction),
      ...stored,
    };
    const flow = new InteractionFlow(this.deps, req, res, interaction, state);
    if (req.method === 'GET' || req.method === 'HEAD') {
      await flow.show(action, query);
    } else if (req.method === 'POST') {
      let form: Form;
      try {
        form = await readForm(req);
      } catch {
        res.statusCode = 413;
        res.end();
        return true;
      }
      await flow.submit(action, form);
    } else {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, POST');
      res.end();
    }
    return true;
  }

  private initialState(interaction: Interaction): InteractionState {
    const hint = interaction.params['login_hint'];
    return {
      stage: 'sign-in',
      lang: pickLanguage(interaction.params['ui_locales']),
      email: typeof hint === 'string' && EMAIL_PATTERN.test(hint) ? normalizeEmail(hint) : '',
      accountId: null,
      passwordVerified: false,
      pendingTotpSecret: null,
      mfaFailures: 0,
      signedUpHere: false,
      decoy: null,
      notice: null,
    };
  }

  private base(uid: string): string {
    return `${this.deps.mountPath}/interaction/${uid}`;
  }

  private context(base: string, lang: IdentityLanguage, alert: Alert | null): PageContext {
    return {
      base,
      lang,
      alert,
      signUpEnabled: this.deps.signUpEnabled,
      assets: `${this.deps.mountPath}/assets`,
      shop: this.deps.shop,
    };
  }

  private redirect(res: ServerResponse, location: string): void {
    res.statusCode = 303;
    res.setHeader('Location', location);
    res.setHeader('Content-Length', '0');
    res.end();
  }

  private sendHtml(res: ServerResponse, status: number, html: string): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(html);
  }
}

/** One request of one interaction: its state, and the steps that move it. */
class InteractionFlow {
  private state: InteractionState;
  private readonly base: string;
  private readonly address: string | undefined;

  constructor(
    private readonly deps: IdentityInteractionsDeps,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly interaction: Interaction,
    state: InteractionState,
  ) {
    this.state = state;
    this.base = `${deps.mountPath}/interaction/${interaction.uid}`;
    this.address = clientAddress(req);
  }

  private get now(): Date {
    return this.deps.clock.now();
  }

  private t(key: MessageKey, values?: Readonly<Record<string, string>>): string {
    return translate(this.state.lang, key, values);
  }

  private ctx(alert: Alert | null): PageContext {
    return {
      base: this.base,
      lang: this.state.lang,
      alert,
      signUpEnabled: this.deps.signUpEnabled,
      assets: `${this.deps.mountPath}/assets`,
      shop: this.deps.shop,
      htmlClasses: accessibilityClasses(this.req.headers.cookie),
    };
  }

  private save(changes: Partial<InteractionState>): void {
    this.state = { ...this.state, ...changes };
    this.deps.states.put(this.interaction.uid, this.state, new Date(this.interaction.exp * 1000));
  }

  /** Moves to `stage` and sends the browser to the interaction URL, which shows it. */
  private goTo(stage: InteractionStage, changes: Partial<InteractionState> = {}): void {
    this.save({ ...changes, stage });
    this.res.statusCode = 303;
    this.res.setHeader('Location', this.base);
    this.res.setHeader('Content-Length', '0');
    this.res.end();
  }

  private html(status: number, html: string): void {
    this.res.statusCode = status;
    this.res.setHeader('Content-Type', 'text/html; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-store');
    this.res.end(this.req.method === 'HEAD' ? undefined : html);
  }

  private account(): IdentityAccount | null {
    return this.state.accountId ? this.deps.accounts.findById(this.state.accountId) : null;
  }

  // ---- GET ----

  async show(action: string, query: URLSearchParams): Promise<void> {
    if (action !== '') {
      this.goTo(this.state.stage);
      return;
    }
    const lang = query.get('lang');
    if (lang === 'et' || lang === 'en') this.save({ lang });
    const view = query.get('view') as InteractionStage | null;
    if (view !== null && OPEN_VIEWS.has(view) && (view !== 'sign-up' || this.deps.signUpEnabled)) {
      this.save({
        stage: view,
        passwordVerified: false,
        pendingTotpSecret: null,
        signedUpHere: false,
        decoy: null,
        notice: null,
      });
    }
    if (this.interaction.prompt.name !== 'login') {
      await this.grantConsent();
      return;
    }
    const notice = this.state.notice;
    if (notice) this.save({ notice: null });
    await this.render(this.state.stage, notice ? this.alertOf(notice) : null, {});
  }

  private alertOf(notice: InteractionNotice): Alert {
    return { kind: notice.kind, text: this.t(notice.key, notice.values) };
  }

  private async render(
    stage: InteractionStage,
    alert: Alert | null,
    errors: FieldErrors,
    status = 200,
  ): Promise<void> {
    const ctx = this.ctx(alert);
    const email = this.state.email;
    if (!BEFORE_PASSWORD.has(stage) && (!this.state.passwordVerified || !this.account())) {
      this.save({ stage: 'sign-in', passwordVerified: false });
      this.html(status, signInPage(ctx, email, errors));
      return;
    }
    switch (stage) {
      case 'sign-in':
        return this.html(status, signInPage(ctx, email, errors));
      case 'sign-up':
        return this.html(
          status,
          this.deps.signUpEnabled ? signUpPage(ctx, email, errors) : signInPage(ctx, email, errors),
        );
      case 'confirm-sign-up':
        return this.html(status, confirmSignUpPage(ctx, email, errors));
      case 'forgot-password':
        return this.html(status, forgotPasswordPage(ctx, email, errors));
      case 'reset-password':
        return this.html(status, resetPasswordPage(ctx, email, errors));
      case 'unlock':
        return this.html(status, unlockPage(ctx, email, errors));
      case 'new-password':
        return this.html(status, newPasswordPage(ctx, errors));
      case 'choose-mfa':
        return this.html(status, chooseMfaPage(ctx, errors));
      case 'mfa-totp':
        return this.html(status, mfaCodePage(ctx, 'totp', email, errors));
      case 'mfa-email':
        return this.html(status, mfaCodePage(ctx, 'email', email, errors));
      case 'offer-mfa':
        return this.html(status, offerMfaPage(ctx));
      case 'setup-totp': {
        const secret = this.state.pendingTotpSecret ?? generateTotpSecret();
        if (secret !== this.state.pendingTotpSecret) this.save({ pendingTotpSecret: secret });
        const qr = await toDataURL(otpauthUri(secret, email, 'Lepinguturg'), { width: 228, margin: 1 });
        return this.html(status, setupTotpPage(ctx, secret, qr, errors));
      }
      case 'setup-email':
        return this.html(status, setupEmailPage(ctx, email, errors));
    }
  }

  // ---- POST ----

  async submit(action: string, form: Form): Promise<void> {
    if (this.interaction.prompt.name !== 'login') {
      await this.grantConsent();
      return;
    }
    switch (action) {
      case 'login':
        return this.login(form);
      case 'sign-up':
        return this.signUp(form);
      case 'confirm-sign-up':
        return this.confirmSignUp(form);
      case 'resend-code':
        return this.resendSignUpCode();
      case 'forgot-password':
        return this.forgotPassword(form);
      case 'forgot-password/resend':
        return this.resendResetCode();
      case 'reset-password':
        return this.resetPassword(form);
      case 'unlock':
        return this.unlock(form);
      case 'unlock/resend':
        return this.resendUnlockCode();
      default:
        return this.submitSignedIn(action, form);
    }
  }

  /** Steps that need the password entered in this interaction. */
  private async submitSignedIn(action: string, form: Form): Promise<void> {
    const account = this.account();
    if (!account || !this.state.passwordVerified) {
      this.goTo('sign-in', { passwordVerified: false });
      return;
    }
    switch (action) {
      case 'new-password':
        return this.newPassword(account, form);
      case 'choose-mfa':
        return this.chooseMfa(account, form);
      case 'mfa-totp':
        return this.mfaTotp(account, form);
      case 'mfa-email':
        return this.mfaEmail(account, form);
      case 'mfa-email/resend': {
        const stage = this.state.stage === 'setup-email' ? 'setup-email' : 'mfa-email';
        return this.goTo(stage, { notice: await this.sendCode(account, 'mfa-email') });
      }
      case 'offer-mfa':
        return this.offerMfa(account, form);
      case 'offer-mfa/skip':
        this.deps.accounts.skipMfaOffer(account.id);
        return this.finish(account, ['pwd']);
      case 'setup-totp':
        return this.setupTotp(account, form);
      case 'setup-email':
        return this.setupEmail(account, form);
      default:
        this.goTo(this.state.stage);
    }
  }

  private required(form: Form, names: readonly string[]): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    for (const name of names) {
      if ((form[name] ?? '').trim() === '') errors[name] = [this.t('error.required')];
    }
    return errors;
  }

  /** Composition rules, then common passwords and the e-mail's name part (docs/decisions/). */
  private passwordErrors(form: Form, errors: Record<string, string[]>, email: string): void {
    const password = form['password'] ?? '';
    const confirm = form['confirm_password'] ?? '';
    if (password !== '') {
      const problems = passwordProblems(password);
      const all = problems.length > 0 ? problems : weakPasswordProblems(password, email);
      if (all.length > 0) errors['password'] = all.map((p) => this.t(`error.${p}`));
    }
    if (confirm !== '' && passwordsMismatch(password, confirm, true)) {
      errors['confirm_password'] = [this.t('error.passwordsMustMatch')];
    }
  }

  private error(key: MessageKey, values?: Readonly<Record<string, string>>): Alert {
    return { kind: 'error', text: this.t(key, values) };
  }

  private waitAlert(key: 'error.tooManyAttempts' | 'error.tooManyMails' | 'error.totpWait', ms: number) {
    return this.error(key, { wait: formatWait(this.state.lang, ms) });
  }

  private async login(form: Form): Promise<void> {
    const email = normalizeEmail(form['email'] ?? '');
    this.save({
      stage: 'sign-in',
      email,
      passwordVerified: false,
      accountId: null,
      pendingTotpSecret: null,
      mfaFailures: 0,
      signedUpHere: false,
      decoy: null,
    });
    const errors = this.required(form, ['email', 'password']);
    if (Object.keys(errors).length > 0) return this.render('sign-in', null, errors, 400);
    const nowMs = this.now.getTime();
    const wait = this.deps.throttle.signInWaitMs(this.address, nowMs);
    if (wait > 0) return this.render('sign-in', this.waitAlert('error.tooManyAttempts', wait), {}, 429);

    const { locked } = this.deps.accounts.signInFailures(email, this.now);
    const account = this.deps.accounts.findByEmail(email);
    const password = form['password'] ?? '';
    const passwordRight = account
      ? await this.deps.accounts.checkPassword(account.id, password)
      : await verifyPasswordHash(password, await dummyHash).then(() => false);
    if (!passwordRight) {
      // Counted per address whether or not it has an account, so neither the answers nor the lock tell.
      this.deps.accounts.recordFailedSignIn(email, this.now);
      this.deps.throttle.signInFailed(this.address, nowMs);
    }
    if (locked) return this.startUnlock(passwordRight ? account : null);
    if (!passwordRight || !account) return this.render('sign-in', this.error('error.incorrect'), {}, 400);
    this.deps.accounts.clearSignInFailures(email);
    this.save({ accountId: account.id, passwordVerified: true });
    await this.afterPassword(account);
  }

  /**
   * A locked address (too many wrong passwords): the page asks for an e-mailed code whatever the
   * password was, so guessing learns nothing; the code goes out only when the password was right.
   */
  private async startUnlock(account: IdentityAccount | null): Promise<void> {
    const wait = this.takeMail(this.state.email);
    if (wait > 0) return this.render('sign-in', this.waitAlert('error.tooManyMails', wait), {}, 429);
    if (account) await this.mailCode(account, 'unlock');
    this.goTo('unlock', {
      accountId: account?.id ?? null,
      decoy: account ? null : { issuedAt: this.now.toISOString(), failures: 0 },
    });
  }

  private async unlock(form: Form): Promise<void> {
    if (this.state.stage !== 'unlock') return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('unlock', null, errors, 400);
    const account = this.account();
    const result = this.checkCode(account, 'unlock', form['confirmation_code'] ?? '');
    if (result !== 'ok' || !account) return this.codeRefused('unlock', result);
    this.deps.accounts.clearSignInFailures(account.email);
    this.save({ passwordVerified: true, decoy: null });
    await this.afterPassword(account);
  }

  private async resendUnlockCode(): Promise<void> {
    if (this.state.stage !== 'unlock') return this.goTo(this.state.stage);
    const wait = this.takeMail(this.state.email);
    if (wait > 0) return this.render('unlock', this.waitAlert('error.tooManyMails', wait), {}, 429);
    const account = this.account();
    if (account) await this.mailCode(account, 'unlock');
    else this.save({ decoy: { issuedAt: this.now.toISOString(), failures: 0 } });
    this.goTo('unlock', { notice: this.codeSentNotice() });
  }

  /** Sign-in result steps after a correct password (SPEC §4): confirm, new password, second factor, done. */
  private async afterPassword(account: IdentityAccount): Promise<void> {
    if (!account.emailVerified) {
      return this.goTo('confirm-sign-up', { notice: await this.sendCode(account, 'confirm-sign-up') });
    }
    if (account.mustChangePassword) return this.goTo('new-password');
    await this.secondFactor(account);
  }

  private async secondFactor(account: IdentityAccount): Promise<void> {
    if (account.totpEnabled && account.emailMfaEnabled) return this.goTo('choose-mfa');
    if (account.totpEnabled) return this.goTo('mfa-totp');
    if (account.emailMfaEnabled) {
      return this.goTo('mfa-email', { notice: await this.sendCode(account, 'mfa-email') });
    }
    if (!account.skipMfaOffer) return this.goTo('offer-mfa');
    await this.finish(account, ['pwd']);
  }

  private async signUp(form: Form): Promise<void> {
    if (!this.deps.signUpEnabled) return this.goTo('sign-in');
    const email = normalizeEmail(form['email'] ?? '');
    this.save({ stage: 'sign-up', email, passwordVerified: false, accountId: null, signedUpHere: false });
    const errors = this.required(form, ['email', 'password', 'confirm_password']);
    if (!errors['email'] && !EMAIL_PATTERN.test(email)) errors['email'] = [this.t('error.emailInvalid')];
    this.passwordErrors(form, errors, email);
    if (Object.keys(errors).length > 0) return this.render('sign-up', null, errors, 400);
    const wait = this.takeMail(email);
    if (wait > 0) return this.render('sign-up', this.waitAlert('error.tooManyMails', wait), {}, 429);
    const password = form['password'] ?? '';
    let account: IdentityAccount;
    try {
      account = await this.deps.accounts.create({ email, password, emailVerified: false, now: this.now });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // The address has an account: the page answers as for a new one, and the owner gets a mail
      // saying so (SPEC §4 'An account with the given email already exists' would tell anybody).
      await this.mail(email, 'mail.accountExists.subject', 'mail.accountExists.text');
      return this.goTo('confirm-sign-up', { decoy: { issuedAt: this.now.toISOString(), failures: 0 } });
    }
    await this.mailCode(account, 'confirm-sign-up');
    this.goTo('confirm-sign-up', { accountId: account.id, signedUpHere: true, decoy: null });
  }

  private confirmTarget(): IdentityAccount | null {
    if (this.state.decoy) return null;
    return this.account() ?? (this.state.email ? this.deps.accounts.findByEmail(this.state.email) : null);
  }

  private async confirmSignUp(form: Form): Promise<void> {
    const account = this.confirmTarget();
    if (!account && !this.state.decoy) return this.goTo('sign-in');
    if (account?.emailVerified) return this.alreadyConfirmed();
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('confirm-sign-up', null, errors, 400);
    const result = this.checkCode(account, 'confirm-sign-up', form['confirmation_code'] ?? '');
    if (result !== 'ok' || !account) return this.codeRefused('confirm-sign-up', result);
    this.deps.accounts.markEmailVerified(account.id);
    const confirmed = this.deps.accounts.findById(account.id);
    // SPEC §4 auto sign-in: whoever chose the password in this interaction (signing up, or signing in
    // to an unconfirmed account) goes on signed in, without typing it again.
    if ((this.state.passwordVerified || this.state.signedUpHere) && confirmed) {
      this.deps.accounts.clearSignInFailures(confirmed.email);
      this.save({ accountId: confirmed.id, passwordVerified: true, signedUpHere: false });
      return this.afterPassword(confirmed);
    }
    this.goTo('sign-in', { notice: { kind: 'success', key: 'notice.accountConfirmed' } });
  }

  /** SPEC §4: 'User is already confirmed.' ends the confirmation as resolved: on to sign in. */
  private alreadyConfirmed(): void {
    this.goTo('sign-in', {
      passwordVerified: false,
      notice: { kind: 'info', key: 'notice.alreadyConfirmed' },
    });
  }

  private async resendSignUpCode(): Promise<void> {
    const account = this.confirmTarget();
    if (!account && !this.state.decoy) return this.goTo('sign-in');
    if (account?.emailVerified) return this.alreadyConfirmed();
    if (account)
      return this.goTo('confirm-sign-up', { notice: await this.sendCode(account, 'confirm-sign-up') });
    const wait = this.takeMail(this.state.email);
    this.goTo('confirm-sign-up', {
      ...(wait === 0 && { decoy: { issuedAt: this.now.toISOString(), failures: 0 } }),
      notice: wait > 0 ? this.waitNotice(wait) : this.codeSentNotice(),
    });
  }

  private async forgotPassword(form: Form): Promise<void> {
    const email = normalizeEmail(form['email'] ?? '');
    this.save({ stage: 'forgot-password', email, passwordVerified: false, accountId: null, decoy: null });
    const errors = this.required(form, ['email']);
    if (!errors['email'] && !EMAIL_PATTERN.test(email)) errors['email'] = [this.t('error.emailInvalid')];
    if (Object.keys(errors).length > 0) return this.render('forgot-password', null, errors, 400);
    const wait = this.takeMail(email);
    if (wait > 0) return this.render('forgot-password', this.waitAlert('error.tooManyMails', wait), {}, 429);
    const account = this.deps.accounts.findByEmail(email);
    // The next page, and every answer to a code on it, reads the same whether or not the account exists.
    if (account) await this.mailCode(account, 'reset-password');
    this.goTo('reset-password', {
      accountId: account?.id ?? null,
      decoy: account ? null : { issuedAt: this.now.toISOString(), failures: 0 },
    });
  }

  private async resendResetCode(): Promise<void> {
    if (this.state.stage !== 'reset-password') return this.goTo(this.state.stage);
    const account = this.account();
    if (account)
      return this.goTo('reset-password', { notice: await this.sendCode(account, 'reset-password') });
    const wait = this.takeMail(this.state.email);
    this.goTo('reset-password', {
      ...(wait === 0 && { decoy: { issuedAt: this.now.toISOString(), failures: 0 } }),
      notice: wait > 0 ? this.waitNotice(wait) : this.codeSentNotice(),
    });
  }

  private async resetPassword(form: Form): Promise<void> {
    if (this.state.stage !== 'reset-password') return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code', 'password', 'confirm_password']);
    this.passwordErrors(form, errors, this.state.email);
    if (Object.keys(errors).length > 0) return this.render('reset-password', null, errors, 400);
    const account = this.account();
    const result = this.checkCode(account, 'reset-password', form['confirmation_code'] ?? '');
    if (result !== 'ok' || !account) return this.codeRefused('reset-password', result);
    await this.deps.accounts.setPassword(account.id, form['password'] ?? '');
    // The code reached the mailbox, which proves the address as a sign-up code would.
    this.deps.accounts.markEmailVerified(account.id);
    await this.deps.onPasswordChanged(account.id, 'password-reset');
    this.goTo('sign-in', {
      passwordVerified: false,
      accountId: null,
      notice: { kind: 'success', key: 'notice.passwordChanged' },
    });
  }

  /**
   * Checks a mailed code of the interaction's account; without an account (a decoy step) every code is
   * wrong, with the same attempt limit and expiry a real code has.
   */
  private checkCode(account: IdentityAccount | null, purpose: CodePurpose, code: string): CodeCheck {
    if (account && !this.state.decoy) return this.deps.codes.check(account.id, purpose, code, this.now);
    const decoy = this.state.decoy ?? { issuedAt: this.now.toISOString(), failures: 0 };
    if (this.now.getTime() - Date.parse(decoy.issuedAt) >= CODE_TTL_SECONDS[purpose] * 1000) return 'expired';
    if (decoy.failures >= MAX_CODE_ATTEMPTS) return 'attempts-exceeded';
    const failures = decoy.failures + 1;
    this.save({ decoy: { ...decoy, failures } });
    return failures >= MAX_CODE_ATTEMPTS ? 'attempts-exceeded' : 'invalid';
  }

  /** The answer to a code that was not taken: wrong, expired, or the last attempt used up. */
  private codeRefused(
    stage: 'confirm-sign-up' | 'reset-password' | 'unlock',
    result: CodeCheck,
  ): Promise<void> {
    if (result === 'attempts-exceeded') return this.render(stage, this.error('error.attemptLimit'), {}, 400);
    const key = result === 'expired' ? 'error.codeExpired' : 'error.codeInvalid';
    return this.render(stage, null, { confirmation_code: [this.t(key)] }, 400);
  }

  private async newPassword(account: IdentityAccount, form: Form): Promise<void> {
    if (!account.mustChangePassword) return this.secondFactor(account);
    const errors = this.required(form, ['password', 'confirm_password']);
    this.passwordErrors(form, errors, account.email);
    if (Object.keys(errors).length > 0) return this.render('new-password', null, errors, 400);
    await this.deps.accounts.setPassword(account.id, form['password'] ?? '');
    await this.deps.onPasswordChanged(account.id, 'password-changed');
    const updated = this.deps.accounts.findById(account.id) ?? account;
    await this.secondFactor(updated);
  }

  private async chooseMfa(account: IdentityAccount, form: Form): Promise<void> {
    const type = form['mfa_type'];
    if (type === 'TOTP' && account.totpEnabled) return this.goTo('mfa-totp');
    if (type === 'EMAIL' && account.emailMfaEnabled) {
      return this.goTo('mfa-email', { notice: await this.sendCode(account, 'mfa-email') });
    }
    return this.render('choose-mfa', null, { mfa_type: [this.t('error.required')] }, 400);
  }

  /**
   * The authenticator code of an account that has one. Wrong codes count on the account, whatever
   * passwords were entered around them; past the free ones each try waits longer (sign-in-limits.ts),
   * and the owner is told by mail. A code is taken once: its time step, and earlier ones, never again.
   */
  private async mfaTotp(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'mfa-totp' || !account.totpEnabled || !account.totpSecret)
      return this.goTo(this.state.stage);
    const wait = this.totpWaitMs(account);
    if (wait > 0) return this.render('mfa-totp', this.waitAlert('error.totpWait', wait), {}, 429);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('mfa-totp', null, errors, 400);
    const step = matchTotpStep(
      account.totpSecret,
      form['confirmation_code'] ?? '',
      this.now,
      account.totpLastStep,
    );
    if (step === null) {
      this.deps.accounts.recordTotpFailure(account.id, this.now);
      if (account.totpFailures + 1 === SIGN_IN_LIMITS.totpFreeFailures && this.takeMail(account.email) === 0)
        await this.mail(account.email, 'mail.totpFailures.subject', 'mail.totpFailures.text');
      return this.render('mfa-totp', null, { confirmation_code: [this.t('error.mfaCode')] }, 400);
    }
    this.deps.accounts.recordTotpSuccess(account.id, step);
    await this.finish(account, ['pwd', 'otp']);
  }

  private totpWaitMs(account: IdentityAccount): number {
    if (account.totpLastFailedAt === null) return 0;
    const last = Date.parse(account.totpLastFailedAt);
    const { totpFreeFailures, totpFirstDelayMs, totpMaxDelayMs, totpFailuresForgottenAfterMs } =
      SIGN_IN_LIMITS;
    if (this.now.getTime() - last > totpFailuresForgottenAfterMs) return 0;
    const delay = growingDelayMs(account.totpFailures, totpFreeFailures, totpFirstDelayMs, totpMaxDelayMs);
    return Math.max(0, last + delay - this.now.getTime());
  }

  private async emailCode(
    account: IdentityAccount,
    form: Form,
    stage: 'mfa-email' | 'setup-email',
  ): Promise<boolean> {
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) {
      await this.render(stage, null, errors, 400);
      return false;
    }
    const result = this.deps.codes.check(account.id, 'mfa-email', form['confirmation_code'] ?? '', this.now);
    if (result === 'ok') return true;
    if (result === 'expired') {
      await this.render(stage, null, { confirmation_code: [this.t('error.codeExpired')] }, 400);
    } else if (result === 'attempts-exceeded') {
      this.save({ passwordVerified: false, accountId: null });
      await this.render('sign-in', this.error('error.attemptLimit'), {}, 400);
    } else {
      await this.render(stage, null, { confirmation_code: [this.t('error.mfaCode')] }, 400);
    }
    return false;
  }

  private async mfaEmail(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'mfa-email' || !account.emailMfaEnabled) return this.goTo(this.state.stage);
    if (await this.emailCode(account, form, 'mfa-email')) await this.finish(account, ['pwd', 'otp']);
  }

  private async offerMfa(account: IdentityAccount, form: Form): Promise<void> {
    if (form['mfa_type'] === 'EMAIL') {
      return this.goTo('setup-email', { notice: await this.sendCode(account, 'mfa-email') });
    }
    if (form['mfa_type'] === 'TOTP')
      return this.goTo('setup-totp', { pendingTotpSecret: generateTotpSecret() });
    return this.render('offer-mfa', null, {}, 400);
  }

  /** Wrong codes while setting up an authenticator: after MAX_MFA_FAILURES, back to the password. */
  private async setupFailed(): Promise<void> {
    const failures = this.state.mfaFailures + 1;
    if (failures >= MAX_MFA_FAILURES) {
      this.save({ mfaFailures: 0, passwordVerified: false, accountId: null, pendingTotpSecret: null });
      return this.render('sign-in', this.error('error.attemptLimit'), {}, 400);
    }
    this.save({ mfaFailures: failures });
    return this.render('setup-totp', null, { confirmation_code: [this.t('error.mfaCode')] }, 400);
  }

  private async setupTotp(account: IdentityAccount, form: Form): Promise<void> {
    const secret = this.state.pendingTotpSecret;
    if (this.state.stage !== 'setup-totp' || !secret) return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('setup-totp', null, errors, 400);
    const step = matchTotpStep(secret, form['confirmation_code'] ?? '', this.now);
    if (step === null) return this.setupFailed();
    this.deps.accounts.enableTotp(account.id, secret, step);
    await this.finish(account, ['pwd', 'otp']);
  }

  private async setupEmail(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'setup-email') return this.goTo(this.state.stage);
    if (!(await this.emailCode(account, form, 'setup-email'))) return;
    this.deps.accounts.enableEmailMfa(account.id);
    await this.finish(account, ['pwd', 'otp']);
  }

  // ---- mail ----

  /** Takes one mail from the recipient's and this network's allowance: 0, or how long to wait. */
  private takeMail(recipient: string): number {
    return this.deps.throttle.takeMail(recipient, this.address, this.now.getTime());
  }

  private codeSentNotice(): InteractionNotice {
    return { kind: 'info', key: 'notice.codeSent', values: { destination: this.state.email } };
  }

  private waitNotice(ms: number): InteractionNotice {
    return { kind: 'error', key: 'error.tooManyMails', values: { wait: formatWait(this.state.lang, ms) } };
  }

  /**
   * Mails a fresh code when the allowance permits; answers the notice for the next page: "code sent",
   * or "too many e-mails, wait".
   */
  private async sendCode(account: IdentityAccount, purpose: CodePurpose): Promise<InteractionNotice> {
    const wait = this.takeMail(account.email);
    if (wait > 0) return this.waitNotice(wait);
    await this.mailCode(account, purpose);
    return { kind: 'info', key: 'notice.codeSent', values: { destination: account.email } };
  }

  /** Issues and mails a code (the caller took the mail allowance). */
  private async mailCode(account: IdentityAccount, purpose: CodePurpose): Promise<void> {
    const code = this.deps.codes.issue(account.id, purpose, this.now);
    const keys = {
      'confirm-sign-up': ['mail.confirmSignUp.subject', 'mail.confirmSignUp.text'],
      verify: ['mail.confirmSignUp.subject', 'mail.confirmSignUp.text'],
      'reset-password': ['mail.resetPassword.subject', 'mail.resetPassword.text'],
      'mfa-email': ['mail.mfaEmail.subject', 'mail.mfaEmail.text'],
      unlock: ['mail.unlock.subject', 'mail.unlock.text'],
    } as const satisfies Record<CodePurpose, readonly [MessageKey, MessageKey]>;
    const [subject, text] = keys[purpose];
    await this.mail(account.email, subject, text, { code });
  }

  private async mail(
    to: string,
    subject: MessageKey,
    text: MessageKey,
    values?: Readonly<Record<string, string>>,
  ): Promise<void> {
    await this.deps.mailer.send({ to, subject: this.t(subject), text: this.t(text, values) });
  }

  /** Hands the signed-in account to oidc-provider, which continues the authorization request. */
  private async finish(account: IdentityAccount, amr: string[]): Promise<void> {
    this.deps.states.delete(this.interaction.uid, this.now);
    await this.deps.provider.interactionFinished(
      this.req,
      this.res,
      { login: { accountId: account.id, amr } },
      { mergeWithLastSubmission: false },
    );
  }

  /**
   * The client is first-party, so loadExistingGrant normally grants everything and no consent prompt
   * appears; should one appear anyway (e.g. a grant was revoked mid-flow), it is granted here.
   */
  private async grantConsent(): Promise<void> {
    const accountId = this.interaction.session?.accountId;
    const clientId = this.interaction.params['client_id'];
    if (!accountId || typeof clientId !== 'string') {
      this.goTo('sign-in');
      return;
    }
    const { Grant } = this.deps.provider;
    const grant = this.interaction.grantId
      ? ((await Grant.find(this.interaction.grantId)) ?? new Grant({ accountId, clientId }))
      : new Grant({ accountId, clientId });
    grant.addOIDCScope('openid email offline_access');
    grant.addOIDCClaims(['email', 'email_verified']);
    const grantId = await grant.save();
    this.deps.states.delete(this.interaction.uid, this.now);
    await this.deps.provider.interactionFinished(
      this.req,
      this.res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
}
