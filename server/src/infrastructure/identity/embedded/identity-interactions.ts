import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, Provider } from 'oidc-provider';
import { toDataURL } from 'qrcode';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../../mail/mail.port';
import { type IdentityLanguage, type MessageKey, pickLanguage, translate } from './identity-messages';
import {
  type Alert,
  type FieldErrors,
  type PageContext,
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
} from './identity-pages';
import { passwordProblems, passwordsMismatch } from './password-rules';
import {
  EmailTakenError,
  type IdentityAccount,
  type SqliteAccountStore,
  hashPassword,
  normalizeEmail,
  verifyPasswordHash,
} from './sqlite-account-store';
import type {
  InteractionStage,
  InteractionState,
  SqliteInteractionStateStore,
} from './sqlite-interaction-state-store';
import type { CodePurpose, SqliteOneTimeCodeStore } from './sqlite-one-time-code-store';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp';

export interface IdentityInteractionsDeps {
  readonly provider: Provider;
  readonly accounts: SqliteAccountStore;
  readonly codes: SqliteOneTimeCodeStore;
  readonly states: SqliteInteractionStateStore;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /** URL path where oidc-provider is mounted, e.g. /oidc. */
  readonly mountPath: string;
  readonly signUpEnabled: boolean;
}

type Form = Readonly<Record<string, string>>;

/** Views a person may open directly from any page (tabs, links); they forget an entered password. */
const OPEN_VIEWS: ReadonlySet<InteractionStage> = new Set(['sign-in', 'sign-up', 'forgot-password']);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
          this.context('', pickLanguage(query.get('lang')), null),
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
    const state = this.deps.states.get(uid, now) ?? this.initialState(interaction);
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
      notice: null,
    };
  }

  private base(uid: string): string {
    return `${this.deps.mountPath}/interaction/${uid}`;
  }

  private context(base: string, lang: IdentityLanguage, alert: Alert | null): PageContext {
    return { base, lang, alert, signUpEnabled: this.deps.signUpEnabled };
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
    res.setHeader('X-Frame-Options', 'DENY');
    res.end(html);
  }
}

/** One request of one interaction: its state, and the steps that move it. */
class InteractionFlow {
  private state: InteractionState;
  private readonly base: string;

  constructor(
    private readonly deps: IdentityInteractionsDeps,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly interaction: Interaction,
    state: InteractionState,
  ) {
    this.state = state;
    this.base = `${deps.mountPath}/interaction/${interaction.uid}`;
  }

  private get now(): Date {
    return this.deps.clock.now();
  }

  private t(key: MessageKey, values?: Readonly<Record<string, string>>): string {
    return translate(this.state.lang, key, values);
  }

  private ctx(alert: Alert | null): PageContext {
    return { base: this.base, lang: this.state.lang, alert, signUpEnabled: this.deps.signUpEnabled };
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
    this.res.setHeader('X-Frame-Options', 'DENY');
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
      this.save({ stage: view, passwordVerified: false, pendingTotpSecret: null, notice: null });
    }
    if (this.interaction.prompt.name !== 'login') {
      await this.grantConsent();
      return;
    }
    const notice = this.state.notice;
    if (notice) this.save({ notice: null });
    const alert: Alert | null = notice
      ? { kind: notice.kind, text: this.t(notice.key, notice.values) }
      : null;
    await this.render(this.state.stage, alert, {});
  }

  private async render(
    stage: InteractionStage,
    alert: Alert | null,
    errors: FieldErrors,
    status = 200,
  ): Promise<void> {
    const ctx = this.ctx(alert);
    const email = this.state.email;
    const needsPassword = ![
      'sign-in',
      'sign-up',
      'forgot-password',
      'reset-password',
      'confirm-sign-up',
    ].includes(stage);
    if (needsPassword && (!this.state.passwordVerified || !this.account())) {
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
      case 'mfa-email/resend':
        await this.sendCode(account, 'mfa-email');
        return this.goTo(this.state.stage === 'setup-email' ? 'setup-email' : 'mfa-email', {
          notice: { kind: 'info', key: 'notice.codeSent', values: { destination: account.email } },
        });
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

  private passwordErrors(form: Form, errors: Record<string, string[]>): void {
    const password = form['password'] ?? '';
    const confirm = form['confirm_password'] ?? '';
    if (password !== '') {
      const problems = passwordProblems(password).map((p) => this.t(`error.${p}`));
      if (problems.length > 0) errors['password'] = problems;
    }
    if (confirm !== '' && passwordsMismatch(password, confirm, true)) {
      errors['confirm_password'] = [this.t('error.passwordsMustMatch')];
    }
  }

  private error(key: MessageKey): Alert {
    return { kind: 'error', text: this.t(key) };
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
    });
    const errors = this.required(form, ['email', 'password']);
    if (Object.keys(errors).length > 0) return this.render('sign-in', null, errors, 400);
    const password = form['password'] ?? '';
    const account = this.deps.accounts.findByEmail(email);
    if (!account) {
      await verifyPasswordHash(password, await dummyHash);
      return this.render('sign-in', this.error('error.incorrect'), {}, 400);
    }
    if (this.deps.accounts.isLocked(account, this.now)) {
      return this.render('sign-in', this.error('error.attemptLimit'), {}, 400);
    }
    if (!(await this.deps.accounts.checkPassword(account.id, password))) {
      this.deps.accounts.recordFailedSignIn(account, this.now);
      return this.render('sign-in', this.error('error.incorrect'), {}, 400);
    }
    this.deps.accounts.clearFailedSignIns(account.id);
    this.save({ accountId: account.id, passwordVerified: true });
    await this.afterPassword(account);
  }

  /** Sign-in result steps after a correct password (SPEC §4): confirm, new password, second factor, done. */
  private async afterPassword(account: IdentityAccount): Promise<void> {
    if (!account.emailVerified) {
      await this.sendCode(account, 'confirm-sign-up');
      return this.goTo('confirm-sign-up');
    }
    if (account.mustChangePassword) return this.goTo('new-password');
    await this.secondFactor(account);
  }

  private async secondFactor(account: IdentityAccount): Promise<void> {
    if (account.totpEnabled && account.emailMfaEnabled) return this.goTo('choose-mfa');
    if (account.totpEnabled) return this.goTo('mfa-totp');
    if (account.emailMfaEnabled) {
      await this.sendCode(account, 'mfa-email');
      return this.goTo('mfa-email');
    }
    if (!account.skipMfaOffer) return this.goTo('offer-mfa');
    await this.finish(account, ['pwd']);
  }

  private async signUp(form: Form): Promise<void> {
    if (!this.deps.signUpEnabled) return this.goTo('sign-in');
    const email = normalizeEmail(form['email'] ?? '');
    this.save({ stage: 'sign-up', email, passwordVerified: false, accountId: null });
    const errors = this.required(form, ['email', 'password', 'confirm_password']);
    if (!errors['email'] && !EMAIL_PATTERN.test(email)) errors['email'] = [this.t('error.emailInvalid')];
    this.passwordErrors(form, errors);
    if (Object.keys(errors).length > 0) return this.render('sign-up', null, errors, 400);
    let account: IdentityAccount;
    try {
      account = await this.deps.accounts.create({
        email,
        password: form['password'] ?? '',
        emailVerified: false,
        now: this.now,
      });
    } catch (error) {
      if (error instanceof EmailTakenError)
        return this.render('sign-up', this.error('error.emailTaken'), {}, 400);
      throw error;
    }
    await this.sendCode(account, 'confirm-sign-up');
    this.goTo('confirm-sign-up', { accountId: account.id });
  }

  private confirmTarget(): IdentityAccount | null {
    return this.account() ?? (this.state.email ? this.deps.accounts.findByEmail(this.state.email) : null);
  }

  private async confirmSignUp(form: Form): Promise<void> {
    const account = this.confirmTarget();
    if (!account) return this.goTo('sign-in');
    if (account.emailVerified) return this.alreadyConfirmed();
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('confirm-sign-up', null, errors, 400);
    const code = form['confirmation_code'] ?? '';
    switch (this.deps.codes.check(account.id, 'confirm-sign-up', code, this.now)) {
      case 'ok':
        break;
      case 'invalid':
        return this.render(
          'confirm-sign-up',
          null,
          { confirmation_code: [this.t('error.codeInvalid')] },
          400,
        );
      case 'expired':
        return this.render(
          'confirm-sign-up',
          null,
          { confirmation_code: [this.t('error.codeExpired')] },
          400,
        );
      case 'attempts-exceeded':
        return this.render('confirm-sign-up', this.error('error.attemptLimit'), {}, 400);
    }
    this.deps.accounts.markEmailVerified(account.id);
    const confirmed = this.deps.accounts.findById(account.id);
    if (this.state.passwordVerified && confirmed) return this.afterPassword(confirmed);
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
    if (!account) return this.goTo('sign-in');
    if (account.emailVerified) return this.alreadyConfirmed();
    await this.sendCode(account, 'confirm-sign-up');
    this.goTo('confirm-sign-up', {
      notice: { kind: 'info', key: 'notice.codeSent', values: { destination: account.email } },
    });
  }

  private async forgotPassword(form: Form): Promise<void> {
    const email = normalizeEmail(form['email'] ?? '');
    this.save({ stage: 'forgot-password', email, passwordVerified: false, accountId: null });
    const errors = this.required(form, ['email']);
    if (!errors['email'] && !EMAIL_PATTERN.test(email)) errors['email'] = [this.t('error.emailInvalid')];
    if (Object.keys(errors).length > 0) return this.render('forgot-password', null, errors, 400);
    const account = this.deps.accounts.findByEmail(email);
    // The next page reads the same whether or not the account exists, so it does not reveal accounts.
    if (account) await this.sendCode(account, 'reset-password');
    this.goTo('reset-password', { accountId: account?.id ?? null });
  }

  private async resendResetCode(): Promise<void> {
    const account = this.account();
    if (account) await this.sendCode(account, 'reset-password');
    this.goTo('reset-password', {
      notice: { kind: 'info', key: 'notice.codeSent', values: { destination: this.state.email } },
    });
  }

  private async resetPassword(form: Form): Promise<void> {
    if (this.state.stage !== 'reset-password') return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code', 'password', 'confirm_password']);
    this.passwordErrors(form, errors);
    if (Object.keys(errors).length > 0) return this.render('reset-password', null, errors, 400);
    const account = this.account();
    const result = account
      ? this.deps.codes.check(account.id, 'reset-password', form['confirmation_code'] ?? '', this.now)
      : 'invalid';
    if (result === 'attempts-exceeded')
      return this.render('reset-password', this.error('error.attemptLimit'), {}, 400);
    if (result !== 'ok' || !account) {
      const key = result === 'expired' ? 'error.codeExpired' : 'error.codeInvalid';
      return this.render('reset-password', null, { confirmation_code: [this.t(key)] }, 400);
    }
    await this.deps.accounts.setPassword(account.id, form['password'] ?? '');
    // The code reached the mailbox, which proves the address as a sign-up code would.
    this.deps.accounts.markEmailVerified(account.id);
    this.goTo('sign-in', {
      passwordVerified: false,
      accountId: null,
      notice: { kind: 'success', key: 'notice.passwordChanged' },
    });
  }

  private async newPassword(account: IdentityAccount, form: Form): Promise<void> {
    if (!account.mustChangePassword) return this.secondFactor(account);
    const errors = this.required(form, ['password', 'confirm_password']);
    this.passwordErrors(form, errors);
    if (Object.keys(errors).length > 0) return this.render('new-password', null, errors, 400);
    await this.deps.accounts.setPassword(account.id, form['password'] ?? '');
    const updated = this.deps.accounts.findById(account.id) ?? account;
    await this.secondFactor(updated);
  }

  private async chooseMfa(account: IdentityAccount, form: Form): Promise<void> {
    const type = form['mfa_type'];
    if (type === 'TOTP' && account.totpEnabled) return this.goTo('mfa-totp');
    if (type === 'EMAIL' && account.emailMfaEnabled) {
      await this.sendCode(account, 'mfa-email');
      return this.goTo('mfa-email');
    }
    return this.render('choose-mfa', null, { mfa_type: [this.t('error.required')] }, 400);
  }

  /** Wrong second-factor codes: after MAX_MFA_FAILURES the interaction starts over from the password. */
  private async mfaFailed(stage: InteractionStage): Promise<void> {
    const failures = this.state.mfaFailures + 1;
    if (failures >= MAX_MFA_FAILURES) {
      this.save({ mfaFailures: 0, passwordVerified: false, accountId: null, pendingTotpSecret: null });
      return this.render('sign-in', this.error('error.attemptLimit'), {}, 400);
    }
    this.save({ mfaFailures: failures });
    return this.render(stage, null, { confirmation_code: [this.t('error.mfaCode')] }, 400);
  }

  private async mfaTotp(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'mfa-totp' || !account.totpEnabled || !account.totpSecret)
      return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('mfa-totp', null, errors, 400);
    if (!verifyTotp(account.totpSecret, form['confirmation_code'] ?? '', this.now))
      return this.mfaFailed('mfa-totp');
    await this.finish(account, ['pwd', 'otp']);
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
      await this.sendCode(account, 'mfa-email');
      return this.goTo('setup-email');
    }
    if (form['mfa_type'] === 'TOTP')
      return this.goTo('setup-totp', { pendingTotpSecret: generateTotpSecret() });
    return this.render('offer-mfa', null, {}, 400);
  }

  private async setupTotp(account: IdentityAccount, form: Form): Promise<void> {
    const secret = this.state.pendingTotpSecret;
    if (this.state.stage !== 'setup-totp' || !secret) return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('setup-totp', null, errors, 400);
    if (!verifyTotp(secret, form['confirmation_code'] ?? '', this.now)) return this.mfaFailed('setup-totp');
    this.deps.accounts.enableTotp(account.id, secret);
    await this.finish(account, ['pwd', 'otp']);
  }

  private async setupEmail(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'setup-email') return this.goTo(this.state.stage);
    if (!(await this.emailCode(account, form, 'setup-email'))) return;
    this.deps.accounts.enableEmailMfa(account.id);
    await this.finish(account, ['pwd', 'otp']);
  }

  private async sendCode(account: IdentityAccount, purpose: CodePurpose): Promise<void> {
    const code = this.deps.codes.issue(account.id, purpose, this.now);
    const keys = {
      'confirm-sign-up': ['mail.confirmSignUp.subject', 'mail.confirmSignUp.text'],
      verify: ['mail.confirmSignUp.subject', 'mail.confirmSignUp.text'],
      'reset-password': ['mail.resetPassword.subject', 'mail.resetPassword.text'],
      'mfa-email': ['mail.mfaEmail.subject', 'mail.mfaEmail.text'],
    } as const satisfies Record<CodePurpose, readonly [MessageKey, MessageKey]>;
    const [subject, text] = keys[purpose];
    await this.deps.mailer.send({
      to: account.email,
      subject: this.t(subject),
      text: this.t(text, { code }),
    });
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
