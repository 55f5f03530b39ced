import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, Provider } from 'oidc-provider';
import { createHash } from 'node:crypto';
import type { SignUpAttribute } from '../../../config/sign-in-config';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../../mail/mail.port';
import type { SmsSender } from '../../sms/sms.port';
import { type ExternalIdentity, type FederatedProviders, FederationError } from './federation';
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
  type CallingCodeOption,
  type MfaKind,
  chooseMfaPage,
  confirmEmailPage,
  confirmSignUpPage,
  linkAccountPage,
  forgotPasswordPage,
  messagePage,
  mfaCodePage,
  newPasswordPage,
  offerMfaPage,
  resetPasswordPage,
  setupEmailPage,
  setupSmsPage,
  setupTotpPage,
  signInPage,
  signUpPage,
  unlockPage,
  verifyContactCodePage,
  verifyContactPage,
} from './identity-pages';
import { callingCodes, checkPhoneNumber, joinPhoneNumber, maskPhoneNumber } from './phone-numbers';
import { phoneProblemKey, readSignUpValues } from './sign-up-attributes';
import type { SqliteFederationRequests } from './sqlite-federation-requests';
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
  /** Text messages (codes to phone numbers). */
  readonly sms: SmsSender;
  /** Countries whose numbers may receive codes (the phone field's selector). */
  readonly smsCountries: readonly string[];
  /** The extra fields of the sign-up form. */
  readonly signUpAttributes: readonly SignUpAttribute[];
  /** Social sign-in providers; null or empty when none is configured. */
  readonly federation: FederatedProviders | null;
  readonly federationRequests: SqliteFederationRequests;
  /** `${PUBLIC_URL}${mountPath}/federation/callback`. */
  readonly federationRedirectUri: string;
  /** PUBLIC_URL: links in mails. */
  readonly publicUrl: string;
  /** Cookies of this provider are Secure (PUBLIC_URL is https). */
  readonly secureCookies: boolean;
}

/** How long a browser that passed the second factor is remembered when the person asks (Cognito: 30 days). */
export const REMEMBERED_DEVICE_DAYS = 30;
const FEDERATION_REQUEST_TTL_MS = 15 * 60_000;

/** The cookie that carries an account's remembered-device key (one per account a browser remembers). */
function deviceCookieName(accountId: string): string {
  return `lt.device.${createHash('sha256').update(accountId).digest('hex').slice(0, 16)}`;
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** A short device name from the browser's User-Agent ("Chrome on Linux"), for My data's list. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? 'Browser';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? null;
  return system ? `${browser as string} on ${system as string}` : (browser as string);
}

function appendSetCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cookie]);
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
  'link-account',
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
    if (path === '/federation/callback') {
      this.federationCallback(req, res, query);
      return true;
    }
    if (path === '/confirm-email') {
      await this.confirmEmailLink(req, res, query);
      return true;
    }
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

  /**
   * The external provider's return, at the one address registered with it: its state names the
   * interaction, whose own URL (where the interaction cookie is sent) completes the sign-in.
   */
  private federationCallback(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    const request = this.deps.federationRequests.find(query.get('state') ?? '', this.deps.clock.now());
    if (!request) {
      this.sendHtml(
        res,
        400,
        messagePage(
          { ...this.context('', 'et', null), htmlClasses: accessibilityClasses(req.headers.cookie) },
          'title.error',
          'error.sessionExpired',
        ),
      );
      return;
    }
    this.redirect(res, `${this.base(request.uid)}/federation-return?${query.toString()}`);
  }

  /**
   * The confirmation link of a sign-up mail (SPEC §4 auto sign-in): GET shows a button, POST confirms
   * the address, and the tab that signed up, which polls, goes on signed in.
   */
  private async confirmEmailLink(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const lang = pickLanguage(query.get('lang'));
    const ctx = { ...this.context('', lang, null), htmlClasses: accessibilityClasses(req.headers.cookie) };
    let accountId = query.get('account') ?? '';
    let token = query.get('token') ?? '';
    if (req.method === 'POST') {
      let form: Form;
      try {
        form = await readForm(req);
      } catch {
        res.statusCode = 413;
        res.end();
        return;
      }
      accountId = form['account'] ?? '';
      token = form['token'] ?? '';
    }
    const account = accountId ? this.deps.accounts.findById(accountId) : null;
    if (!account || !token) {
      this.sendHtml(res, 400, messagePage(ctx, 'title.error', 'text.confirmLinkInvalid'));
      return;
    }
    if (req.method !== 'POST') {
      const action = `${this.deps.mountPath}/confirm-email?lang=${lang}`;
      this.sendHtml(res, 200, confirmEmailPage(ctx, action, account.email, { account: account.id, token }));
      return;
    }
    if (account.emailVerified) {
      this.sendHtml(res, 200, messagePage(ctx, 'title.emailConfirmed', 'text.emailConfirmed'));
      return;
    }
    const result = this.deps.codes.check(account.id, 'confirm-link', token, this.deps.clock.now());
    if (result !== 'ok') {
      this.sendHtml(res, 400, messagePage(ctx, 'title.error', 'text.confirmLinkInvalid'));
      return;
    }
    this.deps.accounts.markEmailVerified(account.id);
    this.sendHtml(res, 200, messagePage(ctx, 'title.emailConfirmed', 'text.emailConfirmed'));
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
      providers: this.deps.federation?.list ?? [],
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
      providers: this.deps.federation?.list ?? [],
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
    if (action === 'status') return this.confirmationStatus();
    if (action === 'auto-sign-in' && this.interaction.prompt.name === 'login') return this.autoSignIn();
    if (action === 'federation-return' && this.interaction.prompt.name === 'login')
      return this.federationReturn(query);
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
    values: Form = {},
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
          this.deps.signUpEnabled
            ? signUpPage(ctx, email, errors, {
                fields: this.deps.signUpAttributes.map((a) => ({
                  name: a.name,
                  required: a.required,
                  label: a.label?.[this.state.lang] ?? null,
                })),
                callingCodes: this.callingCodes(),
                values,
              })
            : signInPage(ctx, email, errors),
        );
      case 'confirm-sign-up':
        return this.html(status, confirmSignUpPage(ctx, email, errors, true));
      case 'link-account': {
        const provider = this.deps.federation?.list.find((p) => p.id === this.state.pendingLink?.provider);
        return this.html(status, linkAccountPage(ctx, provider?.name ?? '', email, errors));
      }
      case 'mfa-sms':
        return this.html(
          status,
          mfaCodePage(ctx, 'sms', maskPhoneNumber(this.account()?.phoneNumber ?? ''), errors),
        );
      case 'setup-sms': {
        const pending = this.state.pendingPhone;
        return this.html(
          status,
          setupSmsPage(
            ctx,
            pending
              ? { kind: 'code', destination: maskPhoneNumber(pending) }
              : {
                  kind: 'phone',
                  codes: this.callingCodes(),
                  values: {
                    countryCode: values['country_code'] ?? this.callingCodes()[0]?.code ?? '',
                    number: values['phone_number'] ?? '',
                  },
                },
            errors,
          ),
        );
      }
      case 'verify-contact': {
        const account = this.account();
        return this.html(
          status,
          verifyContactPage(ctx, account ? this.unverifiedContacts(account) : [], errors),
        );
      }
      case 'verify-contact-code': {
        const account = this.account();
        const destination =
          this.state.verifyingAttribute === 'phone_number'
            ? maskPhoneNumber(account?.phoneNumber ?? '')
            : (account?.email ?? '');
        return this.html(status, verifyContactCodePage(ctx, destination, errors));
      }
      case 'forgot-password':
        return this.html(status, forgotPasswordPage(ctx, email, errors));
      case 'reset-password':
        return this.html(status, resetPasswordPage(ctx, email, errors));
      case 'unlock':
        return this.html(status, unlockPage(ctx, email, errors));
      case 'new-password':
        return this.html(status, newPasswordPage(ctx, errors));
      case 'choose-mfa': {
        const account = this.account();
        return this.html(status, chooseMfaPage(ctx, errors, account ? this.mfaKinds(account) : []));
      }
      case 'mfa-totp':
        return this.html(status, mfaCodePage(ctx, 'totp', email, errors));
      case 'mfa-email':
        return this.html(status, mfaCodePage(ctx, 'email', email, errors));
      case 'offer-mfa':
        return this.html(status, offerMfaPage(ctx));
      case 'setup-totp': {
        const secret = this.state.pendingTotpSecret ?? generateTotpSecret();
        if (secret !== this.state.pendingTotpSecret) this.save({ pendingTotpSecret: secret });
        const { toDataURL } = await import('qrcode');
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
      case 'link-account':
        return this.linkAccount(form);
      case 'link-account/resend':
        return this.resendLinkCode();
      default:
        if (action.startsWith('federate/')) return this.federate(action.slice('federate/'.length));
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
      case 'mfa-sms':
        return this.mfaSms(account, form);
      case 'mfa-sms/resend':
        if (this.state.stage !== 'mfa-sms' || !account.phoneNumber) return this.goTo(this.state.stage);
        return this.goTo('mfa-sms', { notice: await this.sendSms(account, account.phoneNumber, 'mfa-sms') });
      case 'setup-sms/phone':
        return this.setupSmsPhone(account, form);
      case 'setup-sms':
        return this.setupSms(account, form);
      case 'setup-sms/resend':
        if (this.state.stage !== 'setup-sms' || !this.state.pendingPhone) return this.goTo(this.state.stage);
        return this.goTo('setup-sms', {
          notice: await this.sendSms(account, this.state.pendingPhone, 'verify-phone'),
        });
      case 'verify-contact':
        return this.verifyContact(account, form);
      case 'verify-contact/resend':
        return this.resendContactCode(account);
      case 'verify-contact-code':
        return this.verifyContactCode(account, form);
      case 'verify-contact/skip':
        if (!this.state.pendingAmr) return this.goTo(this.state.stage);
        return this.finish(account, [...this.state.pendingAmr]);
      case 'offer-mfa':
        return this.offerMfa(account, form);
      case 'offer-mfa/skip':
        this.deps.accounts.skipMfaOffer(account.id);
        return this.signedIn(account, null);
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
  private async passwordErrors(form: Form, errors: Record<string, string[]>, email: string): Promise<void> {
    const password = form['password'] ?? '';
    const confirm = form['confirm_password'] ?? '';
    if (password !== '') {
      const problems = passwordProblems(password);
      const all = problems.length > 0 ? problems : await weakPasswordProblems(password, email);
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

    const account = this.deps.accounts.findByEmail(email);
    // An admin asked for a reset, or the account was imported: the reset step, whatever was typed.
    if (account?.passwordResetRequired) return this.startRequiredReset(account);
    const { locked } = this.deps.accounts.signInFailures(email, this.now);
    const password = form['password'] ?? '';
    const passwordRight =
      account?.hasPassword === true
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
    this.save({ accountId: account.id, passwordVerified: true, firstFactor: 'pwd' });
    await this.afterPassword(account);
  }

  /** SPEC §4 "password reset required leads to reset step": a code by e-mail, then a new password. */
  private async startRequiredReset(account: IdentityAccount): Promise<void> {
    const wait = this.takeMail(account.email);
    if (wait > 0) return this.render('sign-in', this.waitAlert('error.tooManyMails', wait), {}, 429);
    await this.mailCode(account, 'reset-password');
    this.goTo('reset-password', {
      accountId: account.id,
      decoy: null,
      notice: { kind: 'info', key: 'notice.resetRequired', values: { destination: account.email } },
    });
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
    if (account.mustChangePassword && this.state.firstFactor !== 'fed') return this.goTo('new-password');
    await this.secondFactor(account);
  }

  /** The second factors the account has turned on, in the order the pages offer them. */
  private mfaKinds(account: IdentityAccount): MfaKind[] {
    const kinds: MfaKind[] = [];
    if (account.totpEnabled && account.totpSecret) kinds.push('totp');
    if (account.emailMfaEnabled) kinds.push('email');
    if (account.smsMfaEnabled && account.phoneNumberVerified && account.phoneNumber) kinds.push('sms');
    return kinds;
  }

  private async secondFactor(account: IdentityAccount): Promise<void> {
    const kinds = this.mfaKinds(account);
    if (kinds.length > 0 && this.rememberedDevice(account)) return this.signedIn(account, 'swk');
    if (kinds.length > 1) return this.goTo('choose-mfa');
    if (kinds[0] === 'totp') return this.goTo('mfa-totp');
    if (kinds[0] === 'email') {
      return this.goTo('mfa-email', { notice: await this.sendCode(account, 'mfa-email') });
    }
    if (kinds[0] === 'sms' && account.phoneNumber) {
      return this.goTo('mfa-sms', { notice: await this.sendSms(account, account.phoneNumber, 'mfa-sms') });
    }
    if (!account.skipMfaOffer) return this.goTo('offer-mfa');
    await this.signedIn(account, null);
  }

  // ---- remembered devices ----

  /**
   * Whether this browser is a remembered device of the account. A cookie that names no such device
   * (forgotten in My data, expired, or another account's) is cleared, and the second factor is asked.
   */
  private rememberedDevice(account: IdentityAccount): boolean {
    const name = deviceCookieName(account.id);
    const key = readCookie(this.req.headers.cookie, name);
    if (key === null) return false;
    if (key !== '' && this.deps.accounts.useDevice(account.id, key, this.now)) return true;
    appendSetCookie(this.res, this.deviceCookie(name, '', 0));
    return false;
  }

  private deviceCookie(name: string, value: string, maxAgeSeconds: number): string {
    return [
      `${name}=${value}`,
      `Path=${this.deps.mountPath}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.deps.secureCookies ? ['Secure'] : []),
    ].join('; ');
  }

  private rememberThisDevice(account: IdentityAccount): void {
    const key = this.deps.accounts.rememberDevice(
      account.id,
      deviceName(this.req.headers['user-agent']),
      this.now,
      REMEMBERED_DEVICE_DAYS,
    );
    appendSetCookie(
      this.res,
      this.deviceCookie(deviceCookieName(account.id), key, REMEMBERED_DEVICE_DAYS * 86_400),
    );
  }

  /**
   * Both factors are done (`second`: how the second was given, or null without one). Unverified
   * contacts lead to the verify step first (SPEC §4), once per sign-in; then the provider continues.
   */
  private async signedIn(account: IdentityAccount, second: string | null, form: Form = {}): Promise<void> {
    if (second !== null && second !== 'swk' && form['remember_device'] === 'true')
      this.rememberThisDevice(account);
    const amr = [this.state.firstFactor ?? 'pwd', ...(second === null ? [] : [second])];
    const fresh = this.deps.accounts.findById(account.id) ?? account;
    if (!this.state.contactOffered && this.unverifiedContacts(fresh).length > 0) {
      return this.goTo('verify-contact', { pendingAmr: amr, contactOffered: true });
    }
    await this.finish(fresh, amr);
  }

  private async signUp(form: Form): Promise<void> {
    if (!this.deps.signUpEnabled) return this.goTo('sign-in');
    const email = normalizeEmail(form['email'] ?? '');
    this.save({ stage: 'sign-up', email, passwordVerified: false, accountId: null, signedUpHere: false });
    const errors = this.required(form, ['email', 'password', 'confirm_password']);
    if (!errors['email'] && !EMAIL_PATTERN.test(email)) errors['email'] = [this.t('error.emailInvalid')];
    await this.passwordErrors(form, errors, email);
    const extras = readSignUpValues(
      form,
      this.deps.signUpAttributes,
      this.now.toISOString().slice(0, 10),
      this.deps.smsCountries,
    );
    for (const [name, problem] of Object.entries(extras.problems))
      errors[name] = [this.t(problem.key, problem.values)];
    if (Object.keys(errors).length > 0) return this.render('sign-up', null, errors, 400, form);
    const wait = this.takeMail(email);
    if (wait > 0) return this.render('sign-up', this.waitAlert('error.tooManyMails', wait), {}, 429, form);
    const password = form['password'] ?? '';
    let account: IdentityAccount;
    try {
      account = await this.deps.accounts.create({
        email,
        password,
        emailVerified: false,
        now: this.now,
        phoneNumber: extras.phoneNumber,
        attributes: extras.attributes,
      });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // The address has an account: the page answers as for a new one, and the owner gets a mail
      // saying so (SPEC §4 'An account with the given email already exists' would tell anybody).
      await this.mail(email, 'mail.accountExists.subject', 'mail.accountExists.text');
      return this.goTo('confirm-sign-up', { decoy: { issuedAt: this.now.toISOString(), failures: 0 } });
    }
    await this.mailCode(account, 'confirm-sign-up');
    this.goTo('confirm-sign-up', {
      accountId: account.id,
      signedUpHere: true,
      decoy: null,
      firstFactor: 'pwd',
    });
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
    await this.continueConfirmed(account.id);
  }

  /**
   * The address of the interaction's account is confirmed (its code here, or the mail's link). SPEC §4
   * auto sign-in: whoever chose the password in this interaction (signing up, or signing in to an
   * unconfirmed account), or came from a social sign-in, goes on signed in without typing it again.
   */
  private async continueConfirmed(accountId: string): Promise<void> {
    const confirmed = this.deps.accounts.findById(accountId);
    if ((this.state.passwordVerified || this.state.signedUpHere) && confirmed) {
      const link = this.state.pendingLink;
      // The external identity is linked only now that the address is proven.
      if (link)
        this.deps.accounts.linkFederatedIdentity(
          confirmed.id,
          link.provider,
          link.subject,
          link.email,
          this.now,
        );
      this.deps.accounts.clearSignInFailures(confirmed.email);
      this.save({ accountId: confirmed.id, passwordVerified: true, signedUpHere: false, pendingLink: null });
      return this.afterPassword(confirmed);
    }
    this.goTo('sign-in', { notice: { kind: 'success', key: 'notice.accountConfirmed' } });
  }

  /** The confirm-sign-up page's poll: has the address been confirmed (by the mail's link)? */
  private confirmationStatus(): void {
    const account = this.state.stage === 'confirm-sign-up' ? this.confirmTarget() : null;
    this.res.statusCode = 200;
    this.res.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-store');
    this.res.end(JSON.stringify({ confirmed: account?.emailVerified === true }));
  }

  /** Where the poll goes once the address is confirmed: on, signed in (SPEC §4 auto sign-in). */
  private async autoSignIn(): Promise<void> {
    const account = this.state.stage === 'confirm-sign-up' ? this.confirmTarget() : null;
    if (!account?.emailVerified) return this.goTo(this.state.stage);
    await this.continueConfirmed(account.id);
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
    await this.passwordErrors(form, errors, this.state.email);
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
    stage: 'confirm-sign-up' | 'reset-password' | 'unlock' | 'link-account',
    result: CodeCheck,
  ): Promise<void> {
    if (result === 'attempts-exceeded') return this.render(stage, this.error('error.attemptLimit'), {}, 400);
    const key = result === 'expired' ? 'error.codeExpired' : 'error.codeInvalid';
    return this.render(stage, null, { confirmation_code: [this.t(key)] }, 400);
  }

  private async newPassword(account: IdentityAccount, form: Form): Promise<void> {
    if (!account.mustChangePassword) return this.secondFactor(account);
    const errors = this.required(form, ['password', 'confirm_password']);
    await this.passwordErrors(form, errors, account.email);
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
    if (type === 'SMS' && this.mfaKinds(account).includes('sms') && account.phoneNumber) {
      return this.goTo('mfa-sms', { notice: await this.sendSms(account, account.phoneNumber, 'mfa-sms') });
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
    await this.signedIn(account, 'otp', form);
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
    stage: 'mfa-email' | 'setup-email' | 'mfa-sms' | 'setup-sms',
    purpose: CodePurpose = 'mfa-email',
  ): Promise<boolean> {
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) {
      await this.render(stage, null, errors, 400);
      return false;
    }
    const result = this.deps.codes.check(account.id, purpose, form['confirmation_code'] ?? '', this.now);
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
    if (await this.emailCode(account, form, 'mfa-email')) await this.signedIn(account, 'otp', form);
  }

  private async mfaSms(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'mfa-sms' || !this.mfaKinds(account).includes('sms'))
      return this.goTo(this.state.stage);
    if (await this.emailCode(account, form, 'mfa-sms', 'mfa-sms')) await this.signedIn(account, 'sms', form);
  }

  /** Setting up text-message codes without a verified number: the number first, then its code. */
  private async setupSmsPhone(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'setup-sms') return this.goTo(this.state.stage);
    const errors = this.required(form, ['phone_number']);
    if (Object.keys(errors).length > 0) return this.render('setup-sms', null, errors, 400, form);
    const checked = checkPhoneNumber(
      joinPhoneNumber(form['country_code'] ?? '', form['phone_number'] ?? ''),
      this.deps.smsCountries,
    );
    if ('problem' in checked)
      return this.render(
        'setup-sms',
        null,
        { phone_number: [this.t(phoneProblemKey(checked.problem))] },
        400,
        form,
      );
    const notice = await this.sendSms(account, checked.number, 'verify-phone');
    if (notice.kind === 'error') return this.render('setup-sms', this.alertOf(notice), {}, 429, form);
    this.goTo('setup-sms', { pendingPhone: checked.number, notice });
  }

  private async setupSms(account: IdentityAccount, form: Form): Promise<void> {
    const number = this.state.pendingPhone;
    if (this.state.stage !== 'setup-sms' || !number) return this.goTo(this.state.stage);
    if (!(await this.emailCode(account, form, 'setup-sms', 'verify-phone'))) return;
    if (account.phoneNumber !== number) this.deps.accounts.setPhoneNumber(account.id, number);
    this.deps.accounts.markPhoneVerified(account.id, number);
    this.deps.accounts.enableSmsMfa(account.id);
    this.save({ pendingPhone: null });
    await this.signedIn(account, 'sms');
  }

  // ---- verify contact (SPEC §4: after sign-in, unverified e-mail or phone) ----

  private unverifiedContacts(
    account: IdentityAccount,
  ): { readonly attribute: 'email' | 'phone_number'; readonly shown: string }[] {
    return [
      ...(account.emailVerified ? [] : [{ attribute: 'email' as const, shown: account.email }]),
      ...(account.phoneNumber && !account.phoneNumberVerified
        ? [{ attribute: 'phone_number' as const, shown: account.phoneNumber }]
        : []),
    ];
  }

  private async sendContactCode(
    account: IdentityAccount,
    attribute: 'email' | 'phone_number',
  ): Promise<InteractionNotice> {
    if (attribute === 'email') return this.sendCode(account, 'verify');
    return this.sendSms(account, account.phoneNumber ?? '', 'verify-phone');
  }

  private async verifyContact(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'verify-contact' || !this.state.pendingAmr) return this.goTo(this.state.stage);
    const attribute = form['unverifiedAttr'];
    const offered = this.unverifiedContacts(account).find((c) => c.attribute === attribute);
    if (!offered)
      return this.render('verify-contact', null, { unverifiedAttr: [this.t('error.required')] }, 400);
    const notice = await this.sendContactCode(account, offered.attribute);
    if (notice.kind === 'error') return this.render('verify-contact', this.alertOf(notice), {}, 429);
    this.goTo('verify-contact-code', { verifyingAttribute: offered.attribute, notice });
  }

  private async resendContactCode(account: IdentityAccount): Promise<void> {
    const attribute = this.state.verifyingAttribute;
    if (this.state.stage !== 'verify-contact-code' || !attribute) return this.goTo(this.state.stage);
    this.goTo('verify-contact-code', { notice: await this.sendContactCode(account, attribute) });
  }

  private async verifyContactCode(account: IdentityAccount, form: Form): Promise<void> {
    const attribute = this.state.verifyingAttribute;
    const amr = this.state.pendingAmr;
    if (this.state.stage !== 'verify-contact-code' || !attribute || !amr) return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('verify-contact-code', null, errors, 400);
    const purpose = attribute === 'email' ? 'verify' : 'verify-phone';
    const result = this.deps.codes.check(account.id, purpose, form['confirmation_code'] ?? '', this.now);
    if (result === 'attempts-exceeded') {
      return this.goTo('verify-contact', {
        verifyingAttribute: null,
        notice: { kind: 'error', key: 'error.attemptLimit' },
      });
    }
    if (result !== 'ok') {
      const key = result === 'expired' ? 'error.codeExpired' : 'error.codeInvalid';
      return this.render('verify-contact-code', null, { confirmation_code: [this.t(key)] }, 400);
    }
    if (attribute === 'email') this.deps.accounts.markEmailVerified(account.id);
    else if (account.phoneNumber) this.deps.accounts.markPhoneVerified(account.id, account.phoneNumber);
    const fresh = this.deps.accounts.findById(account.id) ?? account;
    if (this.unverifiedContacts(fresh).length > 0) {
      return this.goTo('verify-contact', {
        verifyingAttribute: null,
        notice: { kind: 'success', key: 'notice.contactVerified' },
      });
    }
    await this.finish(fresh, [...amr]);
  }

  private async offerMfa(account: IdentityAccount, form: Form): Promise<void> {
    if (form['mfa_type'] === 'EMAIL') {
      return this.goTo('setup-email', { notice: await this.sendCode(account, 'mfa-email') });
    }
    if (form['mfa_type'] === 'TOTP')
      return this.goTo('setup-totp', { pendingTotpSecret: generateTotpSecret() });
    if (form['mfa_type'] === 'SMS') {
      // A verified number is used as it is (after its code); otherwise the number is asked first.
      if (account.phoneNumber && account.phoneNumberVerified) {
        const notice = await this.sendSms(account, account.phoneNumber, 'verify-phone');
        return this.goTo('setup-sms', { pendingPhone: account.phoneNumber, notice });
      }
      return this.goTo('setup-sms', { pendingPhone: null });
    }
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
    await this.signedIn(account, 'otp');
  }

  private async setupEmail(account: IdentityAccount, form: Form): Promise<void> {
    if (this.state.stage !== 'setup-email') return this.goTo(this.state.stage);
    if (!(await this.emailCode(account, form, 'setup-email'))) return;
    this.deps.accounts.enableEmailMfa(account.id);
    await this.signedIn(account, 'otp');
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
  private async sendCode(
    account: IdentityAccount,
    purpose: 'confirm-sign-up' | 'verify' | 'reset-password' | 'mfa-email' | 'unlock',
  ): Promise<InteractionNotice> {
    const wait = this.takeMail(account.email);
    if (wait > 0) return this.waitNotice(wait);
    await this.mailCode(account, purpose);
    return { kind: 'info', key: 'notice.codeSent', values: { destination: account.email } };
  }

  /** Issues and mails a code (the caller took the mail allowance). */
  private async mailCode(
    account: IdentityAccount,
    purpose: 'confirm-sign-up' | 'verify' | 'reset-password' | 'mfa-email' | 'unlock' | 'link-account',
    values: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    const code = this.deps.codes.issue(account.id, purpose, this.now);
    if (purpose === 'confirm-sign-up') {
      // The code, and a link that confirms the address from any device: the tab that signed up polls
      // and goes on signed in (SPEC §4 auto sign-in).
      const token = this.deps.codes.issueToken(account.id, 'confirm-link', this.now);
      const link = `${this.deps.publicUrl}${this.deps.mountPath}/confirm-email?${new URLSearchParams({
        account: account.id,
        token,
        lang: this.state.lang,
      }).toString()}`;
      await this.mail(account.email, 'mail.confirmSignUp.subject', 'mail.confirmSignUpLink.text', {
        code,
        link,
      });
      return;
    }
    const keys = {
      verify: ['mail.confirmSignUp.subject', 'mail.confirmSignUp.text'],
      'reset-password': ['mail.resetPassword.subject', 'mail.resetPassword.text'],
      'mfa-email': ['mail.mfaEmail.subject', 'mail.mfaEmail.text'],
      unlock: ['mail.unlock.subject', 'mail.unlock.text'],
      'link-account': ['mail.linkAccount.subject', 'mail.linkAccount.text'],
    } as const satisfies Record<string, readonly [MessageKey, MessageKey]>;
    const [subject, text] = keys[purpose];
    await this.mail(account.email, subject, text, { ...values, code });
  }

  // ---- text messages ----

  private callingCodes(): CallingCodeOption[] {
    return callingCodes(this.deps.smsCountries);
  }

  /**
   * Sends a code by text message when the number's and the network's allowances permit (SMS costs
   * money: docs/decisions/sms.md); answers the notice for the next page.
   */
  private async sendSms(
    account: IdentityAccount,
    number: string,
    purpose: 'verify-phone' | 'mfa-sms',
  ): Promise<InteractionNotice> {
    const wait = this.deps.throttle.takeSms(number, this.address, this.now.getTime());
    if (wait > 0)
      return { kind: 'error', key: 'error.tooManySms', values: { wait: formatWait(this.state.lang, wait) } };
    const code = this.deps.codes.issue(account.id, purpose, this.now);
    try {
      await this.deps.sms.send({ to: number, text: this.t('sms.code', { code }) });
    } catch (error) {
      console.error('[identity] text message not sent:', error instanceof Error ? error.message : error);
      return { kind: 'error', key: 'error.smsNotSent' };
    }
    return { kind: 'info', key: 'notice.codeSent', values: { destination: maskPhoneNumber(number) } };
  }

  // ---- social sign-in (docs/decisions/social-sign-in.md) ----

  private providerName(id: string): string {
    return this.deps.federation?.list.find((p) => p.id === id)?.name ?? id;
  }

  /** "Sign in with …": off to the external provider, with PKCE, state and nonce kept for its return. */
  private async federate(id: string): Promise<void> {
    const federation = this.deps.federation;
    if (!federation?.has(id)) return this.goTo(this.state.stage);
    let request;
    try {
      request = await federation.begin(id, this.state.lang);
    } catch (error) {
      console.error('[identity] social sign-in unavailable:', error instanceof Error ? error.message : error);
      return this.render(
        'sign-in',
        this.error('error.federationUnavailable', { provider: this.providerName(id) }),
        {},
        503,
      );
    }
    this.deps.federationRequests.put(
      {
        state: request.state,
        uid: this.interaction.uid,
        provider: id,
        verifier: request.verifier,
        nonce: request.nonce,
      },
      new Date(this.now.getTime() + FEDERATION_REQUEST_TTL_MS),
      this.now,
    );
    this.res.statusCode = 303;
    this.res.setHeader('Location', request.url);
    this.res.setHeader('Content-Length', '0');
    this.res.end();
  }

  /** Back from the external provider (through /federation/callback): the code is exchanged here. */
  private async federationReturn(query: URLSearchParams): Promise<void> {
    const request = this.deps.federationRequests.take(query.get('state') ?? '', this.now);
    if (!request || request.uid !== this.interaction.uid || !this.deps.federation?.has(request.provider)) {
      this.save({ stage: 'sign-in' });
      return this.render('sign-in', this.error('error.federationFailed', { provider: '' }), {}, 400);
    }
    const provider = this.providerName(request.provider);
    this.save({ stage: 'sign-in', passwordVerified: false, accountId: null, decoy: null, pendingLink: null });
    if (query.get('error') !== null) {
      const key =
        query.get('error') === 'access_denied' ? 'error.federationCancelled' : 'error.federationFailed';
      return this.render('sign-in', this.error(key, { provider }), {}, 400);
    }
    const callback = new URL(this.deps.federationRedirectUri);
    callback.search = query.toString();
    let identity: ExternalIdentity;
    try {
      identity = await this.deps.federation.complete(request.provider, callback, request);
    } catch (error) {
      console.error('[identity] social sign-in failed:', error instanceof Error ? error.message : error);
      const key =
        error instanceof FederationError && error.reason === 'unavailable'
          ? 'error.federationUnavailable'
          : 'error.federationFailed';
      return this.render('sign-in', this.error(key, { provider }), {}, 400);
    }
    await this.federatedSignIn(identity, provider);
  }

  /**
   * An external identity, verified by its provider. Linked before: that account. Otherwise by e-mail,
   * never silently (docs/decisions/social-sign-in.md): an account with the address must confirm with
   * a code mailed to it; a new account is made at once when the provider verified the address, else
   * after the sign-up code to it. Only then is the identity linked.
   */
  private async federatedSignIn(identity: ExternalIdentity, provider: string): Promise<void> {
    const linked = this.deps.accounts.findByFederatedIdentity(identity.provider, identity.subject);
    if (linked) {
      this.save({ email: linked.email, accountId: linked.id, passwordVerified: true, firstFactor: 'fed' });
      return this.afterPassword(linked);
    }
    if (!identity.email || !EMAIL_PATTERN.test(identity.email))
      return this.render('sign-in', this.error('error.federationNoEmail', { provider }), {}, 400);
    const pendingLink = { provider: identity.provider, subject: identity.subject, email: identity.email };
    const existing = this.deps.accounts.findByEmail(identity.email);
    if (existing) {
      this.save({
        email: existing.email,
        accountId: existing.id,
        passwordVerified: false,
        pendingLink,
        firstFactor: 'fed',
      });
      return this.goTo('link-account', { notice: await this.sendLinkCode(existing, provider) });
    }
    if (!this.deps.signUpEnabled) return this.render('sign-in', this.error('error.signUpDisabled'), {}, 403);
    const attributes: Record<string, string> = {};
    if (identity.givenName) attributes['given_name'] = identity.givenName.slice(0, 100);
    if (identity.familyName) attributes['family_name'] = identity.familyName.slice(0, 100);
    let account: IdentityAccount;
    try {
      account = await this.deps.accounts.create({
        email: identity.email,
        password: null,
        emailVerified: identity.emailVerified,
        now: this.now,
        attributes,
      });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      return this.render('sign-in', this.error('error.federationFailed', { provider }), {}, 409);
    }
    if (identity.emailVerified) {
      this.deps.accounts.linkFederatedIdentity(
        account.id,
        identity.provider,
        identity.subject,
        identity.email,
        this.now,
      );
      this.save({ email: account.email, accountId: account.id, passwordVerified: true, firstFactor: 'fed' });
      return this.afterPassword(account);
    }
    this.save({
      email: account.email,
      accountId: account.id,
      passwordVerified: false,
      signedUpHere: true,
      pendingLink,
      firstFactor: 'fed',
    });
    return this.goTo('confirm-sign-up', { notice: await this.sendCode(account, 'confirm-sign-up') });
  }

  private async sendLinkCode(account: IdentityAccount, provider: string): Promise<InteractionNotice> {
    const wait = this.takeMail(account.email);
    if (wait > 0) return this.waitNotice(wait);
    await this.mailCode(account, 'link-account', { provider });
    return { kind: 'info', key: 'notice.codeSent', values: { destination: account.email } };
  }

  private async linkAccount(form: Form): Promise<void> {
    const link = this.state.pendingLink;
    const account = this.account();
    if (this.state.stage !== 'link-account' || !link || !account) return this.goTo(this.state.stage);
    const errors = this.required(form, ['confirmation_code']);
    if (Object.keys(errors).length > 0) return this.render('link-account', null, errors, 400);
    const result = this.deps.codes.check(
      account.id,
      'link-account',
      form['confirmation_code'] ?? '',
      this.now,
    );
    if (result !== 'ok') return this.codeRefused('link-account', result);
    this.deps.accounts.linkFederatedIdentity(account.id, link.provider, link.subject, link.email, this.now);
    // The code reached the mailbox: the address is proven, as a sign-up code would prove it.
    this.deps.accounts.markEmailVerified(account.id);
    this.save({ passwordVerified: true, pendingLink: null });
    await this.afterPassword(this.deps.accounts.findById(account.id) ?? account);
  }

  private async resendLinkCode(): Promise<void> {
    const link = this.state.pendingLink;
    const account = this.account();
    if (this.state.stage !== 'link-account' || !link || !account) return this.goTo(this.state.stage);
    this.goTo('link-account', { notice: await this.sendLinkCode(account, this.providerName(link.provider)) });
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
