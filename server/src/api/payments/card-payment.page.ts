import { SHOP_ICON_DATA_URL } from '../../infrastructure/shop-icon';

/**
 * The shop's card payment page, for a card the gateway gives no page of its own: it loads the gateway's
 * in-page card form (MakeCommerce's checkout.js) with the publishable key and the transaction, and posts the
 * signed message the form hands back to the return route, like a bank's return. Estonian and English, no
 * inline script or style (its script and style sheet are files of ours).
 */

export type PageLanguage = 'et' | 'en';

/** Where the page's own files are served (outside /api, beside the callbacks). */
export const CARD_PAYMENT_ASSETS = '/payments/makecommerce/assets';

const TEXTS = {
  et: {
    title: 'Kaardimakse',
    amount: 'Summa',
    purchase: 'Ost',
    open: 'Maksa kaardiga',
    note: 'Kaardiandmed sisestad makseteenuse (MakeCommerce) kaardivormi; pood neid ei näe.',
    back: 'Tagasi ostukorvi',
    returning: 'Kinnitame makset…',
    closed: 'Kaardivorm suleti ja midagi ei makstud. Võid uuesti proovida või minna tagasi ostukorvi.',
    unavailable:
      'Kaardivormi ei õnnestunud laadida. Proovi veidi aja pärast uuesti või vali ostukorvis muu makseviis.',
    paid: 'See makse on juba tehtud. Ostu lingid on sinu e-postis.',
    ended: 'Selle makse aeg on läbi või see katkestati. Mine tagasi ostukorvi ja maksa uuesti.',
    unknown: 'Sellist makset ei ole.',
    noCards: 'Kaardimakse ei ole praegu saadaval. Vali ostukorvis muu makseviis.',
    gatewayDown: 'Makseteenus ei ole praegu kättesaadav. Palun proovi veidi aja pärast uuesti.',
    cartPath: '/ostukorv',
  },
  en: {
    title: 'Card payment',
    amount: 'Amount',
    purchase: 'Purchase',
    open: 'Pay by card',
    note: "You enter your card details in the payment service's (MakeCommerce's) card form; the shop never sees them.",
    back: 'Back to the basket',
    returning: 'Confirming your payment…',
    closed: 'The card form was closed and nothing was paid. You can try again or go back to the basket.',
    unavailable:
      'The card form could not be loaded. Please try again shortly, or choose another payment method in the basket.',
    paid: 'This payment has already been made. The links to your purchase are in your e-mail.',
    ended: 'The time for this payment ran out, or it was cancelled. Go back to the basket and pay again.',
    unknown: 'There is no such payment.',
    noCards: 'Card payments are not available right now. Choose another payment method in the basket.',
    gatewayDown: 'The payment service cannot be reached right now. Please try again shortly.',
    cartPath: '/en/cart',
  },
} as const;

export type CardPageNotice = 'paid' | 'ended' | 'unknown' | 'noCards' | 'gatewayDown';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function formatAmount(cents: number, language: PageLanguage): string {
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

function layout(language: PageLanguage, body: string, scripts: readonly string[] = []): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} – Lepinguturg</title>
<link rel="icon" href="${escapeHtml(SHOP_ICON_DATA_URL)}">
<link rel="stylesheet" href="${CARD_PAYMENT_ASSETS}/card-payment.css">
</head>
<body>
<main class="card-payment">
<p class="card-payment__shop">Lepinguturg</p>
${body}
</main>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>`;
}

export interface CardFormPageData {
  readonly transactionId: string;
  /** The purchase id (the transaction's reference). */
  readonly reference: string;
  readonly amount: number;
  readonly publishableKey: string;
  readonly scriptUrl: string;
  /** Where the card form's signed message is posted: the shop's return route. */
  readonly returnUrl: string;
}

/** The page with the card form: opens it at once, and again by its button. */
export function cardFormPage(language: PageLanguage, data: CardFormPageData): string {
  const t = TEXTS[language];
  const number = data.reference.replace(/-/g, '').slice(0, 8).toUpperCase();
  const amount = (data.amount / 100).toFixed(2);
  return layout(
    language,
    `<h1>${escapeHtml(t.title)}</h1>
<dl class="card-payment__facts">
<dt>${escapeHtml(t.purchase)}</dt><dd data-testid="card-payment-purchase">${escapeHtml(number)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd data-testid="card-payment-amount">${escapeHtml(formatAmount(data.amount, language))}</dd>
</dl>
<div id="card-payment" hidden data-key="${escapeHtml(data.publishableKey)}" data-transaction="${escapeHtml(data.transactionId)}" data-amount="${amount}" data-currency="EUR" data-locale="${language}" data-description="${escapeHtml(`${t.purchase} ${number}`)}" data-returning="${escapeHtml(t.returning)}" data-closed="${escapeHtml(t.closed)}" data-unavailable="${escapeHtml(t.unavailable)}"></div>
<form id="card-return" method="post" action="${escapeHtml(data.returnUrl)}">
<input type="hidden" name="json" value="">
<input type="hidden" name="mac" value="">
</form>
<p class="card-payment__actions">
<button type="button" id="card-open" class="card-payment__button" data-testid="card-payment-open">${escapeHtml(t.open)}</button>
<a class="card-payment__link" href="${t.cartPath}" data-testid="card-payment-back">${escapeHtml(t.back)}</a>
</p>
<p id="card-status" class="card-payment__status" role="status" aria-live="polite" data-testid="card-payment-status"></p>
<p class="card-payment__note">${escapeHtml(t.note)}</p>`,
    [data.scriptUrl, `${CARD_PAYMENT_ASSETS}/card-payment.js`],
  );
}

/** A card payment page with nothing to pay: why, and the way back to the basket. */
export function cardNoticePage(language: PageLanguage, notice: CardPageNotice): string {
  const t = TEXTS[language];
  return layout(
    language,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="card-payment__status" data-testid="card-payment-notice">${escapeHtml(t[notice])}</p>
<p class="card-payment__actions"><a class="card-payment__link" href="${t.cartPath}" data-testid="card-payment-back">${escapeHtml(t.back)}</a></p>`,
  );
}

export const CARD_PAYMENT_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { margin: 0; background: #f4f6f9; color: #1d2430; }
.card-payment { max-width: 32rem; margin: 2.5rem auto; background: #fff; border-radius: 12px; padding: 2rem;
  box-shadow: 0 2px 12px rgba(20, 30, 50, 0.12); }
.card-payment__shop { margin: 0 0 1rem; font-weight: 700; color: #1d3557; }
.card-payment h1 { font-size: 1.35rem; margin: 0 0 1rem; }
.card-payment__facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1.5rem; }
.card-payment__facts dt { color: #5a6577; }
.card-payment__facts dd { margin: 0; }
.card-payment__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
.card-payment__button { font: inherit; font-weight: 600; padding: 0.7rem 1.2rem; border-radius: 8px; border: 1px solid #1d3557;
  background: #1d3557; color: #fff; cursor: pointer; }
.card-payment__button:disabled { opacity: 0.6; cursor: default; }
.card-payment__button:focus-visible, .card-payment__link:focus-visible { outline: 3px solid #2f6fde; outline-offset: 2px; }
.card-payment__link { color: #1d3557; }
.card-payment__status { min-height: 1.5rem; margin: 1rem 0 0; }
.card-payment__note { font-size: 0.85rem; color: #5a6577; margin-top: 1.25rem; }
`;

/**
 * Opens the gateway's card form (`Maksekeskus.Checkout`) with the page's data; when the form is done, posts
 * its signed message (`json`, `mac`) to the return route, which verifies it like any other return.
 */
export const CARD_PAYMENT_JS = `document.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('card-payment');
  var form = document.getElementById('card-return');
  var button = document.getElementById('card-open');
  var status = document.getElementById('card-status');
  if (!root || !form || !button || !status) return;
  var checkout = window.Maksekeskus && window.Maksekeskus.Checkout;
  if (!checkout) {
    status.textContent = root.getAttribute('data-unavailable');
    button.disabled = true;
    return;
  }
  window.lepinguturgCardCompleted = function (data) {
    if (!data || typeof data.json !== 'string' || typeof data.mac !== 'string' || !data.json) return;
    form.elements.namedItem('json').value = data.json;
    form.elements.namedItem('mac').value = data.mac;
    button.disabled = true;
    status.textContent = root.getAttribute('data-returning');
    form.submit();
  };
  window.lepinguturgCardCancelled = function () {
    status.textContent = root.getAttribute('data-closed');
    button.focus();
  };
  checkout.initialize({
    key: root.getAttribute('data-key'),
    transaction: root.getAttribute('data-transaction'),
    amount: root.getAttribute('data-amount'),
    currency: root.getAttribute('data-currency'),
    locale: root.getAttribute('data-locale'),
    name: 'Lepinguturg',
    description: root.getAttribute('data-description'),
    completed: 'lepinguturgCardCompleted',
    cancelled: 'lepinguturgCardCancelled',
    backdropClose: false,
    openOnLoad: false
  });
  button.addEventListener('click', function () {
    status.textContent = '';
    checkout.open();
  });
  checkout.open();
});
`;
