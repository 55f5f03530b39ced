import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { fromBuffer } from 'yauzl';
import { type UploadedDocument, publishDocumentWithFiles } from '../support/buying';
import { pdfText } from '../support/pdf-text';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import {
  acceptCookies,
  collectPageErrors,
  expectCount,
  expectLocation,
  expectMoney,
  expectText,
  expectTextContaining,
  type Language,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 150_000;
const BASKET_ID_STORAGE_KEY = 'lepinguturg.basketId';

/** What a buyer reads and types in each language (client/src/i18n/locales/<language>/buying.json). */
interface BuyingJourney {
  language: Language;
  documentPath: (slug: string) => string;
  cartPath: string;
  summaryPath: RegExp;
  addConfirmTitle: string;
  confirmed: string;
  gatewayHeading: (amount: string) => string;
  thanks: (number: string) => string;
  invoiceWord: string;
  buyer: { email: string; firstName: string; lastName: string; address: string; country: string };
  company: { name: string; registryCode: string; vatNumber: string };
  /** The bank link the buyer pays by (their own country's), as the gateway names it. */
  bank: { name: string; displayName: string };
  /** What the cart's VAT row says before the buyer confirms, and what the buyer pays. */
  vatRow: string;
  total: number;
  /** What the invoice says of the VAT. */
  invoiceVatText: string;
}

const JOURNEYS: BuyingJourney[] = [
  {
    language: 'et',
    documentPath: (slug) => `/dokument/${slug}`,
    cartPath: '/ostukorv',
    summaryPath: /^\/ostu-kokkuvote\/[0-9a-f-]{36}$/,
    addConfirmTitle: 'Kas lisada ostukorvi?',
    confirmed: 'Ostukorv on kinnitatud. Kontrollige andmeid ja minge maksma.',
    gatewayHeading: (amount) => `Maksa ${amount} – Lepinguturg`,
    thanks: (number) => `Aitäh! Ost ${number} on makstud. Lingid on ka sinu e-postis.`,
    invoiceWord: 'ARVE',
    buyer: {
      email: 'mari.maasikas@example.ee',
      firstName: 'Mari',
      lastName: 'Maasikas',
      address: 'Tartu mnt 1, 10115 Tallinn',
      country: 'EE',
    },
    company: { name: 'Maasikas Õigusbüroo OÜ', registryCode: '12345678', vatNumber: 'EE101234567' },
    bank: { name: 'swedbank', displayName: 'Swedbank' },
    // An Estonian company: Estonian VAT on the net prices 12.10 + 7.98, rounded once: 4.82.
    vatRow: 'Käibemaks 24% (Eesti)',
    total: 2490,
    invoiceVatText: 'Käibemaks 24%',
  },
  {
    language: 'en',
    documentPath: (slug) => `/en/document/${slug}`,
    cartPath: '/en/cart',
    summaryPath: /^\/en\/purchase-summary\/[0-9a-f-]{36}$/,
    addConfirmTitle: 'Add to cart?',
    confirmed: 'The basket is confirmed. Check your details and go to pay.',
    gatewayHeading: (amount) => `Pay ${amount} – Lepinguturg`,
    thanks: (number) => `Thank you! Purchase ${number} is paid. The links are also in your e-mail.`,
    invoiceWord: 'INVOICE',
    // A company from another member state: a Finnish one, its VAT number valid in VIES (the embedded
    // test registry), paying through its Finnish bank: reverse charge, the net prices only.
    buyer: {
      email: 'mikko.virtanen@example.fi',
      firstName: 'Mikko',
      lastName: 'Virtanen',
      address: 'Aleksanterinkatu 15, 00100 Helsinki',
      country: 'FI',
    },
    company: { name: 'Esimerkki Oy', registryCode: '2077474-0', vatNumber: 'FI20774740' },
    bank: { name: 'nordea', displayName: 'Nordea' },
    vatRow: 'VAT: reverse charge',
    total: 2008,
    invoiceVatText: 'Reverse charge',
  },
];

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: { fileName: string }) => {
        zip.openReadStream(entry as never, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** Clicks a download link and answers the bytes the browser saved. */
async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [saved] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await saved.path();
  if (!path) throw new Error(`The download failed: ${await saved.failure()}`);
  return readFileSync(path);
}

async function fillCheckout(page: Page, journey: BuyingJourney, withInvoice: boolean): Promise<void> {
  await page.getByTestId('checkout-email').fill(journey.buyer.email);
  await page.getByTestId('checkout-firstName').fill(journey.buyer.firstName);
  await page.getByTestId('checkout-lastName').fill(journey.buyer.lastName);
  await page.getByTestId('checkout-address').fill(journey.buyer.address);
  await page.getByTestId('checkout-country').selectOption(journey.buyer.country);
  if (withInvoice) {
    await page.getByTestId('checkout-wantsInvoice').check();
    await page.getByTestId('checkout-companyName').fill(journey.company.name);
    await page.getByTestId('checkout-registryCode').fill(journey.company.registryCode);
    await page.getByTestId('checkout-vatNumber').fill(journey.company.vatNumber);
    // Leaving the field asks VIES (through the cart's VAT preview).
    await page.getByTestId('checkout-vatNumber').blur();
  }
  await page.getByTestId(`payment-method-${journey.bank.name}`).check();
  await page.getByTestId('checkout-previewsSeen').check();
  await page.getByTestId('checkout-termsAccepted').check();
}

describeWithBrowser(
  'Buying journeys: checkout, the test gateway, downloads and the invoice (Chromium)',
  () => {
    let server: TestServer;
    let launched: LaunchedBrowser;
    let api: Api;
    let lease: UploadedDocument;
    let power: UploadedDocument;
    const slugs = new Map<string, string>();

    beforeAll(async () => {
      server = await startTestServer();
      api = new Api(server.url);
      launched = await launchBrowser();
      lease = await publishDocumentWithFiles(server, {
        title: 'Korteri üürileping (test)',
        price: 1500,
        files: [
          { title: 'Üürileping', format: 'docx' },
          { title: 'Üleandmise akt', format: 'pdf' },
        ],
      });
      power = await publishDocumentWithFiles(server, {
        title: 'Üldvolikiri (test)',
        price: 990,
        files: [{ title: 'Volikiri', format: 'docx' }],
        uploader: 1,
      });
      for (const document of [lease, power]) {
        const page = await api.get<{ items: { id: string; slug: string }[] }>(
          `/documents?q=${encodeURIComponent(document.title)}`,
        );
        slugs.set(document.documentId, page.items.find((i) => i.id === document.documentId)!.slug);
      }
    }, SERVER_START_TIMEOUT_MS);

    afterAll(async () => {
      await launched?.close();
      await server?.close();
    }, SERVER_START_TIMEOUT_MS);

    describe.each(JOURNEYS)('in $language', (journey) => {
      let context: BrowserContext;
      let page: Page;
      let pageErrors: Error[];

      beforeEach(async () => {
        context = await launched.newContext();
        page = await context.newPage();
        pageErrors = collectPageErrors(page);
      });
      afterEach(async () => {
        await context?.close();
      });

      it(
        'adds two documents, confirms with an invoice, pays by bank link, downloads a file and the zip, opens the invoice',
        async () => {
          const url = (path: string) => `${server.url}${path}`;
          const listed = lease.price + power.price;

          // ---- two documents into the basket, from their pages
          for (const [index, document] of [lease, power].entries()) {
            await page.goto(url(journey.documentPath(slugs.get(document.documentId)!)));
            if (index === 0) await acceptCookies(page);
            await page.getByTestId('add-to-cart').click();
            const modal = page.getByTestId('modal');
            await expectText(modal.getByRole('heading'), journey.addConfirmTitle);
            await modal.getByTestId('modal-confirm').click();
            await modal.waitFor({ state: 'detached' });
          }
          await expectMoney(page.getByTestId('basket-amount'), listed, journey.language);

          // ---- the cart: payer, invoice, Swedbank, both ticks; confirm, then go pay
          await page.getByTestId('basket-link').click();
          await expectLocation(page, journey.cartPath);
          await expectCount(page.getByTestId('cart-line'), 2);
          await page.getByTestId('payment-method-swedbank').waitFor();
          await fillCheckout(page, journey, true);
          // Before confirming, the cart shows the buyer's VAT (rate and country, or the reverse charge) and total.
          await expectText(page.getByTestId('cart-vat-label'), journey.vatRow);
          await expectMoney(page.getByTestId('cart-total'), journey.total, journey.language);
          await page.getByTestId('vat-decided').waitFor();
          await screenshot(page, `${journey.language}-checkout-filled`);
          await page.getByTestId('cart-confirm').click();
          await expectText(page.getByTestId('checkout-confirmed').locator('p'), journey.confirmed);
          await page.getByTestId('cart-go-pay').click();

          // ---- the test gateway's Swedbank page: pay
          await page.waitForURL(/\/test-gateway\/pay\//);
          const amount = journey.language === 'et' ? '24,90 €' : '€20.08';
          await expectText(page.getByRole('heading', { level: 1 }), journey.gatewayHeading(amount));
          await expectText(page.getByTestId('gateway-method'), journey.bank.displayName);
          await screenshot(page, `${journey.language}-gateway`);
          await page.getByTestId('gateway-success').click();

          // ---- back through the return route to the purchase summary
          await page.waitForURL((u) => journey.summaryPath.test(u.pathname), { timeout: 30_000 });
          const purchaseId = new URL(page.url()).pathname.split('/').pop()!;
          // The buyer's access key rides in the fragment; the purchase id alone opens nothing.
          expect(new URL(page.url()).hash).toMatch(/^#key=[A-Za-z0-9_-]{43}$/);
          const number = purchaseId.replace(/-/g, '').slice(0, 8).toUpperCase();
          await expectText(page.getByTestId('purchase-status'), journey.thanks(number));
          await expectCount(page.getByTestId('purchase-document'), 2);
          await expectText(
            page.getByTestId('purchase-payer'),
            `${journey.buyer.firstName} ${journey.buyer.lastName}`,
          );
          await expectMoney(page.getByTestId('basket-amount'), 0, journey.language);
          await screenshot(page, `${journey.language}-purchase-summary`);

          // ---- one file, then the zip: the bytes are the uploaded ones
          const second = page.getByTestId('purchase-file').filter({ hasText: 'Üleandmise akt.pdf' });
          const file = await download(page, () => second.getByTestId('purchase-file-download').click());
          expect(file.equals(lease.files[1]!.bytes)).toBe(true);
          const zip = await unzip(await download(page, () => page.getByTestId('purchase-archive').click()));
          expect([...zip.keys()].sort()).toEqual(
            [
              `${lease.title}/Üürileping.docx`,
              `${lease.title}/Üleandmise akt.pdf`,
              `${power.title}/Volikiri.docx`,
            ].sort(),
          );
          expect(zip.get(`${lease.title}/Üürileping.docx`)!.equals(lease.files[0]!.bytes)).toBe(true);
          expect(zip.get(`${lease.title}/Üleandmise akt.pdf`)!.equals(lease.files[1]!.bytes)).toBe(true);
          expect(zip.get(`${power.title}/Volikiri.docx`)!.equals(power.files[0]!.bytes)).toBe(true);

          // ---- the invoice opens in a new tab as a PDF
          const invoiceLink = page.getByTestId('purchase-invoice');
          await expectTextContaining(invoiceLink, 'LT-');
          const [tab] = await Promise.all([context.waitForEvent('page'), invoiceLink.click()]);
          await tab.waitForURL(/\/api\/purchases\/[0-9a-f-]{36}\/invoice\?/);
          const pdf = await page.request.get(tab.url());
          expect(pdf.headers()['content-type']).toBe('application/pdf');
          const text = pdfText(await pdf.body());
          expect(text).toContain(journey.invoiceWord);
          expect(text).toContain(journey.company.name);
          expect(text).toContain(journey.company.vatNumber);
          expect(text).toContain('EE102345678');
          expect(text).toContain(journey.invoiceVatText);

          // ---- the same invoice as an EN 16931 e-invoice, beside the PDF
          const xml = await download(page, () => page.getByTestId('purchase-e-invoice').click());
          expect(xml.toString('utf8')).toContain(
            '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
          );
          expect(xml.toString('utf8')).toContain(journey.company.vatNumber);
          const opened = new URL(page.url());
          await page.goto(`${opened.origin}${opened.pathname}`);
          await page.getByTestId('purchase-not-found').waitFor();
          await expectCount(page.getByTestId('purchase-payer'), 0);

          expect(pageErrors.map((error) => error.message)).toEqual([]);
        },
        JOURNEY_TIMEOUT_MS,
      );
    });

    it(
      'a cancelled payment comes back to the cart with the basket intact and unconfirmed',
      async () => {
        const journey = JOURNEYS[0]!;
        const basketId = randomUUID();
        await api.addToBasket(basketId, power.documentId);
        const context = await launched.newContext();
        try {
          await context.addInitScript(([key, id]) => localStorage.setItem(key, id), [
            BASKET_ID_STORAGE_KEY,
            basketId,
          ] as const);
          const page = await context.newPage();
          await page.goto(`${server.url}${journey.cartPath}`);
          await acceptCookies(page);
          await page.getByTestId('payment-method-swedbank').waitFor();
          await fillCheckout(page, journey, false);
          await page.getByTestId('cart-confirm').click();
          await page.getByTestId('checkout-confirmed').waitFor();
          await page.getByTestId('cart-go-pay').click();
          await page.waitForURL(/\/test-gateway\/pay\//);
          await page.getByTestId('gateway-cancel').click();

          await page.waitForURL((u) => u.pathname === '/maksekeskus/katkesta', { timeout: 30_000 });
          await expectTextContaining(
            page.getByTestId('payment-canceled'),
            'Makse katkestati ja midagi ei makstud.',
          );
          await screenshot(page, 'et-payment-canceled');
          await page.getByTestId('payment-back-to-cart').click();
          await expectLocation(page, journey.cartPath);
          await expectCount(page.getByTestId('cart-line'), 1);
          await expect(page.getByTestId('cart-confirm').isEnabled()).resolves.toBe(true);
          await expect(page.getByTestId('cart-go-pay').isDisabled()).resolves.toBe(true);
          await expect(page.getByTestId('checkout-email').inputValue()).resolves.toBe(journey.buyer.email);
          const basket = await api.basket(basketId);
          expect(basket.documentCount).toBe(1);
          expect((basket as unknown as { confirmed: boolean }).confirmed).toBe(false);
        } finally {
          await context.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  },
);
