import { randomUUID } from 'node:crypto';
import { PurchaseSweepScheduler } from '../../server/src/commands/purchase/purchase-sweep.scheduler';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  TEST_PAYMENT_DESK,
  type TestPaymentDesk,
} from '../../server/src/infrastructure/payments/payment-gateway.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import {
  type ConfirmationBody,
  type UploadedDocument,
  aConfirmation,
  call,
  checkOut,
  linksIn,
  mailsTo,
  payAndReturn,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { fatalEn16931Failures, prepareEn16931 } from '../support/en16931';
import { aSampleFile } from '../support/sample-files';
import { pdfText } from '../support/pdf-text';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const ESTONIAN_COMPANY = {
  companyName: 'Maasikas ja Partnerid OÜ',
  registryCode: '12345678',
  vatNumber: 'EE101234567',
};

/**
 * Refunds through the real HTTP API, the MakeCommerce adapter and the embedded test gateway: the admin gives
 * money back for some or all documents of a purchase, the gateway takes it, refuses it or says "later", and
 * the ledger, the VAT return, the uploader's sales, the buyer's links, the credit note and the mail follow.
 */
describe('Refunds and credit notes (real HTTP, embedded gateway)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let events: EventStore;
  let desk: TestPaymentDesk;
  let gateway: PaymentGateway;
  let admin: string;
  let lease: UploadedDocument;
  let guide: UploadedDocument;
  let will: UploadedDocument;
  const kadri = DEMO_UPLOADERS[0]!.userId;

  const settle = async () => {
    await server.app.get(EmbeddedTestGateway).settled();
    await server.app.get(ProjectionRunner).waitFor(await events.headPosition());
  };
  const asAdmin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, body, { authorization: admin });
  const buy = async (documents: UploadedDocument[], form: Partial<ConfirmationBody> = {}) => {
    const email = `${randomUUID()}@example.ee`;
    const bought = await checkOut(server, documents, { email, ...form });
    expect((await payAndReturn(bought.paymentUrl, 'success')).status).toBe(303);
    await settle();
    return { ...bought, email };
  };
  const refund = (purchaseId: string, body: Record<string, unknown>) =>
    asAdmin('POST', `/api/admin/purchases/${purchaseId}/refunds`, body);
  // The books count Estonian days: after 22:00 UTC in winter it is already tomorrow in Tallinn.
  const today = () => ledgerDay(new Date().toISOString());
  const month = () => today().slice(0, 7);

  beforeAll(async () => {
    prepareEn16931();
    issuer = await startTestIssuer();
    server = await startTestServer({ env: { ...issuer.env, PURCHASE_SWEEP_SECONDS: '0' } });
    events = server.app.get<EventStore>(EVENT_STORE);
    desk = server.app.get<TestPaymentDesk>(TEST_PAYMENT_DESK);
    gateway = server.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    admin = `Bearer ${await issuer.idToken({ sub: account.userId, email: account.email })}`;
    lease = await publishDocument('Üürileping korterile', 1500, 0);
    guide = await publishDocument('Volikiri', 990, 1);
    will = await publishDocument('Testament', 2480, 0);
  }, 60_000);
  afterAll(async () => {
    desk.setRefundMode('accept');
    await server.app.get(EmbeddedTestGateway).settled();
    await server.close();
    await issuer.close();
  });
  afterEach(() => desk.setRefundMode('accept'));

  // Real PDF bytes: the background file processor then agrees with the fixture that the file is fine.
  const publishDocument = async (title: string, price: number, uploader: number) =>
    publishDocumentWithFiles(server, {
      title,
      price,
      files: [{ title, format: 'pdf', bytes: await aSampleFile('pdf', 1, title) }],
      uploader,
    });

  it('refunds some documents, then the rest: reverses the ledger, the VAT return and the uploader’s earnings, kills their links, issues credit notes and mails the buyer', async () => {
    const bought = await buy([lease, guide], { invoice: ESTONIAN_COMPANY });
    const before = (await purchaseAsBuyer(server, bought.purchaseId)).body as {
      documents: { documentId: string; files: { downloadUrl: string }[] }[];
    };
    const fileOf = (documentId: string) =>
      before.documents.find((d) => d.documentId === documentId)!.files[0]!.downloadUrl;
    const leaseFile = fileOf(lease.documentId);
    const guideFile = fileOf(guide.documentId);
    const kmdBefore = (await asAdmin('GET', `/api/accounting/vat/kmd?month=${month()}`)).body;
    interface Figures {
      sales: number;
      refunds: number;
      vat: number;
      serviceFees: number;
      uploaderEarnings: number;
    }
    const dashboard = async () =>
      ((await asAdmin('GET', '/api/admin/dashboard?from=2000-01-01')).body as { totals: Figures }).totals;
    const dashboardBefore = await dashboard();

    const partly = await refund(bought.purchaseId, {
      documentIds: [lease.documentId],
      reason: 'Dokument ei vastanud kirjeldusele',
    });
    expect(partly.status).toBe(200);
    expect(partly.body.refund.outcome).toBe('completed');
    await settle();
    const leaseLine = (await events.readStream(purchaseStreamId(bought.purchaseId)))[0]!.data as {
      lines: {
        documentId: string;
        price: number;
        vat: number;
        serviceFee: number;
        uploaderEarnings: number;
      }[];
    };
    const line = leaseLine.lines.find((l) => l.documentId === lease.documentId)!;

    // The gateway gave back exactly the document's price.
    const transaction = await gateway.getTransaction(partly.body.transactionId as string);
    expect(transaction?.refundedAmount).toBe(line.price);

    // The events: requested, then completed; the credit note numbered in its own series, the mail sent once.
    const types = await streamEventTypes(server, purchaseStreamId(bought.purchaseId));
    expect(types.filter((t) => t.startsWith('PurchaseRefund'))).toEqual([
      'PurchaseRefundRequested',
      'PurchaseRefundCompleted',
      'PurchaseRefundNoticeSent',
    ]);

    // The admin sees the refund with its credit note, referencing the invoice.
    const shown = (await asAdmin('GET', `/api/admin/purchases/${bought.purchaseId}`)).body;
    expect(shown.refundRequests).toEqual([
      expect.objectContaining({
        status: 'completed',
        amount: line.price,
        reason: 'Dokument ei vastanud kirjeldusele',
        documents: [expect.objectContaining({ documentId: lease.documentId })],
        creditNote: expect.objectContaining({
          kind: 'credit-note',
          number: expect.stringMatching(/^KR-\d{6}$/),
          corrects: shown.invoice.number,
        }),
        creditNoteUrl: expect.any(String),
        creditNoteXmlUrl: expect.any(String),
      }),
    ]);
    expect(shown.refundable).toBe(true);

    // The ledger reversed exactly the line: VAT, service fee and the uploader's earnings.
    const journalBody = (await asAdmin('GET', `/api/accounting/journal?purchaseId=${bought.purchaseId}`))
      .body as { items: { entries: unknown[] }[] };
    const journal = journalBody.items.map((p) => p.entries);
    expect(journal).toHaveLength(2);
    expect(journal[1]).toEqual(
      expect.arrayContaining([
        { account: 'vat-payable', movement: 'vat', debit: line.vat, credit: 0 },
        { account: 'service-fees', movement: 'service-fee-refunded', debit: line.serviceFee, credit: 0 },
        {
          account: `uploader-payable:${kadri}`,
          movement: 'earnings-refunded',
          debit: line.uploaderEarnings,
          credit: 0,
        },
        { account: 'buyer-payments', movement: 'payment-refunded', debit: 0, credit: line.price },
      ]),
    );

    // The month's KMD nets the refund, and still equals the ledger.
    const kmd = (await asAdmin('GET', `/api/accounting/vat/kmd?month=${month()}`)).body;
    const line1 = (k: { lines: { key: string; vatAmount: number }[] }) =>
      k.lines.find((l) => l.key === '1')?.vatAmount ?? 0;
    expect(line1(kmd)).toBe(line1(kmdBefore) - line.vat);
    expect(kmd.reconciliation.balances).toBe(true);

    // The reconciliation report balances, with the refund on its own line.
    const report = (await asAdmin('GET', `/api/accounting/report?from=${month()}-01&to=${today()}`)).body as {
      balances: boolean;
      sections: { key: string; lines: { key: string; amount: number }[] }[];
    };
    expect(report.balances).toBe(true);
    const payments = report.sections.find((s) => s.key === 'PAYMENTS')!;
    expect(payments.lines.find((l) => l.key === 'REFUNDS')!.amount).toBeGreaterThanOrEqual(line.price);

    // The uploader's My sales shows the refund line with the reason.
    const sales = (await asAdmin('GET', `/api/uploaders/${kadri}/sales?from=${month()}-01&to=${today()}`))
      .body;
    expect(sales.sales).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'refund',
          documentId: lease.documentId,
          earned: -line.uploaderEarnings,
          reason: 'Dokument ei vastanud kirjeldusele',
        }),
      ]),
    );

    // The buyer: the refunded document's link is dead, the other still works; the summary says which.
    const after = (await purchaseAsBuyer(server, bought.purchaseId)).body;
    expect(after.documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          documentId: lease.documentId,
          refunded: true,
          files: [expect.objectContaining({ downloadUrl: null })],
        }),
        expect.objectContaining({ documentId: guide.documentId, refunded: false }),
      ]),
    );
    const dead = await fetch(leaseFile, { redirect: 'manual' });
    expect(dead.status).toBe(410);
    expect(await dead.json()).toMatchObject({ code: 'PURCHASE.REFUNDED' });
    expect((await fetch(guideFile, { redirect: 'manual' })).status).toBe(302);

    // The credit note: a PDF in the buyer's language and an EN 16931 CreditNote referencing the invoice.
    const done = after.refundsDone[0];
    const pdf = await fetch(done.creditNoteUrl as string);
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('KREEDITARVE');
    expect(text).toContain(done.creditNote.number);
    expect(text).toContain(shown.invoice.number);
    const xml = await (await fetch(done.creditNoteXmlUrl as string)).text();
    expect(xml).toContain('<CreditNote');
    expect(xml).toContain(`<cbc:ID>${shown.invoice.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(fatalEn16931Failures(xml)).toEqual([]);

    // The buyer's mail, in Estonian, with the credit note.
    const mails = await mailsTo(server, bought.email);
    const notice = mails.find((m) => m.subject.includes('Raha tagastamine'));
    expect(notice?.text).toContain('Dokument ei vastanud kirjeldusele');
    expect(linksIn(notice!.text).some((l) => l.includes('/credit-notes/'))).toBe(true);

    // The same document again: refused, nothing asked of the gateway.
    const again = await refund(bought.purchaseId, { documentIds: [lease.documentId], reason: 'Veel kord' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REFUND.ALREADY_REFUNDED');

    // The rest (no documents named): the whole purchase is refunded, with a second credit note.
    const rest = await refund(bought.purchaseId, { reason: 'Ostja loobus' });
    expect(rest.status).toBe(200);
    await settle();
    expect(rest.body.refundRequests[1]).toMatchObject({
      status: 'completed',
      whole: true,
      documents: [expect.objectContaining({ documentId: guide.documentId })],
    });
    expect(rest.body.refundable).toBe(false);
    const requests = (await asAdmin('GET', `/api/admin/purchases/${bought.purchaseId}`)).body as {
      refundRequests: { creditNote: { number: string } }[];
    };
    const numbers = requests.refundRequests.map((r) => Number(r.creditNote.number.slice(3)));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect((await gateway.getTransaction(partly.body.transactionId as string))?.refundedAmount).toBe(
      bought.total,
    );
    expect((await fetch(guideFile, { redirect: 'manual' })).status).toBe(410);
    const nothingLeft = await refund(bought.purchaseId, { reason: 'Kolmas kord' });
    expect(nothingLeft.status).toBe(409);

    // The admin's dashboard: the refunds shown, sales, VAT, fees and earnings net of them.
    const created = (await events.readStream(purchaseStreamId(bought.purchaseId)))[0]!.data as {
      totals: { price: number; vat: number; serviceFee: number; uploaderEarnings: number };
    };
    const dashboardAfter = await dashboard();
    expect(dashboardAfter.refunds - dashboardBefore.refunds).toBe(bought.total);
    expect(dashboardAfter.sales - dashboardBefore.sales).toBe(-bought.total);
    expect(dashboardAfter.vat - dashboardBefore.vat).toBe(-created.totals.vat);
    expect(dashboardAfter.serviceFees - dashboardBefore.serviceFees).toBe(-created.totals.serviceFee);
    expect(dashboardAfter.uploaderEarnings - dashboardBefore.uploaderEarnings).toBe(
      -created.totals.uploaderEarnings,
    );

    // The admin's purchases list finds it among the refunded ones, and says so; a purchase not refunded is not there.
    const other = await buy([lease], {});
    const refundedList = (await asAdmin('GET', '/api/admin/purchases?refund=refunded&limit=50')).body as {
      items: { id: string; refunded: boolean }[];
    };
    expect(refundedList.items.find((item) => item.id === bought.purchaseId)?.refunded).toBe(true);
    expect(refundedList.items.every((item) => item.refunded)).toBe(true);
    expect(refundedList.items.map((item) => item.id)).not.toContain(other.purchaseId);
  });

  it('a refund the gateway refuses is recorded as failed and shown to the admin; nothing is posted and the links work again', async () => {
    const bought = await buy([will]);
    desk.setRefundMode('refuse');
    const refused = await refund(bought.purchaseId, { reason: 'Topeltmakse' });
    expect(refused.status).toBe(200);
    expect(refused.body.refund.outcome).toBe('failed');
    expect(refused.body.refundRequests[0]).toMatchObject({
      status: 'failed',
      failure: { reason: 'declined', message: expect.any(String) },
      creditNote: null,
    });
    await settle();
    const journal = (await asAdmin('GET', `/api/accounting/journal?purchaseId=${bought.purchaseId}`)).body;
    expect(journal.items).toHaveLength(1);
    const summary = (await purchaseAsBuyer(server, bought.purchaseId)).body;
    expect(summary.documents[0].refunded).toBe(false);
    expect(summary.documents[0].files[0].downloadUrl).not.toBeNull();
    // The admin may try again once the gateway takes refunds.
    desk.setRefundMode('accept');
    expect((await refund(bought.purchaseId, { reason: 'Topeltmakse' })).body.refund.outcome).toBe(
      'completed',
    );
  });

  it('a refund the gateway says is still processing waits, with the links stopped, and the sweep completes it later', async () => {
    const bought = await buy([lease]);
    desk.setRefundMode('still-processing');
    const waiting = await refund(bought.purchaseId, { reason: 'Ostja soov' });
    expect(waiting.status).toBe(200);
    expect(waiting.body.refund.outcome).toBe('processing');
    expect(waiting.body.refundRequests[0]).toMatchObject({
      status: 'requested',
      deferred: { reason: 'still-processing' },
    });
    expect(waiting.body.refundable).toBe(false);
    const summary = (await purchaseAsBuyer(server, bought.purchaseId)).body;
    expect(summary.documents[0]).toMatchObject({ refunded: true, files: [{ downloadUrl: null }] });
    // Another refund of the purchase meanwhile: refused, one refund at a time.
    expect((await refund(bought.purchaseId, { reason: 'Teine' })).body.code).toBe('REFUND.IN_PROGRESS');

    desk.setRefundMode('accept');
    const report = await server.app.get(PurchaseSweepScheduler).sweep();
    expect(report.refunds).toBe(1);
    await settle();
    const shown = (await asAdmin('GET', `/api/admin/purchases/${bought.purchaseId}`)).body;
    expect(shown.refundRequests[0]).toMatchObject({
      status: 'completed',
      creditNote: { kind: 'refund-receipt', number: expect.stringMatching(/^TK-\d{6}$/) },
    });
    expect(shown.refundRequests[0].creditNoteXmlUrl).toBeNull();
    const pdf = await fetch(shown.refundRequests[0].creditNoteUrl as string);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('TAGASTUSKVIITUNG');
  });

  it('the admin’s “Try again” completes a refund the gateway said was still processing, once', async () => {
    const bought = await buy([will]);
    desk.setRefundMode('still-processing');
    const waiting = await refund(bought.purchaseId, { reason: 'Ostja soov' });
    const refundId = waiting.body.refund.refundId as string;
    const retry = () =>
      asAdmin('POST', `/api/admin/purchases/${bought.purchaseId}/refunds/${refundId}/retry`);
    expect((await retry()).body.refund.outcome).toBe('processing');
    desk.setRefundMode('accept');
    const done = await retry();
    expect(done.status).toBe(200);
    expect(done.body.refund.outcome).toBe('completed');
    expect(done.body.refundRequests[0]).toMatchObject({ status: 'completed', deferred: null });
    const again = await retry();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REFUND.NOT_OPEN');
    expect((await gateway.getTransaction(done.body.transactionId as string))?.refundedAmount).toBe(
      bought.total,
    );
    const types = await streamEventTypes(server, purchaseStreamId(bought.purchaseId));
    expect(types.filter((t) => t === 'PurchaseRefundDeferred')).toHaveLength(1);
    expect(types.filter((t) => t === 'PurchaseRefundCompleted')).toHaveLength(1);
  });

  it('two admins refunding at once refund once', async () => {
    const bought = await buy([guide]);
    const [a, b] = await Promise.all([
      refund(bought.purchaseId, { reason: 'Esimene admin' }),
      refund(bought.purchaseId, { reason: 'Teine admin' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await settle();
    const types = await streamEventTypes(server, purchaseStreamId(bought.purchaseId));
    expect(types.filter((t) => t === 'PurchaseRefundRequested')).toHaveLength(1);
    expect(types.filter((t) => t === 'PurchaseRefundCompleted')).toHaveLength(1);
    const ok = a.status === 200 ? a : b;
    expect((await gateway.getTransaction(ok.body.transactionId as string))?.refundedAmount).toBe(
      bought.total,
    );
  });

  it('refunds a payment owed back (paid after the purchase was superseded) through the same flow, and clears the flag', async () => {
    const email = `${randomUUID()}@example.ee`;
    const first = await checkOut(server, [lease], { email });
    expect((await call(server, 'DELETE', `/api/baskets/${first.basketId}/confirmation`)).status).toBe(200);
    expect(
      (
        await call(
          server,
          'POST',
          `/api/baskets/${first.basketId}/confirmation`,
          aConfirmation(first.total, { email }),
        )
      ).status,
    ).toBe(200);
    const again = await call(server, 'POST', `/api/baskets/${first.basketId}/checkout`);
    expect((await payAndReturn(again.body.paymentUrl as string, 'success')).status).toBe(303);
    expect((await payAndReturn(first.paymentUrl, 'success')).status).toBe(303);
    await settle();
    const flagged = (await asAdmin('GET', `/api/admin/purchases/${first.purchaseId}`)).body;
    expect(flagged.refundDue).toBe(true);
    const transactionId = flagged.refunds[0].transactionId as string;

    const refunded = await refund(first.purchaseId, {
      transactionId,
      reason: 'Makse saabus lõppenud ostule',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refund.outcome).toBe('completed');
    await settle();
    const after = (await asAdmin('GET', `/api/admin/purchases/${first.purchaseId}`)).body;
    expect(after).toMatchObject({ refundDue: false, refunds: [{ status: 'refunded', transactionId }] });
    expect(after.refundRequests[0]).toMatchObject({
      kind: 'payment-due',
      status: 'completed',
      creditNote: null,
    });
    const due = (await asAdmin('GET', '/api/admin/purchases?refund=due')).body as { items: { id: string }[] };
    expect(due.items.map((p) => p.id)).not.toContain(first.purchaseId);
    expect((await gateway.getTransaction(transactionId))?.refundedAmount).toBe(first.total);
    // Never a sale, so nothing in the ledger either way.
    const journal = (await asAdmin('GET', `/api/accounting/journal?purchaseId=${first.purchaseId}`)).body;
    expect(journal.items).toHaveLength(0);
    // Twice: refused.
    expect((await refund(first.purchaseId, { transactionId, reason: 'Uuesti' })).body.code).toBe(
      'REFUND.ALREADY_REFUNDED',
    );
  });

  it('refuses a refund without a reason or by someone who is not an admin, and records nothing', async () => {
    const bought = await buy([guide]);
    const head = await events.headPosition();
    const blank = await refund(bought.purchaseId, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      code: 'VALIDATION.FORM_HAS_ERRORS',
      errors: { reason: ['Väli on kohustuslik'] },
    });
    const english = await call(
      server,
      'POST',
      `/api/admin/purchases/${bought.purchaseId}/refunds`,
      { documentIds: [randomUUID()], reason: 'x' },
      { authorization: admin, 'accept-language': 'en' },
    );
    expect(english.status).toBe(422);
    expect(english.body.message).toBe('A chosen document is not in this purchase.');
    const buyer = await issuer.idToken({ sub: randomUUID(), email: 'keegi@example.ee' });
    const stranger = await call(
      server,
      'POST',
      `/api/admin/purchases/${bought.purchaseId}/refunds`,
      { reason: 'x' },
      { authorization: `Bearer ${buyer}` },
    );
    expect(stranger.status).toBe(403);
    expect(await events.headPosition()).toBe(head);
  });
});
