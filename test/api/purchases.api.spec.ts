import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { fromBuffer } from 'yauzl';
import { PurchaseLinks } from '../../server/src/commands/purchase/purchase-links';
import { invoiceSeriesStreamId } from '../../server/src/events/invoice.events';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import {
  type UploadedDocument,
  call,
  changeDocument,
  checkOut,
  linksIn,
  mailsTo,
  payAndReturn,
  publishDocumentWithFiles,
  buyerKeyOf,
  keyInUrl,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { pdfText } from '../support/pdf-text';
import { TestClock } from '../support/test-clock';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const INVOICE = {
  companyName: 'Maasikas ja Partnerid OÜ',
  registryCode: '12345678',
  vatNumber: 'EE101234567',
};
const HOUR = 60 * 60_000;

/** The zip's entries by name, each with its bytes. */
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

async function bytes(url: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const response = await fetch(url);
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

describe('Purchases: summary, downloads, zip, invoices and fresh links (real HTTP)', () => {
  const clock = new TestClock();
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  let lease: UploadedDocument;
  let power: UploadedDocument;
  const summary = async (id: string) => (await purchaseAsBuyer(server, id)).body as PurchaseSummaryBody;
  const keyIdOf = async (id: string) =>
    (
      (await eventStore.readStream(purchaseStreamId(id)))
        .filter((e) => e.type === 'PurchaseAccessKeyIssued')
        .at(-1)!.data as { keyId: string }
    ).keyId;
  const settle = () => server.app.get(EmbeddedTestGateway).settled();
  const buy = async (documents: UploadedDocument[], overrides: object = {}) => {
    const email = `${randomUUID()}@example.ee`;
    const bought = await checkOut(server, documents, { email, ...overrides });
    await payAndReturn(bought.paymentUrl, 'success');
    await settle();
    return { ...bought, email };
  };
  const adminToken = async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    return `Bearer ${await issuer.idToken({ sub: admin.userId, email: admin.email })}`;
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ clock, env: issuer.env });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    lease = await publishDocumentWithFiles(server, {
      title: 'Üürileping',
      price: 1500,
      files: [
        { title: 'Üürileping', format: 'docx' },
        { title: 'Üleandmise akt', format: 'docx' },
      ],
    });
    power = await publishDocumentWithFiles(server, {
      title: 'Volikiri',
      price: 990,
      files: [{ title: 'Volikiri', format: 'pdf' }],
      uploader: 2,
    });
  }, 60_000);
  afterAll(async () => {
    await settle();
    await server.close();
    await issuer.close();
  }, 60_000);

  it('gives every VAT invoice its own number, gap-free, across 100 purchases paid at once', async () => {
    // The demo history has its invoices (a Finnish company's) before these.
    const before = (await eventStore.readStream(invoiceSeriesStreamId('LT'))).length;
    const bought = await Promise.all(Array.from({ length: 100 }, () => buy([power], { invoice: INVOICE })));
    const series = await eventStore.readStream(invoiceSeriesStreamId('LT'));
    const numbers = series.map(
      (e) => e.data as { sequence: number; purchaseId: string; invoiceNumber: string },
    );
    expect(numbers.map((n) => n.sequence)).toEqual(Array.from({ length: before + 100 }, (_, i) => i + 1));
    expect(new Set(numbers.slice(before).map((n) => n.purchaseId))).toEqual(
      new Set(bought.map((b) => b.purchaseId)),
    );
    const shown = await Promise.all(bought.map(async (b) => (await summary(b.purchaseId)).invoice?.number));
    expect(new Set(shown).size).toBe(100);
    expect(shown.every((n) => /^LT-000\d{3}$/.test(n ?? ''))).toBe(true);
  }, 180_000);

  it('shows the paid purchase: payer, documents with uploader and files, links valid about 24 hours', async () => {
    const { purchaseId, email } = await buy([lease, power]);
    const body = await summary(purchaseId);
    expect(body).toMatchObject({
      status: 'paid',
      payer: { email, firstName: 'Mari', lastName: 'Maasikas', address: 'Tartu mnt 1, 10115 Tallinn' },
      linksExpired: false,
      invoice: null,
      totals: { price: 2490 },
    });
    expect(body.documents.map((d) => [d.title, d.uploaderName, d.files.map((f) => f.fileName)])).toEqual([
      ['Üürileping', lease.uploaderName, ['Üürileping.docx', 'Üleandmise akt.docx']],
      ['Volikiri', power.uploaderName, ['Volikiri.pdf']],
    ]);
    const validFor = Date.parse(body.linksValidUntil!) - Date.parse(body.paidAt!);
    expect(validFor).toBe(24 * HOUR);
    expect(body.archiveUrl).not.toBeNull();
    expect(body.documentUrl).not.toBeNull();
  });

  it('downloads one file (the bytes uploaded) and records it, with no personal data', async () => {
    const { purchaseId } = await buy([lease]);
    const file = (await summary(purchaseId)).documents[0]!.files[1]!;
    const response = await bytes(file.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.body.equals(lease.files[1]!.bytes)).toBe(true);
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%C3%9Cleandmise%20akt.docx",
    );
    const events = await eventStore.readStream(purchaseStreamId(purchaseId));
    const downloaded = events.filter((e) => e.type === 'PurchaseFilesDownloaded').map((e) => e.data);
    expect(downloaded).toEqual([
      {
        purchaseId,
        archive: false,
        files: [
          { documentId: lease.documentId, fileId: lease.files[1]!.fileId, uploaderId: lease.uploaderId },
        ],
        downloadedAt: expect.any(String),
      },
    ]);
  });

  it('streams the zip of every file, each entry byte for byte as uploaded, in a folder per document', async () => {
    const { purchaseId } = await buy([lease, power]);
    const response = await bytes((await summary(purchaseId)).archiveUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
    const entries = await unzip(response.body);
    expect([...entries.keys()]).toEqual([
      'Üürileping/Üürileping.docx',
      'Üürileping/Üleandmise akt.docx',
      'Volikiri/Volikiri.pdf',
    ]);
    expect(entries.get('Üürileping/Üürileping.docx')!.equals(lease.files[0]!.bytes)).toBe(true);
    expect(entries.get('Üürileping/Üleandmise akt.docx')!.equals(lease.files[1]!.bytes)).toBe(true);
    expect(entries.get('Volikiri/Volikiri.pdf')!.equals(power.files[0]!.bytes)).toBe(true);
    const types = await streamEventTypes(server, purchaseStreamId(purchaseId));
    expect(types.filter((t) => t === 'PurchaseFilesDownloaded')).toHaveLength(1);
  });

  it('keeps the files downloadable after the uploader deleted the document', async () => {
    const document = await publishDocumentWithFiles(server, {
      title: 'Kustutatav leping',
      price: 500,
      files: [{ title: 'Leping', format: 'docx' }],
    });
    const { purchaseId } = await buy([document]);
    await changeDocument(server, {
      type: 'DeleteDocument',
      data: { documentId: document.documentId },
      context: { actorId: document.uploaderId, now: clock.now() },
    });
    const response = await bytes((await summary(purchaseId)).documents[0]!.files[0]!.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.body.equals(document.files[0]!.bytes)).toBe(true);
  });

  it('refuses to download from an unpaid purchase, even with a correctly signed link', async () => {
    const { purchaseId } = await checkOut(server, [lease]);
    const body = await summary(purchaseId);
    expect(body.status).toBe('pending');
    expect(body.archiveUrl).toBeNull();
    expect(body.documents[0]!.files.every((f) => f.downloadUrl === null)).toBe(true);
    const links = server.app.get(PurchaseLinks);
    const inAnHour = new Date(clock.now().getTime() + HOUR);
    const keyId = await keyIdOf(purchaseId);
    const signed = new URL(links.signed(purchaseId, keyId, { fileId: lease.files[0]!.fileId }, inAnHour));
    const file = await call(server, 'GET', `${signed.pathname}${signed.search}`);
    expect(file.status).toBe(403);
    expect(file.body.code).toBe('PURCHASE.NOT_PAID');
    const zip = await bytes(links.signed(purchaseId, keyId, 'archive', inAnHour));
    expect(zip.status).toBe(403);
  });

  it('refuses a link with a changed signature, or one for another file', async () => {
    const { purchaseId } = await buy([lease]);
    const url = new URL((await summary(purchaseId)).documents[0]!.files[0]!.downloadUrl!);
    const forged = new URL(url);
    forged.searchParams.set('signature', '0'.repeat(64));
    expect((await bytes(forged.toString())).status).toBe(403);
    const other = url.toString().replace(lease.files[0]!.fileId, lease.files[1]!.fileId);
    expect((await bytes(other)).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await bytes(later.toString())).status).toBe(403);
  });

  it("an expired link is refused; the payer asks for fresh links, which go to the payer's address only and end the old key", async () => {
    const { purchaseId, email } = await buy([lease]);
    const oldKey = await buyerKeyOf(server, purchaseId);
    const old = (await summary(purchaseId)).documents[0]!.files[0]!.downloadUrl!;
    clock.advance(24 * HOUR + 60_000);
    const expired = await call(server, 'GET', new URL(old).pathname + new URL(old).search, undefined, {
      'accept-language': 'en',
    });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: 'PURCHASE.LINKS_EXPIRED',
      message: 'The download links have expired. You can ask for new ones.',
    });
    const later = await summary(purchaseId);
    expect(later).toMatchObject({ linksExpired: true, archiveUrl: null });

    const number = later.number;
    const request = (body: object) => call(server, 'POST', '/api/purchases/links-request', body);
    const stranger = `${randomUUID()}@example.ee`;
    expect((await request({ email: stranger, purchaseNumber: number })).status).toBe(202);
    expect((await request({ email, purchaseNumber: 'ABCDEF12' })).status).toBe(202);
    expect(await mailsTo(server, stranger)).toEqual([]);
    expect((await mailsTo(server, email)).filter((m) => m.subject.includes('Uued'))).toEqual([]);
    const invalid = await request({ email: 'nobody', purchaseNumber: 'xyz' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors as object).sort()).toEqual(['email', 'purchaseNumber']);

    expect((await request({ email: email.toUpperCase(), purchaseNumber: number.toLowerCase() })).status).toBe(
      202,
    );
    const fresh = (await mailsTo(server, email)).find((m) => m.subject.includes('Uued allalaadimislingid'));
    expect(fresh).toBeDefined();
    // The mail's summary link carries the new key; the old key and every link made under it are dead.
    const newKey = keyInUrl(linksIn(fresh!.text).find((l) => l.includes('/ostu-kokkuvote/'))!);
    expect(newKey).toBe(await buyerKeyOf(server, purchaseId));
    expect(newKey).not.toBe(oldKey);
    const withOld = await call(server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
      'x-purchase-key': oldKey,
    });
    expect(withOld.status).toBe(404);
    const oldLink = await call(server, 'GET', new URL(old).pathname + new URL(old).search);
    expect(oldLink).toMatchObject({ status: 403, body: { code: 'PURCHASE.LINK_INVALID' } });
    const link = linksIn(fresh!.text).find((l) => l.includes(`/files/${lease.files[0]!.fileId}`))!;
    const again = await bytes(link);
    expect(again.status).toBe(200);
    expect(again.body.equals(lease.files[0]!.bytes)).toBe(true);
    expect((await summary(purchaseId)).linksExpired).toBe(false);
    expect(await streamEventTypes(server, purchaseStreamId(purchaseId))).toContain('PurchaseLinksRenewed');
  });

  it("a person following an expired or changed link is sent to the purchase's page in its language, which names the case; a script gets the JSON", async () => {
    const { purchaseId } = await buy([lease]);
    const body = await summary(purchaseId);
    const file = new URL(body.documents[0]!.files[0]!.downloadUrl!);
    const archive = new URL(body.archiveUrl!);
    const forged = new URL(file);
    forged.searchParams.set('signature', '0'.repeat(64));
    // As a browser follows a link from the mail (its own language English, the purchase's Estonian).
    const follow = (url: URL) =>
      supertest(server.url)
        .get(url.pathname + url.search)
        .set('Sec-Fetch-Mode', 'navigate')
        .set('Accept', 'text/html,application/xhtml+xml')
        .set('Accept-Language', 'en');
    const page = (response: supertest.Response) => ({
      status: response.status,
      location: (response.headers as Record<string, string | undefined>).location ?? null,
    });
    const summaryPage = `${server.url}/ostu-kokkuvote/${purchaseId}`;
    expect(page(await follow(forged))).toEqual({ status: 303, location: `${summaryPage}?link=invalid` });

    clock.advance(24 * HOUR + 60_000);
    for (const link of [file, archive])
      expect(page(await follow(link))).toEqual({ status: 303, location: `${summaryPage}?link=expired` });
    // A script (no navigation) still gets the API's answer.
    const scripted = await supertest(server.url)
      .get(file.pathname + file.search)
      .set('Accept', 'application/json');
    expect(scripted.status).toBe(410);
    expect(scripted.body).toMatchObject({ code: 'PURCHASE.LINKS_EXPIRED' });
    // A purchase that does not exist: the visitor's own language.
    const unknown = new URL(file.toString().replace(purchaseId, randomUUID()));
    expect(page(await follow(unknown)).location).toMatch(/\/en\/purchase-summary\/[0-9a-f-]+\?link=invalid$/);
  });

  it("issues the VAT invoice PDF with the contents Art. 226 and § 37 ask for, in the buyer's language", async () => {
    const { purchaseId } = await buy([lease, power], { invoice: INVOICE });
    const body = await summary(purchaseId);
    expect(body.invoice?.number).toMatch(/^LT-\d{6}$/);
    const pdf = await bytes(body.documentUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    const text = pdfText(pdf.body);
    for (const expected of [
      'ARVE',
      body.invoice!.number!,
      'Lepinguturg OÜ',
      'Narva mnt 5, 10117 Tallinn, Estonia',
      'KMKR nr: EE102345678',
      'Maasikas ja Partnerid OÜ',
      'Registrikood: 12345678',
      'KMKR nr: EE101234567',
      'Tartu mnt 1, 10115 Tallinn',
      'Üürileping',
      'Volikiri',
      'Maksustatav summa 24%',
      '20,08',
      '4,82',
      '24,90',
      'Teenuse osutamise kuupäev',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives everyone else a receipt, not an invoice; English for an English buyer', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: power.documentId });
    await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      {
        email: 'john@example.com',
        firstName: 'John',
        lastName: 'Smith',
        address: '1 High Street, London',
        country: 'GB',
        countryOfResidence: 'GB',
        previewsSeen: true,
        termsAccepted: true,
        invoice: null,
        paymentMethod: 'card:mastercard',
        // Outside the EU: the net price, no EU VAT.
        expectedTotal: 798,
      },
      { 'accept-language': 'en' },
    );
    const { body } = await call(server, 'POST', `/api/baskets/${basketId}/checkout`);
    await payAndReturn(body.paymentUrl as string, 'success');
    await settle();
    const text = pdfText((await bytes((await summary(body.purchaseId as string)).documentUrl!)).body);
    expect(text).toContain('RECEIPT');
    expect(text).toContain('This is a payment receipt, not a VAT invoice.');
    expect(text).toContain('John Smith');
    expect(text).toContain('Mastercard');
    expect(text).toContain('Not subject to EU VAT');
    expect(text).not.toContain('INVOICE');
    // Receipts have a series of their own (Accounting Act § 7), not the purchase number.
    expect(text).toMatch(/KV-\d{6}/);
  });

  it('shows admins the purchases, one purchase with its whole history, and the invoices with their PDFs', async () => {
    const { purchaseId, email } = await buy([lease], { invoice: INVOICE });
    const auth = { authorization: await adminToken() };
    const list = await call(
      server,
      'GET',
      `/api/admin/purchases?q=${encodeURIComponent(email)}`,
      undefined,
      auth,
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: purchaseId,
        status: 'paid',
        invoiceName: INVOICE.companyName,
        payer: { firstName: 'Mari', lastName: 'Maasikas', email },
        paidAt: expect.any(String),
        canceledAt: null,
      }),
    ]);
    const one = await call(server, 'GET', `/api/admin/purchases/${purchaseId}`, undefined, auth);
    expect((one.body.history as { type: string }[]).map((h) => h.type)).toEqual([
      'PurchaseCreated',
      'PurchaseAccessKeyIssued',
      'PurchasePaymentStarted',
      'PurchasePaid',
      'BasketConverted',
      'InvoiceNumberAssigned',
      'PurchaseConfirmationSent',
    ]);
    // Each event with its whole data, the PurchaseCreated's too (the read model keeps that one only once, as the
    // purchase's own fields): as recorded, in the event's field order.
    const recorded = await eventStore.readStream(purchaseStreamId(purchaseId));
    const history = one.body.history as { type: string; data: Record<string, unknown> }[];
    const created = recorded.find((e) => e.type === 'PurchaseCreated')!.data as Record<string, unknown>;
    expect(history[0]!.data).toEqual(JSON.parse(JSON.stringify(created)));
    expect(Object.keys(history[0]!.data)).toEqual(Object.keys(created));
    const paid = recorded.find((e) => e.type === 'PurchasePaid')!.data;
    expect(history.find((h) => h.type === 'PurchasePaid')!.data).toEqual(JSON.parse(JSON.stringify(paid)));
    const invoices = await call(
      server,
      'GET',
      `/api/admin/invoices?q=${one.body.invoice.number as string}`,
      undefined,
      auth,
    );
    expect(invoices.body.items).toHaveLength(1);
    expect(invoices.body.items[0]).toMatchObject({
      purchaseId,
      companyName: INVOICE.companyName,
      total: 1500,
    });
    expect((await bytes(invoices.body.items[0].pdfUrl as string)).status).toBe(200);
    const buyer = DEMO_ACCOUNTS.find((a) => a.role === 'buyer')!;
    const notAdmin = `Bearer ${await issuer.idToken({ sub: buyer.userId, email: buyer.email })}`;
    expect(
      (await call(server, 'GET', '/api/admin/purchases', undefined, { authorization: notAdmin })).status,
    ).toBe(403);
  });
});

interface PurchaseSummaryBody {
  id: string;
  number: string;
  status: string;
  paidAt: string | null;
  linksValidUntil: string | null;
  linksExpired: boolean;
  archiveUrl: string | null;
  documentUrl: string | null;
  invoice: { number: string | null } | null;
  documents: {
    title: string;
    uploaderName: string;
    files: { fileId: string; fileName: string; downloadUrl: string | null }[];
  }[];
}
