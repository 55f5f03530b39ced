import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { call, checkOut, keyInUrl, payAndReturn } from '../support/buying';
import { pdfText } from '../support/pdf-text';
import { TestClock } from '../support/test-clock';
import { Api, type DocumentPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { describeWithBrowser } from './support/browser';
import { journeySession } from './support/journey-session';
import { DEMO } from './support/identity';
import { acceptCookies, expectCount, expectText, expectTextContaining, screenshot } from './support/journey';

const JOURNEY_TIMEOUT_MS = 180_000;

describeWithBrowser('Refund journey (real server, Chromium)', () => {
  const clock = new TestClock();
  const session = journeySession({ clock });
  const { newPage, signedIn } = session;

  it(
    'the admin refunds a purchase with a reason; the screen shows the credit note, the uploader’s My sales the refund line, and the buyer’s links are dead',
    async () => {
      // ---- a buyer pays for one of Kadri's documents at the test gateway
      const kadri = DEMO_UPLOADERS.find((u) => u.key === 'kadri')!;
      const documents = await new Api(session.server.url).get<DocumentPage>(
        `/documents?uploaderId=${kadri.userId}&sort=price-desc&limit=1`,
      );
      const sold = documents.items[0]!;
      const day = ledgerDay(clock.now().toISOString());
      const { purchaseId, paymentUrl } = await checkOut(session.server, [{ documentId: sold.id }]);
      const returned = await payAndReturn(paymentUrl, 'success');
      expect(returned.status).toBe(303);
      const key = keyInUrl(returned.location)!;
      const before = await call(session.server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
        'x-purchase-key': key,
      });
      const fileLink = before.body.documents[0].files[0].downloadUrl as string;
      expect((await fetch(fileLink, { redirect: 'manual' })).status).toBe(302);
      await session.server.app.get(EmbeddedTestGateway).settled();

      // ---- the admin opens the purchase and refunds it, with a reason
      const admin = await signedIn(DEMO.admin, `/admin/purchases/${purchaseId}`);
      const form = admin.page.getByTestId('refund-sale-form');
      await form.waitFor();
      await expectNoAxeViolations(admin.page, 'admin purchase with the refund form');
      // Without a reason the form says so and asks nothing of the server.
      await form.getByTestId('refund-submit').click();
      await expectText(form.locator('.field__error'), 'Väli on kohustuslik');
      await admin.page.getByLabel('Tagastamise põhjus').fill('Dokument ei vastanud kirjeldusele');
      await form.getByTestId('refund-submit').click();
      await admin.page.getByTestId('modal-confirm').click();
      const refund = admin.page.getByTestId('refund-item');
      await expectCount(refund, 1);
      await expectText(refund.getByTestId('refund-status'), 'Tagastatud');
      const creditNote = refund.getByTestId('refund-credit-note');
      await expectTextContaining(creditNote, 'Tagastuskviitung TK-');
      const creditNoteUrl = (await creditNote.getAttribute('href'))!;
      const pdf = await fetch(creditNoteUrl);
      expect(pdf.status).toBe(200);
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain('TAGASTUSKVIITUNG');
      expect(text).toContain('Dokument ei vastanud kirjeldusele');
      // Nothing left to refund: the form is gone.
      await expectCount(admin.page.getByTestId('refund-sale-form'), 0);
      await screenshot(admin.page, 'refund-admin-purchase');
      await expectNoAxeViolations(admin.page, 'admin purchase refunded');
      expect(admin.errors).toEqual([]);
      await session.server.app
        .get(ProjectionRunner)
        .waitFor(await session.server.app.get<EventStore>(EVENT_STORE).headPosition());

      // ---- Kadri's My sales shows the refund line and its reason
      const uploader = await signedIn(DEMO.uploader, `/admin/user/sales?from=${day}`);
      // (The seeded history has a refund of hers from today too: this one is found by its reason.)
      const refundRow = uploader.page
        .locator('[data-testid="sales-row"][data-kind="refund"]')
        .filter({ hasText: 'Dokument ei vastanud kirjeldusele' });
      await expectCount(refundRow, 1);
      await expectTextContaining(refundRow, sold.title);
      await expectText(
        refundRow.getByTestId('sales-refund-reason'),
        'Tagastatud: Dokument ei vastanud kirjeldusele',
      );
      await expectNoAxeViolations(uploader.page, 'my sales with a refund');
      expect(uploader.errors).toEqual([]);

      // ---- the buyer's summary: the document refunded, no download link, the old link dead
      const buyer = await newPage();
      await buyer.page.goto(`${session.server.url}/ostu-kokkuvote/${purchaseId}#key=${key}`);
      await acceptCookies(buyer.page);
      await buyer.page.getByTestId('purchase-document-refunded').waitFor();
      await expectCount(buyer.page.getByTestId('purchase-file-download'), 0);
      await expectText(
        buyer.page.getByTestId('purchase-file-unavailable').first(),
        'Tagastatud: enam ei saa alla laadida',
      );
      await expectCount(buyer.page.getByTestId('purchase-archive'), 0);
      await expectTextContaining(buyer.page.getByTestId('purchase-credit-note'), 'Tagastuskviitung TK-');
      await screenshot(buyer.page, 'refund-buyer-summary');
      expect(buyer.errors).toEqual([]);
      const dead = await fetch(fileLink, { redirect: 'manual' });
      expect(dead.status).toBe(410);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
