import { type IdentityLanguage, type MessageKey, translate } from './identity-messages';
import { SHOP_ICON_DATA_URL } from '../../shop-icon';
import {
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PROBLEMS,
  PASSWORD_SPECIAL_CHARACTERS,
} from './password-rules';

/** Server-rendered hosted sign-in pages. Every value that reaches the HTML goes through `escapeHtml`. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface Alert {
  readonly kind: 'error' | 'info' | 'success';
  readonly text: string;
}

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** Where the pages lead back to the shop, per language. */
export interface ShopLinks {
  readonly home: Readonly<Record<IdentityLanguage, string>>;
}

/** What every page of one interaction shares. */
export interface PageContext {
  readonly lang: IdentityLanguage;
  /** The interaction's URL path, e.g. /oidc/interaction/abc; forms post to `${base}/<action>`. */
  readonly base: string;
  readonly signUpEnabled: boolean;
  readonly alert: Alert | null;
  /** URL path of the pages' stylesheet and script (identity-page-assets.ts). */
  readonly assets: string;
  readonly shop: ShopLinks;
  /** The shop's text size and contrast classes (its accessibility cookie). */
  readonly htmlClasses?: readonly string[];
  /** Social sign-in providers, shown after an "or" divider on sign in and sign up. */
  readonly providers?: readonly { readonly id: string; readonly name: string }[];
}

/** One entry of the phone field's country-code selector. */
export interface CallingCodeOption {
  readonly country: string;
  readonly code: string;
}

/** An extra sign-up field (docs/decisions/extra-sign-up-attributes.md). */
export interface SignUpField {
  readonly name: string;
  readonly required: boolean;
  /** A custom attribute's own label; standard attributes use attr.<name>. */
  readonly label: string | null;
}

/** What the sign-up form shows besides e-mail and passwords, and the values typed so far. */
export interface SignUpExtras {
  readonly fields: readonly SignUpField[];
  readonly callingCodes: readonly CallingCodeOption[];
  readonly values: Readonly<Record<string, string>>;
}

const t = (ctx: PageContext, key: MessageKey, values?: Readonly<Record<string, string>>): string =>
  escapeHtml(translate(ctx.lang, key, values));

function alertHtml(ctx: PageContext): string {
  if (!ctx.alert) return '';
  const role = ctx.alert.kind === 'error' ? 'alert' : 'status';
  return `<div class="alert ${ctx.alert.kind}" role="${role}"><span>${escapeHtml(ctx.alert.text)}</span><button type="button" aria-label="${t(ctx, 'button.dismiss')}">&times;</button></div>`;
}

const LOGO_MARK =
  '<svg class="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8"></rect>' +
  '<path class="logo__page" d="M10 7h9l5 5v12a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"></path>' +
  '<path class="logo__lines" d="M11.5 16h9M11.5 20h6"></path></svg>';

/**
 * The whole document around a page body, dressed as the shop: its top bar with the logo (a link home)
 * and the language switch, a way back to the shop, then the card with the alert and the body. No
 * inline style or script: both come from the assets path, so a strict CSP holds.
 */
export function layout(
  ctx: PageContext,
  titleKey: MessageKey,
  body: string,
  options: { tabs?: 'sign-in' | 'sign-up'; wide?: boolean } = {},
): string {
  const home = ctx.shop.home[ctx.lang];
  const langLink = (lang: IdentityLanguage): string =>
    `<a href="${escapeHtml(`${ctx.base}?lang=${lang}`)}" hreflang="${lang}" lang="${lang}"${ctx.lang === lang ? ' aria-current="true"' : ''}>${escapeHtml(translate(lang, `lang.${lang}`))}</a>`;
  const languages = ctx.base
    ? `<nav class="lang" aria-label="${t(ctx, 'lang.label')}">${langLink('et')}${langLink('en')}</nav>`
    : '';
  const tabs =
    options.tabs && ctx.signUpEnabled
      ? `<nav class="tabs" aria-label="${t(ctx, 'title.signIn')}"><a href="${escapeHtml(`${ctx.base}?view=sign-in`)}"${options.tabs === 'sign-in' ? ' aria-current="page"' : ''}>${t(ctx, 'tab.signIn')}</a><a href="${escapeHtml(`${ctx.base}?view=sign-up`)}"${options.tabs === 'sign-up' ? ' aria-current="page"' : ''}>${t(ctx, 'tab.signUp')}</a></nav>`
      : '';
  const htmlClass = ctx.htmlClasses?.length ? ` class="${escapeHtml(ctx.htmlClasses.join(' '))}"` : '';
  return `<!DOCTYPE html>
<html lang="${ctx.lang}"${htmlClass}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t(ctx, titleKey)} – ${t(ctx, 'app.name')}</title>
<link rel="icon" href="${escapeHtml(SHOP_ICON_DATA_URL)}">
<link rel="stylesheet" href="${escapeHtml(`${ctx.assets}/hosted-pages.css`)}">
</head>
<body>
<a href="#main" class="skip-link">${t(ctx, 'link.skipToContent')}</a>
<header class="topbar"><div class="topbar__inner">
<a class="topbar__logo" href="${escapeHtml(home)}"><span class="logo">${LOGO_MARK}<span class="logo__text"><span class="logo__name">${t(ctx, 'app.name')}</span><span class="logo__tagline">${t(ctx, 'app.tagline')}</span></span></span></a>
${languages}
</div></header>
<main id="main"${options.wide ? ' class="wide"' : ''}>
<p class="back"><a href="${escapeHtml(home)}">← ${t(ctx, 'link.backToShop')}</a></p>
<div class="card">
${tabs}
<h1>${t(ctx, titleKey)}</h1>
${alertHtml(ctx)}
${body}
</div>
</main>
<script src="${escapeHtml(`${ctx.assets}/hosted-pages.js`)}" defer></script>
</body>
</html>`;
}

interface FieldOptions {
  readonly name: string;
  readonly label: MessageKey;
  readonly type: 'email' | 'password' | 'text' | 'date' | 'tel' | 'url';
  readonly value?: string;
  /** Default true; an optional field says so after its label. */
  readonly required?: boolean;
  /** A label text of its own (custom attributes), instead of `label`. */
  readonly labelText?: string;
  readonly placeholder?: MessageKey;
  readonly autocomplete?: string;
  readonly errors: FieldErrors;
  readonly inputMode?: 'numeric';
  readonly autofocus?: boolean;
}

function field(ctx: PageContext, o: FieldOptions): string {
  const errors = o.errors[o.name] ?? [];
  const errorId = `${o.name}-error`;
  const attrs = [
    `id="${o.name}"`,
    `name="${o.name}"`,
    `type="${o.type}"`,
    o.required === false ? '' : 'required',
    o.value !== undefined && o.type !== 'password' ? `value="${escapeHtml(o.value)}"` : '',
    o.placeholder ? `placeholder="${t(ctx, o.placeholder)}"` : '',
    o.autocomplete ? `autocomplete="${o.autocomplete}"` : '',
    o.inputMode ? `inputmode="${o.inputMode}" pattern="[0-9]{6}" maxlength="6"` : '',
    o.autofocus ? 'autofocus' : '',
    errors.length > 0 ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
  ]
    .filter((a) => a !== '')
    .join(' ');
  const input =
    o.type === 'password'
      ? `<div class="password"><input ${attrs}><button type="button" class="toggle" aria-controls="${o.name}" aria-pressed="false" data-show="${t(ctx, 'button.showPassword')}" data-hide="${t(ctx, 'button.hidePassword')}">${t(ctx, 'button.showPassword')}</button></div>`
      : `<input ${attrs}>`;
  const errorHtml =
    errors.length > 0
      ? `<div id="${errorId}">${errors.map((e) => `<p class="field-error">${escapeHtml(e)}</p>`).join('')}</div>`
      : '';
  const label = o.labelText === undefined ? t(ctx, o.label) : escapeHtml(o.labelText);
  const optional = o.required === false ? ` <span class="optional">${t(ctx, 'label.optional')}</span>` : '';
  return `<div class="field"><label for="${o.name}">${label}${optional}</label>${input}${errorHtml}</div>`;
}

function errorsOf(errors: FieldErrors, name: string): string {
  const list = errors[name] ?? [];
  return list.length > 0
    ? `<div id="${name}-error">${list.map((e) => `<p class="field-error">${escapeHtml(e)}</p>`).join('')}</div>`
    : '';
}

/**
 * The phone field (SPEC §2: a country-code selector): the code and the number, each with its own
 * label; the server joins them (country code plus number, only letters, digits and + kept).
 */
export function phoneFields(
  ctx: PageContext,
  codes: readonly CallingCodeOption[],
  values: { readonly countryCode: string; readonly number: string },
  errors: FieldErrors,
  required: boolean,
): string {
  const regions = new Intl.DisplayNames([ctx.lang], { type: 'region' });
  const options = codes
    .map(
      ({ country, code }) =>
        `<option value="${escapeHtml(code)}"${code === values.countryCode ? ' selected' : ''}>${escapeHtml(`${regions.of(country) ?? country} ${code}`)}</option>`,
    )
    .join('');
  const invalid = (errors['phone_number'] ?? []).length > 0;
  const optional = required ? '' : ` <span class="optional">${t(ctx, 'label.optional')}</span>`;
  return (
    `<div class="field phone"><div class="phone__code"><label for="country_code">${t(ctx, 'label.countryCode')}</label>` +
    `<select id="country_code" name="country_code" autocomplete="tel-country-code">${options}</select></div>` +
    `<div class="phone__number"><label for="phone_number">${t(ctx, 'label.phoneNumber')}${optional}</label>` +
    `<input id="phone_number" name="phone_number" type="tel" autocomplete="tel-national" inputmode="tel" value="${escapeHtml(values.number)}" placeholder="${t(ctx, 'placeholder.phoneNumber')}"${required ? ' required' : ''}${invalid ? ' aria-invalid="true" aria-describedby="phone_number-error"' : ''}></div>` +
    `${errorsOf(errors, 'phone_number')}</div>`
  );
}

/** The extra sign-up fields, in the configured order. */
function signUpExtraFields(ctx: PageContext, extras: SignUpExtras, errors: FieldErrors): string {
  return extras.fields
    .map((f) => {
      if (f.name === 'phone_number') {
        return phoneFields(
          ctx,
          extras.callingCodes,
          {
            countryCode: extras.values['country_code'] ?? extras.callingCodes[0]?.code ?? '',
            number: extras.values['phone_number'] ?? '',
          },
          errors,
          f.required,
        );
      }
      const type =
        f.name === 'birthdate' ? 'date' : ['website', 'profile', 'picture'].includes(f.name) ? 'url' : 'text';
      const autocomplete: Record<string, string> = {
        given_name: 'given-name',
        family_name: 'family-name',
        middle_name: 'additional-name',
        name: 'name',
        nickname: 'nickname',
        birthdate: 'bday',
        gender: 'sex',
        address: 'street-address',
        locale: 'language',
        website: 'url',
      };
      return field(ctx, {
        name: f.name,
        label: `attr.${f.name}` as MessageKey,
        ...(f.label !== null && { labelText: f.label }),
        type,
        value: extras.values[f.name] ?? '',
        required: f.required,
        errors,
        ...(autocomplete[f.name] !== undefined && { autocomplete: autocomplete[f.name] }),
      });
    })
    .join('');
}

/** "or" and a button per social sign-in provider (SPEC §2), only when some are configured. */
function socialButtons(ctx: PageContext): string {
  const providers = ctx.providers ?? [];
  if (providers.length === 0) return '';
  const buttons = providers
    .map(
      (p) =>
        `<form method="post" action="${escapeHtml(`${ctx.base}/federate/${p.id}`)}" data-submit-once><button type="submit" class="secondary federate" data-provider="${escapeHtml(p.id)}">${t(ctx, 'button.federate', { provider: p.name })}</button></form>`,
    )
    .join('');
  return `<div class="divider" role="separator"><span>${t(ctx, 'text.or')}</span></div><div class="federation">${buttons}</div>`;
}

/** The "remember this device" choice under a second-factor code (docs/decisions/remembered-devices.md). */
const rememberDevice = (ctx: PageContext): string =>
  `<div class="field check"><label for="remember_device"><input id="remember_device" name="remember_device" type="checkbox" value="true"> ${t(ctx, 'label.rememberDevice')}</label></div>`;

/** The e-mail (login name) field that opens sign in, sign up and forgot password. */
function emailField(ctx: PageContext, email: string, errors: FieldErrors): string {
  return field(ctx, {
    name: 'email',
    label: 'label.email',
    type: 'email',
    value: email,
    placeholder: 'placeholder.email',
    autocomplete: 'username',
    errors,
    autofocus: true,
  });
}

/** The one-time code field of every code step (confirm sign-up, reset, second factor). */
function codeField(ctx: PageContext, errors: FieldErrors): string {
  return field(ctx, {
    name: 'confirmation_code',
    label: 'label.code',
    type: 'text',
    placeholder: 'placeholder.code',
    autocomplete: 'one-time-code',
    inputMode: 'numeric',
    errors,
    autofocus: true,
  });
}

/** A new password and its confirmation (sign up, reset, forced change). */
function newPasswordFields(
  ctx: PageContext,
  errors: FieldErrors,
  label: 'label.password' | 'label.newPassword',
  autofocus = false,
): string {
  const password = field(ctx, {
    name: 'password',
    label,
    type: 'password',
    placeholder: 'placeholder.password',
    autocomplete: 'new-password',
    errors,
    ...(autofocus && { autofocus: true }),
  });
  const confirmation = field(ctx, {
    name: 'confirm_password',
    label: 'label.confirmPassword',
    type: 'password',
    placeholder: 'placeholder.confirmPassword',
    autocomplete: 'new-password',
    errors,
  });
  return password + confirmation;
}

/**
 * A form posting to `${base}/<action>`. With `validate`, the pages' script checks the fields the person
 * has touched as they type (SPEC §5: required, e-mail, the password rules and their confirmation) and
 * keeps the submit button disabled while a field shows an error; the server checks everything again.
 */
const form = (ctx: PageContext, action: string, inner: string, validate = false): string =>
  `<form method="post" action="${escapeHtml(`${ctx.base}/${action}`)}" novalidate data-submit-once${validate ? ` data-rules="${escapeHtml(JSON.stringify(ruleTexts(ctx)))}"` : ''}>${inner}</form>`;

/** The rules' texts and patterns for the pages' live validation (the server's own, in the page's language). */
function ruleTexts(ctx: PageContext): Record<string, string | number> {
  const texts: Record<string, string | number> = {
    required: translate(ctx.lang, 'error.required'),
    email: EMAIL_PATTERN.source,
    emailInvalid: translate(ctx.lang, 'error.emailInvalid'),
    min: PASSWORD_MIN_LENGTH,
    special: PASSWORD_SPECIAL_CHARACTERS.source,
    match: translate(ctx.lang, 'error.passwordsMustMatch'),
  };
  for (const problem of PASSWORD_PROBLEMS) texts[problem] = translate(ctx.lang, `error.${problem}`);
  return texts;
}

const submit = (ctx: PageContext, label: MessageKey): string =>
  `<button type="submit" class="primary">${t(ctx, label)}</button>`;

const backToSignIn = (ctx: PageContext): string =>
  `<p class="links"><a href="${escapeHtml(`${ctx.base}?view=sign-in`)}">${t(ctx, 'link.backToSignIn')}</a></p>`;

export function signInPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    form(
      ctx,
      'login',
      emailField(ctx, email, errors) +
        field(ctx, {
          name: 'password',
          label: 'label.password',
          type: 'password',
          placeholder: 'placeholder.password',
          autocomplete: 'current-password',
          errors,
        }) +
        submit(ctx, 'button.signIn'),
    ) +
    `<p class="links"><a href="${escapeHtml(`${ctx.base}?view=forgot-password`)}">${t(ctx, 'link.forgotPassword')}</a></p>` +
    socialButtons(ctx);
  return layout(ctx, 'title.signIn', body, { tabs: 'sign-in' });
}

export function signUpPage(
  ctx: PageContext,
  email: string,
  errors: FieldErrors,
  extras: SignUpExtras = { fields: [], callingCodes: [], values: {} },
): string {
  const body =
    form(
      ctx,
      'sign-up',
      emailField(ctx, email, errors) +
        newPasswordFields(ctx, errors, 'label.password') +
        signUpExtraFields(ctx, extras, errors) +
        submit(ctx, 'button.createAccount'),
      true,
    ) + socialButtons(ctx);
  return layout(ctx, 'title.signUp', body, { tabs: 'sign-up' });
}

/**
 * Confirm sign-up. With `poll`, the page asks every 5 s for up to 3 minutes whether the account was
 * confirmed elsewhere (the mail's link, on any device) and then signs in by itself (SPEC §4 auto
 * sign-in); after that it says the account was not confirmed in time, and the code still works.
 */
export function confirmSignUpPage(
  ctx: PageContext,
  email: string,
  errors: FieldErrors,
  poll = false,
): string {
  const polling = poll
    ? `<div class="poll" data-poll="${escapeHtml(`${ctx.base}/status`)}" data-continue="${escapeHtml(`${ctx.base}/auto-sign-in`)}" data-poll-every="5000" data-poll-for="180000" data-timeout="${t(ctx, 'text.unconfirmedInTime')}"><p class="note">${t(ctx, 'text.confirmSignUpLink')}</p></div>`
    : '';
  const body =
    `<p class="text">${t(ctx, 'text.confirmSignUp', { destination: email })}</p>` +
    polling +
    form(ctx, 'confirm-sign-up', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    form(ctx, 'resend-code', `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`) +
    backToSignIn(ctx);
  return layout(ctx, 'title.confirmSignUp', body);
}

export function forgotPasswordPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.forgotPassword')}</p>` +
    form(ctx, 'forgot-password', emailField(ctx, email, errors) + submit(ctx, 'button.sendCode'), true) +
    backToSignIn(ctx);
  return layout(ctx, 'title.forgotPassword', body);
}

export function resetPasswordPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.resetPassword', { destination: email })}</p>` +
    form(
      ctx,
      'reset-password',
      codeField(ctx, errors) +
        newPasswordFields(ctx, errors, 'label.newPassword') +
        submit(ctx, 'button.submit'),
      true,
    ) +
    form(
      ctx,
      'forgot-password/resend',
      `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
    ) +
    backToSignIn(ctx);
  return layout(ctx, 'title.resetPassword', body);
}

export function newPasswordPage(ctx: PageContext, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.newPassword')}</p>` +
    form(
      ctx,
      'new-password',
      newPasswordFields(ctx, errors, 'label.newPassword', true) + submit(ctx, 'button.changePassword'),
      true,
    ) +
    backToSignIn(ctx);
  return layout(ctx, 'title.newPassword', body);
}

/** The second-factor kinds a page offers, in this order. */
export type MfaKind = 'totp' | 'email' | 'sms';

function mfaRadios(ctx: PageContext, kinds: readonly MfaKind[]): string {
  return kinds
    .map(
      (type, i) =>
        `<label><input type="radio" name="mfa_type" value="${type.toUpperCase()}"${i === 0 ? ' checked' : ''}> ${t(ctx, `mfa.${type}`)}</label>`,
    )
    .join('');
}

export function chooseMfaPage(
  ctx: PageContext,
  errors: FieldErrors,
  kinds: readonly MfaKind[] = ['totp', 'email'],
): string {
  const radios = mfaRadios(ctx, kinds);
  const error = (errors['mfa_type'] ?? []).map((e) => `<p class="field-error">${escapeHtml(e)}</p>`).join('');
  const body =
    form(
      ctx,
      'choose-mfa',
      `<fieldset class="choices"><legend>${t(ctx, 'text.chooseMfa')}</legend>${radios}${error}</fieldset>` +
        submit(ctx, 'button.continue'),
    ) + backToSignIn(ctx);
  return layout(ctx, 'title.chooseMfa', body);
}

export function mfaCodePage(
  ctx: PageContext,
  kind: 'totp' | 'email' | 'sms',
  destination: string,
  errors: FieldErrors,
): string {
  const texts = {
    totp: ['text.mfaTotp', 'title.mfaTotp'],
    email: ['text.mfaEmail', 'title.mfaEmail'],
    sms: ['text.mfaSms', 'title.mfaSms'],
  } as const satisfies Record<string, readonly [MessageKey, MessageKey]>;
  const body =
    `<p class="text">${t(ctx, texts[kind][0], { destination })}</p>` +
    form(ctx, `mfa-${kind}`, codeField(ctx, errors) + rememberDevice(ctx) + submit(ctx, 'button.confirm')) +
    (kind !== 'totp'
      ? form(
          ctx,
          `mfa-${kind}/resend`,
          `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
        )
      : '') +
    backToSignIn(ctx);
  return layout(ctx, texts[kind][1], body);
}

/** Setting up text-message codes: the mobile number first (when none is verified), then its code. */
export function setupSmsPage(
  ctx: PageContext,
  phase:
    | {
        readonly kind: 'phone';
        readonly codes: readonly CallingCodeOption[];
        readonly values: { countryCode: string; number: string };
      }
    | { readonly kind: 'code'; readonly destination: string },
  errors: FieldErrors,
): string {
  const body =
    phase.kind === 'phone'
      ? `<p class="text">${t(ctx, 'text.setupSmsPhone')}</p>` +
        form(
          ctx,
          'setup-sms/phone',
          phoneFields(ctx, phase.codes, phase.values, errors, true) + submit(ctx, 'button.sendSmsCode'),
        ) +
        backToSignIn(ctx)
      : `<p class="text">${t(ctx, 'text.setupSmsCode', { destination: phase.destination })}</p>` +
        form(ctx, 'setup-sms', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
        form(
          ctx,
          'setup-sms/resend',
          `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
        ) +
        backToSignIn(ctx);
  return layout(ctx, 'title.setupSms', body);
}

/** SPEC §2 verify contact: choose an unverified attribute and send it a code; skipping is allowed. */
export function verifyContactPage(
  ctx: PageContext,
  options: readonly { readonly attribute: 'email' | 'phone_number'; readonly shown: string }[],
  errors: FieldErrors,
): string {
  const radios = options
    .map(
      (o, i) =>
        `<label><input type="radio" name="unverifiedAttr" value="${o.attribute}"${i === 0 ? ' checked' : ''}> ${t(ctx, `verify.${o.attribute}`, { value: o.shown })}</label>`,
    )
    .join('');
  const body =
    `<p class="text">${t(ctx, 'text.verifyContact')}</p>` +
    form(
      ctx,
      'verify-contact',
      `<fieldset class="choices"><legend class="visually-hidden">${t(ctx, 'title.verifyContact')}</legend>${radios}${errorsOf(errors, 'unverifiedAttr')}</fieldset>` +
        submit(ctx, 'button.sendCode'),
    ) +
    form(
      ctx,
      'verify-contact/skip',
      `<button type="submit" class="secondary">${t(ctx, 'button.skip')}</button>`,
    );
  return layout(ctx, 'title.verifyContact', body);
}

/** SPEC §2 verify contact, second step: the code; skipping is still allowed. */
export function verifyContactCodePage(ctx: PageContext, destination: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.verifyContactCode', { destination })}</p>` +
    form(ctx, 'verify-contact-code', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    form(
      ctx,
      'verify-contact/resend',
      `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
    ) +
    form(
      ctx,
      'verify-contact/skip',
      `<button type="submit" class="secondary">${t(ctx, 'button.skip')}</button>`,
    );
  return layout(ctx, 'title.verifyContactCode', body);
}

/** An external sign-in whose e-mail has an account here: a code to that address confirms the link. */
export function linkAccountPage(
  ctx: PageContext,
  provider: string,
  email: string,
  errors: FieldErrors,
): string {
  const body =
    `<p class="text">${t(ctx, 'text.linkAccount', { destination: email, provider })}</p>` +
    form(ctx, 'link-account', codeField(ctx, errors) + submit(ctx, 'button.link')) +
    form(
      ctx,
      'link-account/resend',
      `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
    ) +
    backToSignIn(ctx);
  return layout(ctx, 'title.linkAccount', body);
}

/** The mail's confirmation link: a button (a POST), so a mail scanner opening links confirms nothing. */
export function confirmEmailPage(
  ctx: PageContext,
  action: string,
  destination: string,
  hidden: Readonly<Record<string, string>>,
): string {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const body =
    `<p class="text">${t(ctx, 'text.confirmEmail', { destination })}</p>` +
    `<form method="post" action="${escapeHtml(action)}" data-submit-once>${inputs}${submit(ctx, 'button.confirmEmail')}</form>`;
  return layout(ctx, 'title.confirmEmail', body);
}

export function offerMfaPage(ctx: PageContext, kinds: readonly MfaKind[] = ['totp', 'email', 'sms']): string {
  const radios = mfaRadios(ctx, kinds);
  const body =
    `<p class="text">${t(ctx, 'text.offerMfa')}</p>` +
    form(
      ctx,
      'offer-mfa',
      `<fieldset class="choices"><legend class="visually-hidden">${t(ctx, 'title.chooseMfa')}</legend>${radios}</fieldset>` +
        submit(ctx, 'button.continue'),
    ) +
    form(ctx, 'offer-mfa/skip', `<button type="submit" class="secondary">${t(ctx, 'button.skip')}</button>`);
  return layout(ctx, 'title.offerMfa', body);
}

export function setupTotpPage(
  ctx: PageContext,
  secret: string,
  qrDataUrl: string,
  errors: FieldErrors,
): string {
  const body =
    `<p class="text">${t(ctx, 'text.setupTotp')}</p>` +
    `<img class="qr" src="${escapeHtml(qrDataUrl)}" width="228" height="228" alt="${t(ctx, 'text.qrAlt')}">` +
    `<p><strong>${t(ctx, 'label.secret')}</strong></p>` +
    `<div class="secret"><code id="totp-secret">${escapeHtml(secret)}</code><button type="button" class="toggle" data-copy="${escapeHtml(secret)}" data-copied="${t(ctx, 'button.copied')}">${t(ctx, 'button.copy')}</button></div>` +
    form(ctx, 'setup-totp', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    backToSignIn(ctx);
  return layout(ctx, 'title.setupTotp', body);
}

export function unlockPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.unlock', { destination: email })}</p>` +
    form(ctx, 'unlock', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    form(
      ctx,
      'unlock/resend',
      `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
    ) +
    backToSignIn(ctx);
  return layout(ctx, 'title.unlock', body);
}

export function setupEmailPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.setupEmail', { destination: email })}</p>` +
    form(ctx, 'setup-email', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    form(
      ctx,
      'mfa-email/resend',
      `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
    ) +
    backToSignIn(ctx);
  return layout(ctx, 'title.setupEmail', body);
}

/** A page without forms: signed out, errors. */
export function messagePage(ctx: PageContext, titleKey: MessageKey, textKey: MessageKey, extra = ''): string {
  return layout(ctx, titleKey, `<p class="text">${t(ctx, textKey)}</p>${extra}`);
}

/** RP-initiated logout: oidc-provider's form (with its xsrf token) plus our buttons; auto-submitted. */
export function logoutPage(ctx: PageContext, providerForm: string): string {
  const body =
    `<p class="text">${t(ctx, 'text.logout')}</p>${providerForm}` +
    `<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" id="logout-yes" data-auto-click autofocus>${t(ctx, 'button.logoutYes')}</button>` +
    `<button type="submit" class="secondary" form="op.logoutForm">${t(ctx, 'button.logoutNo')}</button>` +
    // The product's "log out" button already was the confirmation: the pages' script presses "yes" at
    // once (data-auto-click); the page only stays on screen without script.
    '';
  return layout(ctx, 'title.logout', body);
}
