import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { call, checkOut, payAndReturn } from '../support/buying';
import { TestClock } from '../support/test-clock';
import { type TestServer, startTestServer } from '../support/test-server';
import { Api, type DocumentPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import { DEMO, type DemoAccount, expectHostedPage, submitSignIn } from './support/identity';
import {
  acceptCookies,
  collectPageErrors,
  eventually,
  expectCount,
  expectText,
  expectTextContaining,
  money,
  normalizeSpaces,
  screenshot,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 120_000;
const JOURNEY_TIMEOUT_MS = 180_000;
const SIGN_IN_TIMEOUT_MS = 20_000;
const DAY_MS = 86_400_000;

describeWithBrowser('Money journey (real server, Chromium)', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  const clock = new TestClock();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock });
    launched = await launchBrowser();
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await launched?.close();
    await server?.close();
  }, SERVER_START_TIMEOUT_MS);

  async function signedIn(account: DemoAccount, path: string): Promise<{ page: Page; errors: Error[] }> {
    const context = await launched.newContext({ acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}${path}`);
    await expectHostedPage(page, path.startsWith('/en/') ? 'Sign in' : 'Logi sisse', SIGN_IN_TIMEOUT_MS);
    await submitSignIn(page, account.email, account.password);
    await expectText(page.getByTestId('user-menu-name'), account.fullName, SIGN_IN_TIMEOUT_MS);
    await acceptCookies(page);
    return { page, errors };
  }

  it(
    'a sale shows on My sales; the uploader asks for a payout; the admin exports SEPA and pays it; the uploader sees it paid; the accountant’s report balances',
    async () => {
      // ---- a buyer pays for one of Kadri's documents at the test gateway and downloads it (real HTTP:
      // the buying journey drives the same checkout in Chromium)
      const kadri = DEMO_UPLOADERS.find((u) => u.key === 'kadri')!;
      const api = new Api(server.url);
      const documents = await api.get<DocumentPage>(
        `/documents?uploaderId=${kadri.userId}&sort=price-desc&limit=1`,
      );
      const sold = documents.items[0]!;
      expect(sold.price).toBeGreaterThan(0);
      // The books count Estonian days: after 22:00 UTC in winter it is already tomorrow in Tallinn.
      const saleDay = ledgerDay(clock.now().toISOString());
      const { purchaseId, paymentUrl } = await checkOut(server, [{ documentId: sold.id }]);
      const returned = await payAndReturn(paymentUrl, 'success');
      expect(returned.status).toBe(303);
      const purchase = await call(server, 'GET', `/api/purchases/${purchaseId}`);
      expect(purchase.body.status).toBe('paid');
      const file = await fetch(purchase.body.documents[0].files[0].downloadUrl as string);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      // Fifteen days later its earnings are released (held 14 days after the payment).
      clock.advance(15 * DAY_MS);
      const runner = server.app.get(ProjectionRunner);
      await runner.waitFor(await server.app.get<EventStore>(EVENT_STORE).headPosition());

      // ---- Kadri sees the sale and the download on My sales
      // (From the day of the sale: the seeded history has sold her documents before.)
      const uploader = await signedIn(DEMO.uploader, `/admin/user/sales?from=${saleDay}`);
      const row = uploader.page.getByTestId('sales-document-row').filter({ hasText: sold.title });
      await expectCount(row, 1);
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.slice(0, 2)).toEqual(['1', '1']); // sold once, downloaded once
      await uploader.page.getByTestId('sales-chart').waitFor();
      // recharts draws the sale as a bar.
      await uploader.page
        .getByTestId('sales-chart')
        .locator('.recharts-bar-rectangle path')
        .first()
        .waitFor();
      await screenshot(uploader.page, 'money-my-sales');
      await expectNoAxeViolations(uploader.page, 'my sales');

      // ---- she asks for the whole available amount to her own account
      await uploader.page.getByTestId('request-payout').click();
      const amountField = uploader.page.getByTestId('payout-amount');
      await amountField.waitFor();
      const available = Number(
        (await uploader.page.getByTestId('payout-available').getAttribute('data-cents')) ?? 0,
      );
      expect(available).toBeGreaterThan(3_000);
      // SPEC §9: 30 € when the accumulated licence fees are 150 € or less.
      const fee = available <= 15_000 ? 3_000 : 0;
      await expectNoAxeViolations(uploader.page, 'payout request');
      await uploader.page.getByTestId('payout-iban').fill('EE38 2200 2210 2014 5685');
      await expectText(uploader.page.getByTestId('payout-transfer-fee'), money(fee, 'et'));
      await expectText(uploader.page.getByTestId('payout-net-amount'), money(available - fee, 'et'));
      await uploader.page.getByTestId('payout-submit').click();
      await uploader.page.getByTestId('modal-confirm').click();
      // Her seeded payout of two months ago is paid; the new one is requested.
      const mine = uploader.page.getByTestId('my-payout-row');
      await expectCount(mine, 2);
      const requested = mine.filter({ hasText: 'Taotletud (menetluses)' });
      await expectCount(requested, 1);
      await expectText(
        uploader.page.getByTestId('payout-notice'),
        'Taotletud väljamakse laekub tavaliselt 10 tööpäeva jooksul.',
      );

      // ---- the admin downloads the SEPA file of the requested payout and marks it paid
      const admin = await signedIn(DEMO.admin, '/admin/payouts?status=requested');
      const adminRow = admin.page.getByTestId('admin-payout-row').filter({ hasText: 'Kadri Tamm' });
      await expectCount(adminRow, 1);
      await adminRow.waitFor();
      await expectNoAxeViolations(admin.page, 'admin payouts');
      await adminRow.getByTestId('admin-payout-select').check();
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        admin.page.getByTestId('sepa-export').click(),
      ]);
      const xml = readFileSync(await download.path(), 'utf8');
      expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
      expect(xml).toContain(`<CtrlSum>${((available - fee) / 100).toFixed(2)}</CtrlSum>`);
      expect(xml).toContain('<IBAN>EE382200221020145685</IBAN>');
      await expectTextContaining(admin.page.getByTestId('sepa-exported'), '1 ülekannet');
      await adminRow.getByTestId('admin-payout-edit').click();
      await expectText(admin.page.getByTestId('payout-payee'), 'Kadri Tamm');
      await expectNoAxeViolations(admin.page, 'payout edit');
      const today = ledgerDay(clock.now().toISOString());
      await admin.page.getByTestId('payout-execution-date').fill(today);
      await admin.page.getByTestId('payout-execute').click();
      await admin.page.getByTestId('modal-confirm').click();
      const [y, m, d] = today.split('-');
      await expectText(admin.page.getByTestId('payout-execution-date-value'), `${d}.${m}.${y}`);

      // ---- Kadri sees it paid, in English too
      await uploader.page.goto(`${server.url}/en/admin/user/payouts`);
      const paidToday = uploader.page.getByTestId('my-payout-row').filter({ hasText: `${d}.${m}.${y}` });
      await expectCount(paidToday, 1);
      await expectText(paidToday.getByTestId('payout-status'), 'Paid');
      await expectCount(
        uploader.page.getByTestId('my-payout-row').filter({ hasText: 'Requested (under process)' }),
        0,
      );

      // ---- the admin makes the buyer an accountant; the accountant's report of the year balances
      await admin.page.goto(`${server.url}/admin/users?q=ostja`);
      await admin.page.getByTestId('admin-user-grant-accountant').click();
      await admin.page.getByTestId('modal-confirm').click();
      await admin.page.getByTestId('admin-user-accountant-badge').waitFor();
      const accountant = await signedIn(
        DEMO.buyer,
        `/en/admin/accounting/report?from=2000-01-01&to=${today}`,
      );
      await expectText(accountant.page.getByTestId('report-verdict'), 'The report balances.');
      await expectNoAxeViolations(accountant.page, 'reconciliation report');
      const paidOut = accountant.page.getByTestId('report-line-PAYOUTS-PAID_OUT');
      await eventually(async () => expect(normalizeSpaces(await paidOut.innerText())).toContain('€'));
      await paidOut.getByRole('link').click();
      await accountant.page.getByTestId('journal-row').first().waitFor();
      await expectNoAxeViolations(accountant.page, 'journal');
      // The seeded payout of two months ago and today's, each linked to its event.
      const rows = accountant.page.getByTestId('journal-row');
      await expectCount(rows, 2);
      expect(await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-event-type')))).toEqual([
        'PayoutExecuted',
        'PayoutExecuted',
      ]);
      await screenshot(accountant.page, 'money-journal');

      for (const session of [uploader, admin, accountant]) expect(session.errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
