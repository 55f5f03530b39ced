/**
 * The test gateway's own files: its style sheet, the script that carries the buyer back to the shop, and
 * simple drawn logos of the banks and cards it offers (no external images).
 */

export const GATEWAY_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { margin: 0; background: #eef1f5; color: #1d2430; }
.gateway { max-width: 32rem; margin: 2.5rem auto; background: #fff; border-radius: 12px; padding: 2rem;
  box-shadow: 0 2px 12px rgba(20, 30, 50, 0.12); }
.gateway__badge { display: inline-block; margin: 0 0 1rem; padding: 0.25rem 0.6rem; border-radius: 999px;
  background: #fff3cd; color: #6b4e00; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.02em; }
.gateway__logo { display: block; margin: 0 0 1rem; }
.gateway h1 { font-size: 1.35rem; margin: 0 0 1rem; }
.gateway dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1.5rem;
  font-size: 0.9rem; }
.gateway dt { color: #5a6577; }
.gateway dd { margin: 0; word-break: break-all; }
.gateway__actions { display: grid; gap: 0.6rem; }
.gateway button { font: inherit; padding: 0.7rem 1rem; border-radius: 8px; border: 1px solid #c4ccd8;
  background: #fff; cursor: pointer; text-align: left; }
.gateway button:focus-visible { outline: 3px solid #2f6fde; outline-offset: 2px; }
.gateway button[value='success'] { background: #1f7a3d; border-color: #1f7a3d; color: #fff; font-weight: 600; }
.gateway button[value='failure'] { background: #fff5f5; border-color: #d9534f; color: #8a1f1b; }
.gateway__note { font-size: 0.85rem; color: #5a6577; margin-top: 1.25rem; }
.gateway fieldset { border: 1px solid #c4ccd8; border-radius: 8px; margin: 0 0 1rem; padding: 0.75rem 1rem; }
.gateway legend { font-weight: 600; padding: 0 0.25rem; }
.gateway fieldset p { margin: 0.4rem 0; }
`;

/**
 * The test gateway's in-page card form, in the manner of MakeCommerce's checkout.js: the shop's page loads
 * it and calls `Maksekeskus.Checkout.initialize({ key, transaction, locale, completed, cancelled, ... })`
 * and `open()`; it lays the gateway's card dialog over the page in an iframe, and when the dialog is done
 * calls the global function named by `completed` with `{ json, mac }` (the signed token_return message)
 * or the one named by `cancelled`. Styles are set through the DOM (allowed under a strict CSP).
 */
export const CHECKOUT_JS = `(function () {
  var script = document.currentScript;
  var base = script ? script.src.replace(/\\/checkout\\/dist\\/checkout\\.js(\\?.*)?$/, '') : '';
  var gatewayOrigin = base ? new URL(base).origin : '';
  var options = null;
  var overlay = null;
  function call(name, data) {
    if (typeof name === 'function') return name(data);
    if (typeof name === 'string' && typeof window[name] === 'function') window[name](data);
  }
  function close() {
    if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
    overlay = null;
  }
  function open() {
    if (!options || overlay) return;
    overlay = document.createElement('div');
    overlay.setAttribute('data-testid', 'card-dialog');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    var s = overlay.style;
    s.position = 'fixed';
    s.top = '0';
    s.left = '0';
    s.right = '0';
    s.bottom = '0';
    s.background = 'rgba(20, 30, 50, 0.55)';
    s.display = 'flex';
    s.alignItems = 'center';
    s.justifyContent = 'center';
    s.zIndex = '2147483647';
    var frame = document.createElement('iframe');
    frame.title = options.name || 'Card payment';
    frame.setAttribute('data-testid', 'card-dialog-frame');
    frame.src = base + '/checkout/card/' + encodeURIComponent(options.transaction) +
      '?key=' + encodeURIComponent(options.key || '') + '&lang=' + encodeURIComponent(options.locale || 'et');
    frame.style.width = 'min(30rem, 94vw)';
    frame.style.height = 'min(36rem, 92vh)';
    frame.style.border = '0';
    frame.style.borderRadius = '12px';
    frame.style.background = '#fff';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    frame.focus();
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== gatewayOrigin || !options) return;
    var data = event.data;
    if (!data || data.source !== 'lepinguturg-test-gateway') return;
    close();
    if (data.type === 'completed') call(options.completed, { json: data.json, mac: data.mac });
    else call(options.cancelled);
  });
  window.Maksekeskus = {
    Checkout: {
      initialize: function (o) {
        options = o || {};
        if (options.openOnLoad === true || options.openOnLoad === 'true') open();
      },
      open: open,
      close: close
    }
  };
})();
`;

/** Posts the card dialog's result to the shop's page that opened it (and to no other origin). */
export const CHECKOUT_RESULT_JS = `document.addEventListener('DOMContentLoaded', function () {
  var result = document.getElementById('card-result');
  if (!result || window.parent === window) return;
  window.parent.postMessage({
    source: 'lepinguturg-test-gateway',
    type: result.getAttribute('data-type'),
    json: result.getAttribute('data-json'),
    mac: result.getAttribute('data-mac')
  }, result.getAttribute('data-origin'));
});
`;

/** Submits the return form as soon as the page loads; without scripts the buyer presses its button. */
export const RETURN_JS = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('return-form');
  if (form) form.submit();
});
`;

interface Logo {
  readonly label: string;
  readonly background: string;
  readonly foreground: string;
}

const LOGOS: Readonly<Record<string, Logo>> = {
  swedbank: { label: 'Swedbank', background: '#ee7023', foreground: '#ffffff' },
  seb: { label: 'SEB', background: '#41a62a', foreground: '#ffffff' },
  lhv: { label: 'LHV', background: '#1c1c1c', foreground: '#ffffff' },
  luminor: { label: 'Luminor', background: '#481e4e', foreground: '#ffffff' },
  coop: { label: 'Coop Pank', background: '#0067b1', foreground: '#ffffff' },
  nordea: { label: 'Nordea', background: '#0000a0', foreground: '#ffffff' },
  op: { label: 'OP', background: '#ff6a10', foreground: '#ffffff' },
  danskebank: { label: 'Danske Bank', background: '#003755', foreground: '#ffffff' },
  visa: { label: 'VISA', background: '#1a1f71', foreground: '#ffffff' },
  mastercard: { label: 'Mastercard', background: '#f4f4f4', foreground: '#1d1d1b' },
};

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 160×48 badge with the bank's or card's name on its colour; a grey one for names it does not know. */
export function logoSvg(name: string): string {
  const logo = LOGOS[name] ?? { label: name, background: '#d7dce4', foreground: '#1d2430' };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48" role="img" aria-label="${escapeXml(logo.label)}"><rect width="160" height="48" rx="8" fill="${logo.background}"/><text x="80" y="31" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${logo.foreground}">${escapeXml(logo.label)}</text></svg>`;
}
