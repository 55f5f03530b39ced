import { randomUUID } from 'node:crypto';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { receiptSeriesStreamId } from '../../server/src/events/invoice.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import {
  type ConfirmationBody,
  type UploadedDocument,
  aConfirmation,
  call,
  checkOut,
  payAndReturn,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  vatQuote,
} from '../support/buying';
import { fatalEn16931Failures, prepareEn16931 } from '../support/en16931';
import { pdfText } from '../support/pdf-text';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

async function download(url: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const response = await fetch(url);
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
  };
}

interface ReturnLine {
  key: string;
  taxableAmount: number;
  vatAmount: number;
  sales: { purchaseId: string }[];
}
interface Reconciliation {
  ledger: number;
  returned: number;
  balances: boolean;
}
interface Kmd {
  lines: ReturnLine[];
  vatDue: number;
  ecSalesList: { vatNumber: string; taxableAmount: number }[];
  oss: ReturnLine;
  outsideEu: ReturnLine;
  reconciliation: Reconciliation;
}
interface Oss {
  lines: ReturnLine[];
  vatAmount: number;
  reconciliation: Reconciliation;
}
interface Summary {
  vat: Record<string, unknown>;
  documentUrl: string;
  eInvoiceUrl: string;
  documentNumber: string | null;
  invoice: { number: string } | null;
}

/** The purchases behind a return's line. */
const idsOf = (line: ReturnLine | undefined): string[] => (line?.sales ?? []).map((s) => s.purchaseId);

const FINNISH_COMPANY = { companyName: 'Esimerkki Oy', registryCode: '2077474-0', vatNumber: 'FI20774740' };
const ESTONIAN_COMPANY = {
  companyName: 'Maasikas ja Partnerid OÜ',
  registryCode: '12345678',
  vatNumber: 'EE101234567',
};
const NORDEA = 'banklink:fi:nordea';

/** 24 % of the net, half up: the Estonian price's own net and VAT. */
const netOf = (price: number) => price - Math.floor((price * 2400 + 6_200) / 12_400);

/**
 * The issue's buyers, each through the real HTTP API and the embedded gateway: the VAT decided, kept in
 * the purchase's events with its evidence and VIES's answer, the invoice PDF and EN 16931 XML (validated
 * by the official schematron), the ledger's postings and the VAT returns' lines.
 */
describe('VAT by buyer: Estonian, EU business, EU consumers before and after EUR 10,000, outside the EU', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let events: EventStore;
  let contract: UploadedDocument;
  let expensive: UploadedDocument[];
  let accountant: string;

  const settle = () => server.app.get(EmbeddedTestGateway).settled();
  const summary = async (id: string): Promise<Summary> => (await purchaseAsBuyer(server, id)).body as Summary;
  const kmdOf = async (): Promise<Kmd> => (await accounting(`vat/kmd?month=${month()}`)).body as Kmd;
  const ossOf = async (quarter: string): Promise<Oss> =>
    (await accounting(`vat/oss?quarter=${quarter}`)).body as Oss;
  const created = async (purchaseId: string) => {
    const [first] = await events.readStream(purchaseStreamId(purchaseId));
    return first!.data as {
      vat: Record<string, unknown> & { vies: Record<string, unknown> | null };
      totals: { price: number; vat: number; licenceFee: number };
    };
  };
  const accounting = (path: string) =>
    call(server, 'GET', `/api/accounting/${path}`, undefined, { authorization: accountant });
  const buy = async (documents: UploadedDocument[], form: Partial<ConfirmationBody>) => {
    const bought = await checkOut(server, documents, { email: `${randomUUID()}@example.com`, ...form });
    const paid = await payAndReturn(bought.paymentUrl, 'success');
    expect(paid.status).toBe(303);
    await settle();
    await server.app.get(ProjectionRunner).waitFor(await events.headPosition());
    return bought;
  };
  const journal = async (purchaseId: string) =>
    (await accounting(`journal?purchaseId=${purchaseId}`)).body.items[0].entries as {
      account: string;
      movement: string;
      debit: number;
      credit: number;
    }[];
  const month = () => new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    prepareEn16931();
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env });
    events = server.app.get<EventStore>(EVENT_STORE);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    accountant = `Bearer ${await issuer.idToken({ sub: admin.userId, email: admin.email })}`;
    contract = await publishDocumentWithFiles(server, {
      title: 'Töövõtuleping',
      price: 2480,
      files: [{ title: 'Töövõtuleping', format: 'docx' }],
    });
    // Thirteen documents at the highest price (EUR 1,000): together past the EUR 10,000 threshold.
    expensive = [];
    for (let i = 0; i < 13; i++) {
      expensive.push(
        await publishDocumentWithFiles(server, {
          title: `Aktsionäride leping ${i + 1}`,
          price: 100_000,
          files: [{ title: 'Leping', format: 'pdf' }],
        }),
      );
    }
  }, 300_000);
  afterAll(async () => {
    await settle();
    await server.close();
    await issuer.close();
  });

  it('an Estonian company: 24 % Estonian VAT, the invoice and its e-invoice, the VAT payable, KMD line 1', async () => {
    const { purchaseId, total } = await buy([contract], { invoice: ESTONIAN_COMPANY });
    expect(total).toBe(2480);
    const fact = await created(purchaseId);
    expect(fact.vat).toMatchObject({
      treatment: 'domestic',
      reason: 'estonian-buyer',
      buyerCountry: 'EE',
      vatCountry: 'EE',
      rate: 2400,
      buyerVatNumber: 'EE101234567',
      evidence: [
        { kind: 'billing-address', country: 'EE' },
        { kind: 'payment-method', country: 'EE', detail: 'banklink:ee:swedbank' },
      ],
      vies: null,
    });
    expect(fact.totals).toMatchObject({ licenceFee: 2000, vat: 480, price: 2480 });
    const body = await summary(purchaseId);
    expect(body.vat).toEqual({ treatment: 'domestic', rate: 2400, vatCountry: 'EE', buyerCountry: 'EE' });
    const text = pdfText((await download(body.documentUrl)).body);
    expect(text).toMatch(/Maksustatav summa 24%\s+20,00/);
    expect(text).toMatch(/Käibemaks 24%\s+4,80/);
    expect(text).toContain('EE101234567');
    expect(text).not.toContain('Pöördmaksustamine');
    const xml = await download(body.eInvoiceUrl);
    expect(xml.type).toMatch(/^application\/xml/);
    expect(fatalEn16931Failures(xml.body.toString('utf8'))).toEqual([]);
    expect(xml.body.toString('utf8')).toContain(`<cbc:ID>${body.invoice?.number ?? ''}</cbc:ID>`);
    expect(await journal(purchaseId)).toEqual(
      expect.arrayContaining([{ account: 'vat-payable', movement: 'vat', debit: 0, credit: 480 }]),
    );
    const kmd = await kmdOf();
    expect(idsOf(kmd.lines.find((l) => l.key === '1'))).toContain(purchaseId);
  });

  it('a Finnish company valid in VIES: reverse charge, "Reverse charge" and both VAT numbers, no VAT posted, KMD 3.1 and VD', async () => {
    const form = { invoice: FINNISH_COMPANY, country: 'FI', paymentMethod: NORDEA };
    const quoteBasket = randomUUID();
    await call(server, 'POST', `/api/baskets/${quoteBasket}/documents`, { documentId: contract.documentId });
    const quote: unknown = await vatQuote(server, quoteBasket, form);
    expect(quote).toMatchObject({
      state: 'decided',
      treatment: 'reverse-charge',
      rate: 0,
      vat: 0,
      subtotal: 2000,
      total: 2000,
      vies: { status: 'valid', vatNumber: 'FI20774740' },
    });
    const { purchaseId, total } = await buy([contract], form);
    expect(total).toBe(2000);
    const fact = await created(purchaseId);
    expect(fact.vat).toMatchObject({
      treatment: 'reverse-charge',
      reason: 'eu-business',
      buyerCountry: 'FI',
      vatCountry: null,
      rate: 0,
      buyerVatNumber: 'FI20774740',
      vies: { status: 'valid', vatNumber: 'FI20774740', registry: 'embedded-test-registry' },
    });
    expect(fact.vat.vies!['consultationNumber']).toMatch(/^TEST-[0-9A-F]{12}$/);
    expect(fact.totals).toMatchObject({ licenceFee: 2000, vat: 0, price: 2000 });
    const body = await summary(purchaseId);
    const text = pdfText((await download(body.documentUrl)).body);
    expect(text).toContain('Pöördmaksustamine');
    expect(text).toContain('FI20774740');
    expect(text).toContain('EE102345678');
    const xml = (await download(body.eInvoiceUrl)).body.toString('utf8');
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).toContain('<cbc:ID>AE</cbc:ID>');
    const entries = await journal(purchaseId);
    expect(entries.filter((e) => e.movement === 'vat')).toEqual([]);
    expect(entries[0]).toEqual({
      account: 'buyer-payments',
      movement: 'payment-received',
      debit: 2000,
      credit: 0,
    });
    const kmd = await kmdOf();
    expect(idsOf(kmd.lines.find((l) => l.key === '3.1'))).toContain(purchaseId);
    expect(kmd.ecSalesList.find((e) => e.vatNumber === 'FI20774740')?.taxableAmount).toBeGreaterThanOrEqual(
      2000,
    );
  });

  it('a Finnish consumer below the threshold pays Estonian VAT, counted toward it; past it, Finland’s 25.5 % through the OSS', async () => {
    const consumer = {
      country: 'FI',
      paymentMethod: NORDEA,
      invoice: { companyName: 'Liisa Laine', registryCode: '', vatNumber: null },
    };
    const before = await buy([contract], consumer);
    const beforeFact = await created(before.purchaseId);
    expect(beforeFact.vat).toMatchObject({
      treatment: 'domestic',
      reason: 'eu-consumer-below-threshold',
      buyerCountry: 'FI',
      vatCountry: 'EE',
      rate: 2400,
      crossBorderSales: { threshold: 1_000_000 },
    });
    expect(beforeFact.totals.price).toBe(2480);

    // Thirteen documents of EUR 1,000: this purchase passes EUR 10,000 and is the first taxed in Finland.
    const crossing = await buy(expensive, consumer);
    const crossingFact = await created(crossing.purchaseId);
    const net = 13 * netOf(100_000);
    expect(crossingFact.vat).toMatchObject({
      treatment: 'oss',
      reason: 'eu-consumer',
      vatCountry: 'FI',
      rate: 2550,
    });
    expect(crossingFact.totals).toMatchObject({
      licenceFee: net,
      vat: Math.floor((net * 2550 + 5_000) / 10_000),
    });

    const after = await buy([contract], consumer);
    const afterFact = await created(after.purchaseId);
    expect(afterFact.vat).toMatchObject({ treatment: 'oss', vatCountry: 'FI', rate: 2550 });
    expect(afterFact.totals).toMatchObject({ licenceFee: 2000, vat: 510, price: 2510 });
    const body = await summary(after.purchaseId);
    const text = pdfText((await download(body.documentUrl)).body);
    expect(text).toMatch(/Käibemaks 25,5%\s+5,10/);
    expect(text).toContain('FI');
    expect(fatalEn16931Failures((await download(body.eInvoiceUrl)).body.toString('utf8'))).toEqual([]);
    expect(await journal(after.purchaseId)).toEqual(
      expect.arrayContaining([{ account: 'oss-vat-payable', movement: 'vat', debit: 0, credit: 510 }]),
    );
    const quarter = `${month().slice(0, 4)}-Q${Math.floor((Number(month().slice(5)) - 1) / 3) + 1}`;
    const oss = await ossOf(quarter);
    expect(idsOf(oss.lines.find((l) => l.key === 'FI|2550'))).toEqual(
      expect.arrayContaining([crossing.purchaseId, after.purchaseId]),
    );
    const kmd = await kmdOf();
    expect(idsOf(kmd.lines.find((l) => l.key === '1'))).toContain(before.purchaseId);
    expect(idsOf(kmd.oss)).toContain(after.purchaseId);
  }, 120_000);

  it('a German consumer paying by card is asked where she lives, then pays Germany’s 19 % (after the threshold)', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: contract.documentId });
    const form = { country: 'DE', paymentMethod: 'card:visa' };
    expect(await vatQuote(server, basketId, form)).toMatchObject({
      state: 'question',
      question: { kind: 'confirmation', options: ['DE'] },
      total: null,
    });
    const unasked = await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      aConfirmation(2261, form),
      {
        'accept-language': 'en',
      },
    );
    expect(unasked.status).toBe(409);
    expect(unasked.body.code).toBe('VAT.COUNTRY_QUESTION');
    expect(unasked.body.errors.countryOfResidence[0]).toContain('DE');
    const { purchaseId, total } = await buy([contract], { ...form, countryOfResidence: 'DE' });
    expect(total).toBe(2000 + 380);
    expect((await created(purchaseId)).vat).toMatchObject({
      treatment: 'oss',
      vatCountry: 'DE',
      rate: 1900,
      evidence: [
        { kind: 'billing-address', country: 'DE' },
        { kind: 'buyer-declaration', country: 'DE' },
      ],
    });
    expect(await journal(purchaseId)).toEqual(
      expect.arrayContaining([{ account: 'oss-vat-payable', movement: 'vat', debit: 0, credit: 380 }]),
    );
  });

  it('a British buyer: no EU VAT, shown as such on the invoice, its XML without VAT numbers', async () => {
    const { purchaseId, total } = await buy([contract], {
      country: 'GB',
      paymentMethod: 'card:visa',
      countryOfResidence: 'GB',
      invoice: { companyName: 'Example Ltd', registryCode: '01234567', vatNumber: 'GB123456789' },
    });
    expect(total).toBe(2000);
    expect((await created(purchaseId)).vat).toMatchObject({
      treatment: 'outside-scope',
      reason: 'outside-eu',
      rate: 0,
    });
    const body = await summary(purchaseId);
    const text = pdfText((await download(body.documentUrl)).body);
    expect(text).toContain('Ei kuulu ELi käibemaksuga maksustamisele');
    const xml = (await download(body.eInvoiceUrl)).body.toString('utf8');
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).not.toContain('GB123456789');
    expect((await journal(purchaseId)).filter((e) => e.movement === 'vat')).toEqual([]);
    expect(idsOf((await kmdOf()).outsideEu)).toContain(purchaseId);
  });

  it('free templates ("Get it free", no country asked) are no sale on any return, not "outside the EU"', async () => {
    const free = await publishDocumentWithFiles(server, {
      title: 'Tasuta volikiri',
      price: 0,
      files: [{ title: 'Volikiri', format: 'docx' }],
    });
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: free.documentId });
    const got = await call(server, 'POST', `/api/baskets/${basketId}/free-checkout`, {
      email: `${randomUUID()}@example.ee`,
      termsAccepted: true,
    });
    expect(got.status).toBe(200);
    const purchaseId = got.body.purchaseId as string;
    expect((await created(purchaseId)).vat).toMatchObject({
      treatment: 'outside-scope',
      reason: 'free-of-charge',
      buyerCountry: null,
      rate: 0,
    });
    const kmd = await kmdOf();
    const listed = [...kmd.lines.flatMap(idsOf), ...idsOf(kmd.oss), ...idsOf(kmd.outsideEu)];
    expect(listed).not.toContain(purchaseId);
  });

  it('shows a VIES outage to the buyer instead of a zero rate; paying with VAT is recorded with the outage', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: contract.documentId });
    const form = {
      country: 'FI',
      paymentMethod: NORDEA,
      invoice: { companyName: 'Katko Oy', registryCode: '1234567-8', vatNumber: 'FI99999992' },
    };
    expect(await vatQuote(server, basketId, form)).toMatchObject({
      state: 'vies-unavailable',
      vies: { status: 'unavailable', error: 'MS_UNAVAILABLE' },
      total: null,
    });
    const refused = await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      aConfirmation(2000, form),
    );
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('VAT.VIES_UNAVAILABLE');
    const { purchaseId } = await buy([contract], { ...form, payWithVatWhileViesUnavailable: true });
    const fact = await created(purchaseId);
    expect(fact.vat).toMatchObject({
      reason: 'eu-business-not-confirmed',
      vies: { status: 'unavailable', error: 'MS_UNAVAILABLE', consultationNumber: null },
    });
    expect(fact.totals.vat).toBeGreaterThan(0);
  });

  it('refuses a VAT number VIES does not know, on its field, in the buyer’s language', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: contract.documentId });
    const form = {
      country: 'FI',
      paymentMethod: NORDEA,
      invoice: { companyName: 'Tuntematon Oy', registryCode: '1234567-1', vatNumber: 'FI12345671' },
    };
    expect((await vatQuote(server, basketId, form)).state).toBe('vies-invalid');
    const refused = await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      aConfirmation(2000, form),
      {
        'accept-language': 'en',
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors['invoice.vatNumber'][0]).toMatch(/VIES/);
  });

  it('asks the buyer when the billing address and the bank contradict each other, and follows the answer', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: contract.documentId });
    const form = { country: 'FI', paymentMethod: 'banklink:ee:swedbank' };
    expect(await vatQuote(server, basketId, form)).toMatchObject({
      state: 'question',
      question: { kind: 'contradiction', options: ['FI', 'EE'] },
    });
    const { purchaseId, total } = await buy([contract], { ...form, countryOfResidence: 'EE' });
    expect(total).toBe(2480);
    expect((await created(purchaseId)).vat).toMatchObject({ treatment: 'domestic', buyerCountry: 'EE' });
  });

  it('numbers receipts in their own series, gap-free, for purchases paid at once', async () => {
    const stream = receiptSeriesStreamId('KV');
    const before = (await events.readStream(stream)).length;
    const bought = await Promise.all(Array.from({ length: 12 }, () => buy([contract], {})));
    const numbers = (await events.readStream(stream)).map(
      (e) => e.data as { sequence: number; purchaseId: string },
    );
    expect(numbers.map((n) => n.sequence)).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
    expect(new Set(numbers.slice(before).map((n) => n.purchaseId))).toEqual(
      new Set(bought.map((b) => b.purchaseId)),
    );
    const body = await summary(bought[0]!.purchaseId);
    expect(body.documentNumber).toMatch(/^KV-\d{6}$/);
    expect(body.eInvoiceUrl).toBeNull();
    expect(pdfText((await download(body.documentUrl)).body)).toContain(body.documentNumber);
  }, 120_000);

  it('reconciles the month’s KMD and the quarter’s OSS return with the ledger, and exports them as CSV', async () => {
    const kmd = await kmdOf();
    expect(kmd.reconciliation.balances).toBe(true);
    expect(kmd.reconciliation.ledger).toBe(kmd.vatDue);
    const quarter = `${month().slice(0, 4)}-Q${Math.floor((Number(month().slice(5)) - 1) / 3) + 1}`;
    const oss = await ossOf(quarter);
    expect(oss.reconciliation).toMatchObject({ balances: true });
    expect(oss.vatAmount).toBeGreaterThan(0);
    // In the spreadsheet dialect of the request's language: English commas and points…
    const english = { authorization: accountant, 'accept-language': 'en' };
    const csv = await call(
      server,
      'GET',
      `/api/accounting/vat/oss.csv?quarter=${quarter}`,
      undefined,
      english,
    );
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toMatch(new RegExp(`${quarter},EE,FI,SERVICES,STANDARD,25\\.50,`));
    const kmdCsv = await call(
      server,
      'GET',
      `/api/accounting/vat/kmd.csv?month=${month()}`,
      undefined,
      english,
    );
    expect(kmdCsv.body).toMatch(new RegExp(`${month()},VD,FI20774740,`));
    // …and Estonian (the shop's own language) with ';' and the decimal comma.
    expect((await accounting(`vat/oss.csv?quarter=${quarter}`)).body).toMatch(
      new RegExp(`${quarter};EE;FI;SERVICES;STANDARD;25,50;`),
    );
  });
});
