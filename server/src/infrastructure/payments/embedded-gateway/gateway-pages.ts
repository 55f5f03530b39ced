import { SHOP_ICON_DATA_URL } from '../../shop-icon';
import type { RefundMode } from './transaction-book';

/** The test gateway's pages, in Estonian and English, with no inline script or style (the app's CSP holds). */

export type GatewayLanguage = 'et' | 'en';

const TEXTS = {
  et: {
    title: 'Testmakse',
    badge: 'TESTMAKSE – päris raha ei liigu',
    pay: (amount: string) => `Maksa ${amount} – Lepinguturg`,
    reference: 'Viide',
    transaction: 'Tehing',
    method: 'Makseviis',
    success: 'Maksa (õnnestub)',
    failure: 'Makse ebaõnnestub',
    cancel: 'Katkesta makse',
    note: 'See on Lepinguturu testmakselahendus, mis räägib MakeCommerce’i protokolli. Vali tulemus, mida poe tagasipöördumine ja teavitus kannavad.',
    returning: 'Suuname tagasi poodi…',
    back: 'Tagasi poodi',
    done: {
      COMPLETED: 'See makse on juba tehtud.',
      PART_REFUNDED: 'See makse on juba tehtud.',
      REFUNDED: 'See makse on juba tehtud.',
      CANCELLED: 'See makse on katkestatud.',
      EXPIRED: 'Selle makse aeg on läbi.',
      CREATED: 'See makse ootab tasumist.',
      unknown: 'Sellist makset ei ole.',
      key: 'Kaardivorm avati vale avaliku võtmega.',
    },
    cardTitle: 'Kaardimakse',
    cardNote:
      'See on testmakselahenduse kaardivorm (MakeCommerce’i checkout.js-i moodi): kaardiandmeid ei küsita. Vali tulemus, mida vorm poele tagastab.',
    cardSuccess: 'Maksa kaardiga (õnnestub)',
    cardFailure: 'Kaart lükatakse tagasi',
    cardCancel: 'Sulge kaardivorm',
    cardDone: 'Kaardimakse tulemus saadetakse poele…',
    settingsTitle: 'Testmakselahenduse seaded',
    refunds: 'Tagasimaksed',
    refundModes: {
      accept: 'Tagasimaksed võetakse vastu',
      refuse: 'Tagasimaksed lükatakse tagasi (nagu maksja pank võib)',
      'still-processing': 'Makse on veel töötlemisel (MakeCommerce’i viga 1045)',
    },
    save: 'Salvesta',
    saved: 'Seaded on salvestatud.',
  },
  en: {
    title: 'Test payment',
    badge: 'TEST PAYMENT – no real money moves',
    pay: (amount: string) => `Pay ${amount} – Lepinguturg`,
    reference: 'Reference',
    transaction: 'Transaction',
    method: 'Payment method',
    success: 'Pay (succeeds)',
    failure: 'Payment fails',
    cancel: 'Cancel payment',
    note: "This is Lepinguturg's test gateway speaking MakeCommerce's protocol. Choose the outcome the shop's return and notification will carry.",
    returning: 'Taking you back to the shop…',
    back: 'Back to the shop',
    done: {
      COMPLETED: 'This payment has already been made.',
      PART_REFUNDED: 'This payment has already been made.',
      REFUNDED: 'This payment has already been made.',
      CANCELLED: 'This payment was cancelled.',
      EXPIRED: 'This payment has expired.',
      CREATED: 'This payment is waiting to be paid.',
      unknown: 'There is no such payment.',
      key: 'The card form was opened with the wrong publishable key.',
    },
    cardTitle: 'Card payment',
    cardNote:
      "This is the test gateway's card form (in the manner of MakeCommerce's checkout.js): no card data is asked for. Choose the outcome the form hands back to the shop.",
    cardSuccess: 'Pay by card (succeeds)',
    cardFailure: 'The card is declined',
    cardCancel: 'Close the card form',
    cardDone: 'Handing the card payment back to the shop…',
    settingsTitle: 'Test gateway settings',
    refunds: 'Refunds',
    refundModes: {
      accept: 'Refunds are accepted',
      refuse: "Refunds are refused (as a payer's bank may)",
      'still-processing': "The payment is still being processed (MakeCommerce's error 1045)",
    },
    save: 'Save',
    saved: 'The settings are saved.',
  },
} as const;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function formatAmount(cents: number, language: GatewayLanguage): string {
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

function layout(
  language: GatewayLanguage,
  basePath: string,
  title: string,
  body: string,
  script = '',
): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${escapeHtml(SHOP_ICON_DATA_URL)}">
<link rel="stylesheet" href="${basePath}/assets/gateway.css">
</head>
<body>
<main class="gateway">
<p class="gateway__badge">${escapeHtml(TEXTS[language].badge)}</p>
${body}
</main>
${script}
</body>
</html>`;
}

export interface PaymentPageData {
  readonly transactionId: string;
  readonly reference: string;
  readonly amount: number;
  readonly methodId: string;
  readonly methodName: string;
  readonly methodLabel: string;
}

/** The bank's (or card's) page: the tester chooses what happens. */
export function paymentPage(language: GatewayLanguage, basePath: string, data: PaymentPageData): string {
  const t = TEXTS[language];
  const id = encodeURIComponent(data.transactionId);
  return layout(
    language,
    basePath,
    t.title,
    `<img class="gateway__logo" src="${basePath}/assets/logos/${encodeURIComponent(data.methodName)}.svg" alt="${escapeHtml(data.methodLabel)}" width="160" height="48">
<h1>${escapeHtml(t.pay(formatAmount(data.amount, language)))}</h1>
<dl>
<dt>${t.method}</dt><dd data-testid="gateway-method">${escapeHtml(data.methodLabel)}</dd>
<dt>${t.reference}</dt><dd>${escapeHtml(data.reference)}</dd>
<dt>${t.transaction}</dt><dd>${escapeHtml(data.transactionId)}</dd>
</dl>
<form method="post" action="${basePath}/pay/${id}?lang=${language}" class="gateway__actions">
<input type="hidden" name="method" value="${escapeHtml(data.methodId)}">
<button type="submit" name="outcome" value="success" data-testid="gateway-success">${t.success}</button>
<button type="submit" name="outcome" value="failure" data-testid="gateway-failure">${t.failure}</button>
<button type="submit" name="outcome" value="cancel" data-testid="gateway-cancel">${t.cancel}</button>
</form>
<p class="gateway__note">${escapeHtml(t.note)}</p>`,
  );
}

export interface ReturnPageData {
  readonly action: string;
  readonly json: string;
  readonly mac: string;
  readonly outcome: 'success' | 'failure' | 'cancel';
}

/** Carries the signed message back to the shop (POST), by script at once or by the button. */
export function returnPage(language: GatewayLanguage, basePath: string, data: ReturnPageData): string {
  const t = TEXTS[language];
  return layout(
    language,
    basePath,
    t.title,
    `<h1>${escapeHtml(t.returning)}</h1>
<form id="return-form" method="post" action="${escapeHtml(data.action)}" data-outcome="${data.outcome}">
<input type="hidden" name="json" value="${escapeHtml(data.json)}">
<input type="hidden" name="mac" value="${escapeHtml(data.mac)}">
<button type="submit" data-testid="gateway-return">${escapeHtml(t.back)}</button>
</form>`,
    `<script src="${basePath}/assets/return.js"></script>`,
  );
}

/** A transaction that cannot be paid (any more). */
export function resultPage(
  language: GatewayLanguage,
  basePath: string,
  status: keyof (typeof TEXTS)['et']['done'],
): string {
  const t = TEXTS[language];
  return layout(language, basePath, t.title, `<h1>${escapeHtml(t.done[status])}</h1>`);
}

export interface CardPageData {
  readonly transactionId: string;
  readonly reference: string;
  readonly amount: number;
  readonly key: string;
}

/** The in-page card form's dialog (shown in an iframe by the gateway's checkout.js): the tester chooses. */
export function cardPage(language: GatewayLanguage, basePath: string, data: CardPageData): string {
  const t = TEXTS[language];
  const action = `${basePath}/checkout/card/${encodeURIComponent(data.transactionId)}?key=${encodeURIComponent(data.key)}&lang=${language}`;
  return layout(
    language,
    basePath,
    t.cardTitle,
    `<img class="gateway__logo" src="${basePath}/assets/logos/visa.svg" alt="Visa" width="160" height="48">
<h1>${escapeHtml(t.pay(formatAmount(data.amount, language)))}</h1>
<dl>
<dt>${t.method}</dt><dd data-testid="gateway-method">${escapeHtml(t.cardTitle)}</dd>
<dt>${t.reference}</dt><dd>${escapeHtml(data.reference)}</dd>
<dt>${t.transaction}</dt><dd>${escapeHtml(data.transactionId)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}" class="gateway__actions">
<button type="submit" name="outcome" value="success" data-testid="gateway-card-success">${t.cardSuccess}</button>
<button type="submit" name="outcome" value="failure" data-testid="gateway-card-failure">${t.cardFailure}</button>
<button type="submit" name="outcome" value="cancel" data-testid="gateway-card-cancel">${t.cardCancel}</button>
</form>
<p class="gateway__note">${escapeHtml(t.cardNote)}</p>`,
  );
}

export interface CardResultData {
  /** `completed` carries the signed message; `cancelled` (the form closed) carries none. */
  readonly type: 'completed' | 'cancelled';
  readonly json: string;
  readonly mac: string;
  /** The shop's origin: the only window the message is posted to. */
  readonly shopOrigin: string;
}

/** Hands the card form's result to the shop's page (the parent window) by postMessage, from a script file. */
export function cardResultPage(language: GatewayLanguage, basePath: string, data: CardResultData): string {
  const t = TEXTS[language];
  return layout(
    language,
    basePath,
    t.cardTitle,
    `<h1>${escapeHtml(t.cardDone)}</h1>
<div id="card-result" hidden data-type="${data.type}" data-json="${escapeHtml(data.json)}" data-mac="${escapeHtml(data.mac)}" data-origin="${escapeHtml(data.shopOrigin)}"></div>`,
    `<script src="${basePath}/assets/checkout-result.js"></script>`,
  );
}

/** Where a tester decides how the gateway answers refunds. */
export function settingsPage(
  language: GatewayLanguage,
  basePath: string,
  mode: RefundMode,
  saved: boolean,
): string {
  const t = TEXTS[language];
  const options = (['accept', 'refuse', 'still-processing'] as const)
    .map(
      (value) =>
        `<p><input type="radio" name="refunds" id="refunds-${value}" value="${value}"${value === mode ? ' checked' : ''}> <label for="refunds-${value}">${escapeHtml(t.refundModes[value])}</label></p>`,
    )
    .join('\n');
  return layout(
    language,
    basePath,
    t.settingsTitle,
    `<h1>${escapeHtml(t.settingsTitle)}</h1>
${saved ? `<p role="status" data-testid="gateway-settings-saved">${escapeHtml(t.saved)}</p>` : ''}
<form method="post" action="${basePath}/settings?lang=${language}" class="gateway__settings">
<fieldset>
<legend>${escapeHtml(t.refunds)}</legend>
${options}
</fieldset>
<button type="submit" data-testid="gateway-settings-save">${escapeHtml(t.save)}</button>
</form>`,
  );
}
