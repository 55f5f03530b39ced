import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { type UploadedDocument, publishDocumentWithFiles } from '../support/buying';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api } from './support/api';
import { type LaunchedBrowser, cspViolationsOf, describeWithBrowser, launchBrowser } from './support/browser';
import {
  acceptCookies,
  collectPageErrors,
  expectCount,
  expectMoney,
  expectText,
  expectTextContaining,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 150_000;
const BASKET_ID_STORAGE_KEY = 'lepinguturg.basketId';
const SUMMARY_PATH = /^\/ostu-kokkuvote\/[0-9a-f-]{36}$/;

/** The buyer fills in the cart and chooses Visa, confirms, and presses "Go pay". */
async function checkOutByVisa(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.url}/ostukorv`);
  await acceptCookies(page);
  await page.getByTestId('payment-method-visa').waitFor();
  await page.getByTestId('checkout-email').fill('kaart.maksja@example.ee');
  await page.getByTestId('checkout-firstName').fill('Kaarel');
  await page.getByTestId('checkout-lastName').fill('Kaart');
  await page.getByTestId('checkout-address').fill('Narva mnt 5, 10117 Tallinn');
  await page.getByTestId('payment-method-visa').check();
  await page.getByTestId('checkout-previewsSeen').check();
  await page.getByTestId('checkout-termsAccepted').check();
  await page.getByTestId('cart-confirm').click();
  await page.getByTestId('checkout-confirmed').waitFor();
  await page.getByTestId('cart-go-pay').click();
}

/** Lands on the purchase summary: paid, with its document. */
async function expectPaidSummary(page: Page): Promise<void> {
  await page.waitForURL((u) => SUMMARY_PATH.test(u.pathname), { timeout: 30_000 });
  const purchaseId = new URL(page.url()).pathname.split('/').pop()!;
  const number = purchaseId.replace(/-/g, '').slice(0, 8).toUpperCase();
  await expectText(
    page.getByTestId('purchase-status'),
    `Aitäh! Ost ${number} on makstud. Lingid on ka sinu e-postis.`,
  );
  await expectCount(page.getByTestId('purchase-document'), 1);
  await expectMoney(page.getByTestId('basket-amount'), 0, 'et');
}

describeWithBrowser('Card payments: on the card’s own page, and in the in-page card form (Chromium)', () => {
  let launched: LaunchedBrowser;

  beforeAll(async () => {
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await launched?.close();
  });

  /** A fresh context whose basket (in local storage) already holds the document. */
  async function buyerWithBasket(server: TestServer, document: UploadedDocument) {
    const basketId = randomUUID();
    await new Api(server.url).addToBasket(basketId, document.documentId);
    const context = await launched.newContext();
    await context.addInitScript(([key, id]) => localStorage.setItem(key, id), [
      BASKET_ID_STORAGE_KEY,
      basketId,
    ] as const);
    const page = await context.newPage();
    return { basketId, context, page, pageErrors: collectPageErrors(page) };
  }

  function expectClean(context: BrowserContext, pageErrors: Error[]): void {
    expect([...cspViolationsOf(context)]).toEqual([]);
    expect(pageErrors.map((error) => error.message)).toEqual([]);
  }

  describe('MakeCommerce gives the card a page of its own', () => {
    let server: TestServer;
    let document: UploadedDocument;
    beforeAll(async () => {
      server = await startTestServer();
      document = await publishDocumentWithFiles(server, {
        title: 'Kaardiga ostetav volikiri',
        price: 990,
        files: [{ title: 'Volikiri', format: 'docx' }],
      });
    }, SERVER_START_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
    }, SERVER_START_TIMEOUT_MS);

    it(
      'pays by Visa on its page at the gateway and lands on the paid purchase',
      async () => {
        const { context, page, pageErrors } = await buyerWithBasket(server, document);
        try {
          await checkOutByVisa(page, server);
          await page.waitForURL(/\/test-gateway\/pay\/.+method=card%3Avisa/);
          await expectText(page.getByTestId('gateway-method'), 'Visa');
          await page.getByTestId('gateway-success').click();
          await expectPaidSummary(page);
          expectClean(context, pageErrors);
        } finally {
          await context.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  });

  describe('MakeCommerce gives the card no page: its in-page card form (checkout.js) takes it', () => {
    let server: TestServer;
    let document: UploadedDocument;
    beforeAll(async () => {
      server = await startTestServer({ env: { TEST_GATEWAY_CARDS: 'form' } });
      document = await publishDocumentWithFiles(server, {
        title: 'Kaardivormiga ostetav leping',
        price: 1500,
        files: [{ title: 'Leping', format: 'pdf' }],
      });
    }, SERVER_START_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
    }, SERVER_START_TIMEOUT_MS);

    it(
      'opens the card form over the shop’s card page; closed, it pays nothing; reopened, it pays and returns to the purchase',
      async () => {
        const { context, page, pageErrors } = await buyerWithBasket(server, document);
        try {
          await checkOutByVisa(page, server);
          await page.waitForURL((u) => u.pathname.startsWith('/payments/makecommerce/card/'));
          await expectText(page.getByRole('heading', { level: 1 }), 'Kaardimakse');
          await expectText(page.getByTestId('card-payment-amount'), '15,00 €');

          // The form opens by itself, in the gateway's dialog; the buyer closes it first.
          const dialog = page.frameLocator('[data-testid="card-dialog-frame"]');
          await dialog.getByTestId('gateway-card-cancel').click();
          await page.getByTestId('card-dialog').waitFor({ state: 'detached' });
          await expectTextContaining(page.getByTestId('card-payment-status'), 'Kaardivorm suleti');
          await screenshot(page, 'et-card-form-closed');

          // "Pay by card" opens it again; this time the card is charged.
          await page.getByTestId('card-payment-open').click();
          await expectTextContaining(dialog.getByRole('heading', { level: 1 }), 'Maksa 15,00 €');
          await screenshot(page, 'et-card-form-open');
          await dialog.getByTestId('gateway-card-success').click();
          await expectPaidSummary(page);
          expectClean(context, pageErrors);
        } finally {
          await context.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
