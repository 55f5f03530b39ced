import { readFileSync } from 'node:fs';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { nextTarget2BusinessDay } from '../../server/src/domain/payout/target2-calendar';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { call, checkOut, keyInUrl, payAndReturn } from '../support/buying';
import { TestClock } from '../support/test-clock';
import { Api, type DocumentPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser } from './support/browser';
import { journeySession } from './support/journey-session';
import { DEMO } from './support/identity';
import {
  eventually,
  expectCount,
  expectText,
  expectTextContaining,
  money,
  normalizeSpaces,
  screenshot,
} from './support/journey';

const JOURNEY_TIMEOUT_MS = 180_000;
const DAY_MS = 86_400_000;

describeWithBrowser('Money journey (real server, Chromium)', () => {
  const clock = new TestClock();
  const session = journeySession({ clock });
  const { signedIn } = session;

  it(
    'a sale shows on My sales; the uploader asks for a payout; the admin exports a payout file, rejects a payout of it the bank did not pay, marks the file executed; the uploader sees it paid; the accountant’s report balances',
    async () => {
      // ---- a buyer pays for one of Kadri's documents at the test gateway and downloads it (real HTTP:
      // the buying journey drives the same checkout in Chromium)
      const kadri = DEMO_UPLOADERS.find((u) => u.key === 'kadri')!;
      const api = new Api(session.server.url);
      const documents = await api.get<DocumentPage>(
        `/documents?uploaderId=${kadri.userId}&sort=price-desc&limit=1`,
      );
      const sold = documents.items[0]!;
      expect(sold.price).toBeGreaterThan(0);
      // The books count Estonian days: after 22:00 UTC in winter it is already tomorrow in Tallinn.
      const saleDay = ledgerDay(clock.now().toISOString());
      const { purchaseId, paymentUrl } = await checkOut(session.server, [{ documentId: sold.id }]);
      const returned = await payAndReturn(paymentUrl, 'success');
      expect(returned.status).toBe(303);
      // The buyer's access key comes back in the return page's address (its fragment).
      const purchase = await call(session.server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
        'x-purchase-key': keyInUrl(returned.location)!,
      });
      expect(purchase.body.status).toBe('paid');
      const file = await fetch(purchase.body.documents[0].files[0].downloadUrl as string);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      // Fifteen days later its earnings are released (held 14 days after the payment).
      clock.advance(15 * DAY_MS);
      const runner = session.server.app.get(ProjectionRunner);
      await runner.waitFor(await session.server.app.get<EventStore>(EVENT_STORE).headPosition());

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
      // SPEC §9: 30 € when the accumulated licence fees available are 150 € or less.
      const fee = available <= 15_000 ? 3_000 : 0;
      await expectNoAxeViolations(uploader.page, 'payout request');
      await expectTextContaining(
        uploader.page.getByTestId('payout-account-holder-hint'),
        'Lepinguturg ei saa kontrollida, kelle konto see on.',
      );
      await uploader.page.getByTestId('payout-iban').fill('EE38 2200 2210 2014 5685');
      await expectText(uploader.page.getByTestId('payout-transfer-fee'), money(fee, 'et'));
      await expectText(uploader.page.getByTestId('payout-net-amount'), money(available - fee, 'et'));
      // The declaration is hers to make: without it the form says so and asks nothing of the server.
      await uploader.page.getByTestId('payout-submit').click();
      await expectText(
        uploader.page.getByTestId('field-error-payout-accountHolderDeclared'),
        'Kinnitage, et konto on teie nimel',
      );
      await uploader.page.getByLabel('Konto on minu nimel.').check();
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

      // ---- the admin exports one payout file of Kadri's new payout and Martin's seeded one
      const admin = await signedIn(DEMO.admin, '/admin/payouts?status=requested');
      const adminRow = admin.page.getByTestId('admin-payout-row').filter({ hasText: 'Kadri Tamm' });
      const martinRow = admin.page.getByTestId('admin-payout-row').filter({ hasText: 'Martin Kask' });
      await expectCount(adminRow, 1);
      await expectCount(martinRow, 1);
      await expectNoAxeViolations(admin.page, 'admin payouts');
      await adminRow.getByTestId('admin-payout-select').check();
      await martinRow.getByTestId('admin-payout-select').check();
      const today = ledgerDay(clock.now().toISOString());
      // A weekend is refused with the next business day named; the first business day from today is taken.
      let saturday = today;
      while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6)
        saturday = new Date(Date.parse(`${saturday}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      await admin.page.getByLabel('Soovitud täitmise kuupäev').fill(saturday);
      await admin.page.getByTestId('sepa-export').click();
      await expectTextContaining(admin.page.getByTestId('sepa-date-error'), 'TARGET2 on suletud: laupäev');
      const executionDate = nextTarget2BusinessDay(today);
      await admin.page.getByLabel('Soovitud täitmise kuupäev').fill(executionDate);
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        admin.page.getByTestId('sepa-export').click(),
      ]);
      const xml = readFileSync(await download.path(), 'utf8');
      expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
      expect(xml).toContain('<IBAN>EE382200221020145685</IBAN>');
      expect(xml).toContain(`<ReqdExctnDt><Dt>${executionDate}</Dt></ReqdExctnDt>`);
      const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)![1]!;
      await expectTextContaining(admin.page.getByTestId('sepa-exported'), '2 ülekannet');
      // Both payouts are in the file now: neither can be chosen for another one.
      await expectCount(admin.page.getByTestId('admin-payout-select'), 0);
      await expectText(adminRow.getByTestId('admin-payout-batch'), messageId);

      // ---- the bank did not pay Martin's transfer: the admin rejects it, confirming that
      await martinRow.getByTestId('admin-payout-edit').click();
      await expectTextContaining(admin.page.getByTestId('payout-in-file-warning'), messageId);
      await expectNoAxeViolations(admin.page, 'payout edit');
      await admin.page.getByLabel('Põhjus').fill('Pank tagastas ülekande');
      await admin.page.getByTestId('payout-reject').click();
      await expectText(
        admin.page.getByTestId('payout-bank-did-not-pay-error'),
        'Kinnitage, et pank seda ei maksnud, või ärge lükake seda tagasi',
      );
      await admin.page.getByLabel(`Kinnitan, et pank ei maksnud seda faili ${messageId} väljamakset`).check();
      await admin.page.getByTestId('payout-reject').click();
      await admin.page.getByTestId('modal-confirm').click();
      await expectText(admin.page.getByTestId('payout-status'), 'Tagasi lükatud');

      // ---- the file's page: the same file again, Martin's line withdrawn, then marked executed
      await admin.page.getByTestId('payout-batch-link').click();
      await expectText(admin.page.getByTestId('batch-message-id'), messageId);
      const martinLine = admin.page.getByTestId('batch-payout-row').filter({ hasText: 'Martin Kask' });
      await expectTextContaining(
        martinLine.getByTestId('batch-payout-status'),
        'Admin kinnitas, et pank seda ei maksnud.',
      );
      const [again] = await Promise.all([
        admin.page.waitForEvent('download'),
        admin.page.getByTestId('batch-download').click(),
      ]);
      expect(readFileSync(await again.path(), 'utf8')).toBe(xml);
      await expectNoAxeViolations(admin.page, 'payout file');
      await screenshot(admin.page, 'money-payout-file');
      await admin.page.getByLabel('Täitmise kuupäev').fill(today);
      await admin.page.getByTestId('batch-execute').click();
      await admin.page.getByTestId('modal-confirm').click();
      const [y, m, d] = today.split('-');
      await expectText(admin.page.getByTestId('batch-executed-on'), `${d}.${m}.${y}`);
      await expectText(
        admin.page
          .getByTestId('batch-payout-row')
          .filter({ hasText: 'Kadri Tamm' })
          .getByTestId('batch-payout-status'),
        'Makstud',
      );
      await admin.page.getByRole('link', { name: '← Kõik maksefailid' }).click();
      await expectCount(admin.page.getByTestId('payout-batch-row'), 2);

      // ---- Kadri sees it paid, in English too
      await uploader.page.goto(`${session.server.url}/en/admin/user/payouts`);
      const paidToday = uploader.page.getByTestId('my-payout-row').filter({ hasText: `${d}.${m}.${y}` });
      await expectCount(paidToday, 1);
      await expectText(paidToday.getByTestId('payout-status'), 'Paid');
      await expectCount(
        uploader.page.getByTestId('my-payout-row').filter({ hasText: 'Requested (under process)' }),
        0,
      );

      // ---- the admin makes the buyer an accountant; the accountant's report of the year balances
      await admin.page.goto(`${session.server.url}/admin/users?q=ostja`);
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
