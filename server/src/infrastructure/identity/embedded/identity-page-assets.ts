/**
 * The hosted sign-in pages' stylesheet and script, served as files under `${mountPath}/assets/` so the
 * Content-Security-Policy needs no inline code (docs/decisions/security-headers.md). The styles
 * repeat the shop's design tokens and header (client/src/styles/index.css: colours, font, radius, the
 * logo and top bar), so signing in looks like the shop; the accessibility cookie's text size and
 * contrast classes apply here as well.
 */

export const HOSTED_PAGES_CSS = `
:root{--color-bg:#f6f7fb;--color-surface:#fff;--color-text:#1b2333;--color-muted:#586174;--color-border:#dfe3ec;
--color-primary:#1d3557;--color-primary-hover:#14263f;--color-accent:#e76f51;--color-link:#1f5fae;
--color-success:#1e7a46;--color-success-soft:#e6f4ec;--color-info-soft:#e7f0fb;--color-danger:#b42318;
--color-danger-soft:#fdecea;--color-focus:#f4a261;--radius:12px;--radius-small:8px;
--shadow:0 1px 2px rgb(16 24 40 / 6%),0 4px 16px rgb(16 24 40 / 6%);
--font:'Inter',system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color-scheme:light}
html{font-size:16px;-webkit-text-size-adjust:100%}html.font-large{font-size:18px}html.font-largest{font-size:24px}
html.contrast-high{--color-bg:#fff;--color-text:#000;--color-muted:#1a1a1a;--color-border:#000;--color-primary:#000;
--color-primary-hover:#222;--color-link:#0000c8;--color-accent:#9a1c00;--shadow:none}
html.contrast-high .card,html.contrast-high .topbar{border:2px solid #000}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font);font-size:1rem;line-height:1.55;color:var(--color-text);background:var(--color-bg);-webkit-font-smoothing:antialiased}
a{color:var(--color-link);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px;border-radius:4px}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip-link{position:absolute;left:-999px;top:.5rem;background:var(--color-surface);padding:.5rem 1rem;border-radius:var(--radius-small);z-index:30}
.skip-link:focus{left:.5rem}
.topbar{background:rgb(255 255 255 / 94%);border-bottom:1px solid var(--color-border)}
.topbar__inner{max-width:72rem;margin:0 auto;padding:.6rem 1.25rem;display:flex;align-items:center;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.topbar__logo{text-decoration:none;color:inherit}
.logo{display:inline-flex;align-items:center;gap:.6rem}
.logo__mark{width:2.25rem;height:2.25rem}.logo__mark rect{fill:var(--color-primary)}.logo__page{fill:#fff}
.logo__lines{stroke:var(--color-accent);stroke-width:2;stroke-linecap:round;fill:none}
.logo__text{display:flex;flex-direction:column;line-height:1.1}
.logo__name{font-weight:800;font-size:1.2rem;letter-spacing:-.02em;color:var(--color-primary)}
.logo__tagline{font-size:.75rem;color:var(--color-muted);text-transform:lowercase}
.lang{display:flex;gap:.25rem}
.lang a{padding:.35rem .6rem;border-radius:var(--radius-small);color:var(--color-text);text-decoration:none;font-weight:500}
.lang a:hover{background:var(--color-info-soft)}
.lang a[aria-current]{background:var(--color-info-soft);color:var(--color-primary);font-weight:700}
main{max-width:30rem;margin:1.5rem auto 3rem;padding:0 1rem}
.back{margin:0 0 .75rem}.back a{font-weight:600;text-decoration:none}.back a:hover{text-decoration:underline}
.card{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius);box-shadow:var(--shadow);padding:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem;color:var(--color-primary)}
p{margin:0 0 1em}
.tabs{display:flex;margin:-1.5rem -1.5rem 1.5rem;border-bottom:1px solid var(--color-border)}
.tabs a{flex:1;text-align:center;padding:.9rem;color:var(--color-muted);text-decoration:none;font-weight:600;border-bottom:3px solid transparent}
.tabs a[aria-current]{color:var(--color-primary);border-bottom-color:var(--color-accent)}
.field{display:flex;flex-direction:column;gap:.3rem;margin-bottom:1rem}
label{font-size:.875rem;font-weight:600;color:var(--color-muted)}
input[type=email],input[type=password],input[type=text]{font:inherit;color:inherit;width:100%;padding:.55rem .75rem;border:1px solid #8a94a6;border-radius:var(--radius-small);background:var(--color-surface)}
input[aria-invalid=true]{border-color:var(--color-danger)}
.password{display:flex;gap:.35rem}.password input{flex:1;min-width:0}
.toggle{font:inherit;font-size:.85rem;font-weight:600;padding:0 .75rem;border:1px solid var(--color-border);border-radius:var(--radius-small);background:var(--color-surface);color:var(--color-primary);cursor:pointer}
.field-error{color:var(--color-danger);margin:.25rem 0 0;font-size:.875rem;font-weight:600}
.primary,.secondary{display:flex;width:100%;align-items:center;justify-content:center;padding:.7rem 1.1rem;border-radius:var(--radius-small);font:inherit;font-weight:600;line-height:1.2;cursor:pointer}
.primary{color:#fff;background:var(--color-primary);border:1px solid transparent}.primary:hover{background:var(--color-primary-hover)}
.secondary{margin-top:.5rem;color:var(--color-primary);background:var(--color-surface);border:1px solid var(--color-border)}
.secondary:hover{border-color:var(--color-primary)}
button:disabled{cursor:not-allowed;opacity:.55}
.links{margin-top:1rem;text-align:center}
.alert{display:flex;justify-content:space-between;gap:.5rem;padding:.75rem 1rem;border-radius:var(--radius-small);margin-bottom:1rem;font-weight:500}
.alert.error{background:var(--color-danger-soft);color:#7a1711;border:1px solid #f1b8b4}
.alert.info{background:var(--color-info-soft);color:var(--color-primary);border:1px solid #b6d1ef}
.alert.success{background:var(--color-success-soft);color:#17521f;border:1px solid #b4dfbb}
.alert button{background:none;border:0;font-size:1.2rem;line-height:1;cursor:pointer;color:inherit}
.choices{border:0;padding:0;margin:0 0 1rem}.choices legend{font-weight:600;margin-bottom:.5rem}
.choices label{font-weight:400;color:var(--color-text);display:flex;gap:.5rem;align-items:center;margin-bottom:.5rem;font-size:1rem}
.qr{display:block;margin:0 auto 1rem;image-rendering:pixelated}
.secret{display:flex;gap:.35rem;margin-bottom:1rem}
.secret code{flex:1;padding:.5rem;background:var(--color-bg);border-radius:var(--radius-small);word-break:break-all}
.mail{border:1px solid var(--color-border);border-radius:var(--radius-small);padding:1rem;margin-bottom:1rem;background:var(--color-surface)}
.mail h2{font-size:1.1rem;margin:0}.mail .meta{color:var(--color-muted);margin:.25rem 0}.mail pre{white-space:pre-wrap;font:inherit}
main.wide{max-width:48rem}
.optional{font-weight:400}
.note{color:var(--color-muted);font-size:.95rem;margin:0 0 1em}
select{font:inherit;color:inherit;padding:.55rem .5rem;border:1px solid #8a94a6;border-radius:var(--radius-small);background:var(--color-surface);max-width:100%}
input[type=tel],input[type=url],input[type=date]{font:inherit;color:inherit;width:100%;padding:.55rem .75rem;border:1px solid #8a94a6;border-radius:var(--radius-small);background:var(--color-surface)}
.phone{display:grid;grid-template-columns:minmax(0,11rem) 1fr;gap:.5rem;align-items:end}
.phone__code,.phone__number{display:flex;flex-direction:column;gap:.3rem}
.phone>div[id$=-error]{grid-column:1/-1}
.check label{display:flex;gap:.5rem;align-items:center;font-weight:400;color:var(--color-text);font-size:1rem}
.divider{display:flex;align-items:center;gap:.75rem;margin:1.25rem 0 .5rem;color:var(--color-muted)}
.divider::before,.divider::after{content:'';flex:1;border-top:1px solid var(--color-border)}
.federation form{margin:0}
`;

export const HOSTED_PAGES_JS = `
document.querySelectorAll('.toggle[aria-controls]').forEach(function(b){b.addEventListener('click',function(){
var i=document.getElementById(b.getAttribute('aria-controls'));var show=i.type==='password';
i.type=show?'text':'password';b.setAttribute('aria-pressed',String(show));b.textContent=show?b.dataset.hide:b.dataset.show;});});
document.querySelectorAll('.alert button').forEach(function(b){b.addEventListener('click',function(){b.parentElement.remove();});});
document.querySelectorAll('[data-copy]').forEach(function(b){b.addEventListener('click',function(){
navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent=b.dataset.copied;});});});
document.querySelectorAll('form[data-rules]').forEach(function(f){
var m=JSON.parse(f.dataset.rules),email=new RegExp(m.email),special=new RegExp(m.special),p=f.querySelector('#password'),c=f.querySelector('#confirm_password'),
inputs=Array.from(f.querySelectorAll('input[required]'));
function bad(i){return i.getAttribute('aria-invalid')==='true';}
function sync(){var off=inputs.some(bad);f.querySelectorAll('button[type=submit]').forEach(function(b){b.disabled=off;});}
function show(input,msgs){var old=document.getElementById(input.id+'-error');if(old)old.remove();
var box=document.getElementById(input.id+'-live');if(!box){box=document.createElement('div');box.id=input.id+'-live';
box.setAttribute('aria-live','polite');input.closest('.field').appendChild(box);input.setAttribute('aria-describedby',box.id);}
box.textContent='';msgs.forEach(function(t){var e=document.createElement('p');e.className='field-error';e.textContent=t;box.appendChild(e);});
input.setAttribute('aria-invalid',msgs.length?'true':'false');}
function errors(i){var v=i.value,out=[];if(v.trim()==='')return i.dataset.touched?[m.required]:[];
if(i===p){if(Array.from(v).length<m.min)out.push(m.PASSWORD_TOO_SHORT);if(!/\\p{Ll}/u.test(v))out.push(m.PASSWORD_NO_LOWER);
if(!/\\p{Lu}/u.test(v))out.push(m.PASSWORD_NO_UPPER);if(!/\\d/.test(v))out.push(m.PASSWORD_NO_NUMBER);if(!special.test(v))out.push(m.PASSWORD_NO_SPECIAL);return out;}
if(i===c){var w=p?p.value:'';return w!==v&&((p.dataset.touched&&c.dataset.touched)||(w.length>=6&&v.length>=6))?[m.match]:[];}
if(i.type==='email'&&i.dataset.touched&&!email.test(v.trim().toLowerCase()))return [m.emailInvalid];return [];}
function check(i){if(i.dataset.touched||(i.value!==''&&(i===p||i===c)))show(i,errors(i));}
inputs.forEach(function(i){if(bad(i))i.dataset.touched='1';
i.addEventListener('input',function(){check(i);if(i===p&&c)check(c);sync();});
i.addEventListener('blur',function(){i.dataset.touched='1';check(i);if(i===p&&c)check(c);sync();});});
f.addEventListener('submit',function(e){inputs.forEach(function(i){i.dataset.touched='1';show(i,errors(i));});sync();
var first=inputs.find(bad);if(first){e.preventDefault();first.focus();}});
sync();});
document.querySelectorAll('form[data-submit-once]').forEach(function(f){f.addEventListener('submit',function(e){if(e.defaultPrevented)return;
f.querySelectorAll('button[type=submit]').forEach(function(b){setTimeout(function(){b.disabled=true;},0);});});});
document.querySelectorAll('[data-auto-click]').forEach(function(b){b.click();});
var poll=document.querySelector('[data-poll]');
if(poll){var until=Date.now()+Number(poll.dataset.pollFor);var timer=setInterval(function(){
if(Date.now()>until){clearInterval(timer);var p=document.createElement('p');p.className='alert info';p.setAttribute('role','status');p.textContent=poll.dataset.timeout;poll.appendChild(p);return;}
fetch(poll.dataset.poll,{credentials:'same-origin',headers:{accept:'application/json'}}).then(function(r){return r.ok?r.json():null;})
.then(function(s){if(s&&s.confirmed){clearInterval(timer);location.assign(poll.dataset.continue);}}).catch(function(){});
},Number(poll.dataset.pollEvery));}
`;

/** The shop's accessibility cookie (client/src/stores/ui-store.ts): a font class and a contrast class. */
const ACCESSIBILITY_COOKIE = 'lepinguturg.accessibility';
const KNOWN_CLASSES: ReadonlySet<string> = new Set([
  'font-default',
  'font-large',
  'font-largest',
  'contrast-normal',
  'contrast-high',
]);

/** The text size and contrast the person chose in the shop, as classes for `<html>`. */
export function accessibilityClasses(cookieHeader: string | undefined): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== ACCESSIBILITY_COOKIE && name !== encodeURIComponent(ACCESSIBILITY_COOKIE)) continue;
    let value = rest.join('=');
    try {
      value = decodeURIComponent(value);
    } catch {
      return [];
    }
    return value.split(' ').filter((name) => KNOWN_CLASSES.has(name));
  }
  return [];
}
