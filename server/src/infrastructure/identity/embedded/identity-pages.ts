import { type IdentityLanguage, type MessageKey, translate } from './identity-messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_PROBLEMS, PASSWORD_SPECIAL_CHARACTERS } from './password-rules';

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

/** What every page of one interaction shares. */
export interface PageContext {
  readonly lang: IdentityLanguage;
  /** The interaction's URL path, e.g. /oidc/interaction/abc; forms post to `${base}/<action>`. */
  readonly base: string;
  readonly signUpEnabled: boolean;
  readonly alert: Alert | null;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1b1f24;background:#f3f5f8}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d5dae1;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
header{display:flex;justify-content:space-between;align-items:center;margin-bottom:1rem}
.brand{font-weight:700;font-size:1.25rem;color:#0b3d6b}
.lang a{color:#0b3d6b;margin-left:.5rem}
.lang a[aria-current]{font-weight:700;text-decoration:none}
h1{font-size:1.4rem;margin:0 0 1rem}
.tabs{display:flex;margin:-1.5rem -1.5rem 1.5rem;border-bottom:1px solid #d5dae1}
.tabs a{flex:1;text-align:center;padding:.9rem;color:#445;text-decoration:none;border-bottom:3px solid transparent}
.tabs a[aria-current]{color:#0b3d6b;font-weight:600;border-bottom-color:#0b3d6b}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem .7rem;font-size:1rem;border:1px solid #8a94a3;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid #7fb3e6;outline-offset:1px}
input[aria-invalid=true]{border-color:#b3261e}
.password{display:flex;gap:.25rem}
.password input{flex:1}
.toggle{padding:0 .7rem;border:1px solid #8a94a3;border-radius:4px;background:#fff;cursor:pointer;font-size:.85rem}
.field-error{color:#b3261e;margin:.25rem 0 0;font-size:.9rem}
.primary{width:100%;padding:.7rem;font-size:1rem;font-weight:600;color:#fff;background:#0b3d6b;border:0;border-radius:4px;cursor:pointer}
.secondary{width:100%;padding:.6rem;margin-top:.5rem;font-size:1rem;color:#0b3d6b;background:#fff;border:1px solid #0b3d6b;border-radius:4px;cursor:pointer}
.links{margin-top:1rem;text-align:center}
.links a{color:#0b3d6b}
.alert{display:flex;justify-content:space-between;gap:.5rem;padding:.75rem 1rem;border-radius:4px;margin-bottom:1rem}
.alert.error{background:#fde8e7;color:#7a1711;border:1px solid #f1b8b4}
.alert.info{background:#e8f1fb;color:#0b3d6b;border:1px solid #b6d1ef}
.alert.success{background:#e7f6ea;color:#17521f;border:1px solid #b4dfbb}
.alert button{background:none;border:0;font-size:1.2rem;line-height:1;cursor:pointer;color:inherit}
.choices label{font-weight:400;display:flex;gap:.5rem;align-items:center;margin-bottom:.5rem}
.qr{display:block;margin:0 auto 1rem;image-rendering:pixelated}
.secret{display:flex;gap:.25rem;margin-bottom:1rem}
.secret code{flex:1;padding:.5rem;background:#f3f5f8;border-radius:4px;word-break:break-all}
p.text{margin-top:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const SCRIPT = `
document.querySelectorAll('.toggle').forEach(function(b){b.addEventListener('click',function(){
var i=document.getElementById(b.getAttribute('aria-controls'));var show=i.type==='password';
i.type=show?'text':'password';b.setAttribute('aria-pressed',String(show));b.textContent=show?b.dataset.hide:b.dataset.show;});});
document.querySelectorAll('.alert button').forEach(function(b){b.addEventListener('click',function(){b.parentElement.remove();});});
document.querySelectorAll('[data-copy]').forEach(function(b){b.addEventListener('click',function(){
navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent=b.dataset.copied;});});});
document.querySelectorAll('form[data-submit-once]').forEach(function(f){f.addEventListener('submit',function(){
f.querySelectorAll('button[type=submit]').forEach(function(b){setTimeout(function(){b.disabled=true;},0);});});});
document.querySelectorAll('form[data-rules]').forEach(function(f){
var m=JSON.parse(f.dataset.rules),p=f.querySelector('#password'),c=f.querySelector('#confirm_password'),special=new RegExp(m.special);
function show(input,msgs){var old=document.getElementById(input.id+'-error');if(old)old.remove();
var box=document.getElementById(input.id+'-live');if(!box){box=document.createElement('div');box.id=input.id+'-live';
box.setAttribute('aria-live','polite');input.closest('.field').appendChild(box);input.setAttribute('aria-describedby',box.id);}
box.textContent='';msgs.forEach(function(t){var e=document.createElement('p');e.className='field-error';e.textContent=t;box.appendChild(e);});
input.setAttribute('aria-invalid',msgs.length?'true':'false');}
function check(){var v=p.value,w=c?c.value:'',out=[];
if(p.dataset.touched||v!==''){if(Array.from(v).length<m.min)out.push(m.PASSWORD_TOO_SHORT);if(!/\\p{Ll}/u.test(v))out.push(m.PASSWORD_NO_LOWER);
if(!/\\p{Lu}/u.test(v))out.push(m.PASSWORD_NO_UPPER);if(!/\\d/.test(v))out.push(m.PASSWORD_NO_NUMBER);if(!special.test(v))out.push(m.PASSWORD_NO_SPECIAL);
if(v==='')out=[];show(p,out);}
if(c&&(c.dataset.touched||w!=='')){var bad=!(v===''&&w==='')&&v!==w&&((p.dataset.touched&&c.dataset.touched)||(v.length>=6&&w.length>=6));show(c,bad?[m.match]:[]);}}
[p,c].forEach(function(i){if(!i)return;i.addEventListener('input',check);i.addEventListener('blur',function(){i.dataset.touched='1';check();});});});
`;

const t = (ctx: PageContext, key: MessageKey, values?: Readonly<Record<string, string>>): string =>
  escapeHtml(translate(ctx.lang, key, values));

function alertHtml(ctx: PageContext): string {
  if (!ctx.alert) return '';
  const role = ctx.alert.kind === 'error' ? 'alert' : 'status';
  return `<div class="alert ${ctx.alert.kind}" role="${role}"><span>${escapeHtml(ctx.alert.text)}</span><button type="button" aria-label="${t(ctx, 'button.dismiss')}">&times;</button></div>`;
}

/** The whole document around a page body: header with language switch, alert, card. */
export function layout(
  ctx: PageContext,
  titleKey: MessageKey,
  body: string,
  options: { tabs?: 'sign-in' | 'sign-up' } = {},
): string {
  const langLink = (lang: IdentityLanguage): string =>
    `<a href="${escapeHtml(`${ctx.base}?lang=${lang}`)}" hreflang="${lang}" lang="${lang}"${ctx.lang === lang ? ' aria-current="true"' : ''}>${escapeHtml(translate(lang, `lang.${lang}`))}</a>`;
  const tabs =
    options.tabs && ctx.signUpEnabled
      ? `<nav class="tabs" aria-label="${t(ctx, 'title.signIn')}"><a href="${escapeHtml(`${ctx.base}?view=sign-in`)}"${options.tabs === 'sign-in' ? ' aria-current="page"' : ''}>${t(ctx, 'tab.signIn')}</a><a href="${escapeHtml(`${ctx.base}?view=sign-up`)}"${options.tabs === 'sign-up' ? ' aria-current="page"' : ''}>${t(ctx, 'tab.signUp')}</a></nav>`
      : '';
  return `<!DOCTYPE html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t(ctx, titleKey)} – ${t(ctx, 'app.name')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><span class="brand">${t(ctx, 'app.name')}</span><nav class="lang" aria-label="${t(ctx, 'lang.label')}">${ctx.base ? langLink('et') + langLink('en') : ''}</nav></header>
<div class="card">
${tabs}
<h1>${t(ctx, titleKey)}</h1>
${alertHtml(ctx)}
${body}
</div>
</main>
<script>${SCRIPT}</script>
</body>
</html>`;
}

interface FieldOptions {
  readonly name: string;
  readonly label: MessageKey;
  readonly type: 'email' | 'password' | 'text';
  readonly value?: string;
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
    'required',
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
  return `<div class="field"><label for="${o.name}">${t(ctx, o.label)}</label>${input}${errorHtml}</div>`;
}

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

const form = (ctx: PageContext, action: string, inner: string, withRules = false): string =>
  `<form method="post" action="${escapeHtml(`${ctx.base}/${action}`)}" novalidate data-submit-once${withRules ? ` data-rules="${escapeHtml(JSON.stringify(passwordRuleTexts(ctx)))}"` : ''}>${inner}</form>`;

/** The password rules' texts for the pages' live validation (SPEC §4: validated while typing). */
function passwordRuleTexts(ctx: PageContext): Record<string, string | number> {
  const texts: Record<string, string | number> = {
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
    `<p class="links"><a href="${escapeHtml(`${ctx.base}?view=forgot-password`)}">${t(ctx, 'link.forgotPassword')}</a></p>`;
  return layout(ctx, 'title.signIn', body, { tabs: 'sign-in' });
}

export function signUpPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body = form(
    ctx,
    'sign-up',
    emailField(ctx, email, errors) +
      newPasswordFields(ctx, errors, 'label.password') +
      submit(ctx, 'button.createAccount'),
    true,
  );
  return layout(ctx, 'title.signUp', body, { tabs: 'sign-up' });
}

export function confirmSignUpPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.confirmSignUp', { destination: email })}</p>` +
    form(ctx, 'confirm-sign-up', codeField(ctx, errors) + submit(ctx, 'button.confirm')) +
    form(ctx, 'resend-code', `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`) +
    backToSignIn(ctx);
  return layout(ctx, 'title.confirmSignUp', body);
}

export function forgotPasswordPage(ctx: PageContext, email: string, errors: FieldErrors): string {
  const body =
    `<p class="text">${t(ctx, 'text.forgotPassword')}</p>` +
    form(ctx, 'forgot-password', emailField(ctx, email, errors) + submit(ctx, 'button.sendCode')) +
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

export function chooseMfaPage(ctx: PageContext, errors: FieldErrors): string {
  const radios = (['totp', 'email'] as const)
    .map(
      (type, i) =>
        `<label><input type="radio" name="mfa_type" value="${type.toUpperCase()}"${i === 0 ? ' checked' : ''}> ${t(ctx, type === 'totp' ? 'mfa.totp' : 'mfa.email')}</label>`,
    )
    .join('');
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
  kind: 'totp' | 'email',
  email: string,
  errors: FieldErrors,
): string {
  const body =
    `<p class="text">${kind === 'totp' ? t(ctx, 'text.mfaTotp') : t(ctx, 'text.mfaEmail', { destination: email })}</p>` +
    form(
      ctx,
      kind === 'totp' ? 'mfa-totp' : 'mfa-email',
      codeField(ctx, errors) + submit(ctx, 'button.confirm'),
    ) +
    (kind === 'email'
      ? form(
          ctx,
          'mfa-email/resend',
          `<button type="submit" class="secondary">${t(ctx, 'button.resend')}</button>`,
        )
      : '') +
    backToSignIn(ctx);
  return layout(ctx, kind === 'totp' ? 'title.mfaTotp' : 'title.mfaEmail', body);
}

export function offerMfaPage(ctx: PageContext): string {
  const radios = (['totp', 'email'] as const)
    .map(
      (type, i) =>
        `<label><input type="radio" name="mfa_type" value="${type.toUpperCase()}"${i === 0 ? ' checked' : ''}> ${t(ctx, type === 'totp' ? 'mfa.totp' : 'mfa.email')}</label>`,
    )
    .join('');
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
    `<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" id="logout-yes" autofocus>${t(ctx, 'button.logoutYes')}</button>` +
    `<button type="submit" class="secondary" form="op.logoutForm">${t(ctx, 'button.logoutNo')}</button>` +
    // The product's "log out" button already was the confirmation; the page only shows without script.
    `<script>document.getElementById('logout-yes').click();</script>`;
  return layout(ctx, 'title.logout', body);
}
