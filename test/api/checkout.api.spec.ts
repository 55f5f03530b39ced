import { randomUUID } from 'node:crypto';
import { basketStreamId } from '../../server/src/events/basket.events';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import {
  type UploadedDocument,
  aConfirmation,
  call,
  changeDocument,
  keyInUrl,
  linksIn,
  mailsTo,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

describe('Cart checkout API: SPEC §4 confirmation and every §5 cart rule (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let contract: UploadedDocument;
  let nda: UploadedDocument;
  const basketPath = (id: string) => `/api/baskets/${id}`;
  const add = (basketId: string, documentId: string) =>
    call(server, 'POST', `${basketPath(basketId)}/documents`, { documentId });
  const confirm = (
    basketId: string,
    body: object,
    headers: Record<string, string> = { 'accept-language': 'en' },
  ) => call(server, 'POST', `${basketPath(basketId)}/confirmation`, body, headers);
  const withDocuments = async (...documents: UploadedDocument[]) => {
    const basketId = randomUUID();
    let total = 0;
    for (const document of documents) total = (await add(basketId, document.documentId)).body.total as number;
    return { basketId, total };
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env });
    contract = await publishDocumentWithFiles(server, {
      title: 'Töövõtuleping',
      price: 2480,
      files: [{ title: 'Töövõtuleping', format: 'docx' }],
    });
    nda = await publishDocumentWithFiles(server, {
      title: 'Konfidentsiaalsuskokkulepe',
      price: 1240,
      files: [{ title: 'Kokkulepe', format: 'docx' }],
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it("offers the gateway's Estonian bank links (Swedbank, SEB, LHV, Luminor, Coop Pank) and cards", async () => {
    const { basketId } = await withDocuments(contract);
    const { body } = await call(server, 'GET', `${basketPath(basketId)}/payment-methods`);
    expect((body.methods as { id: string }[]).map((m) => m.id)).toEqual([
      'banklink:ee:swedbank',
      'banklink:ee:seb',
      'banklink:ee:lhv',
      'banklink:ee:luminor',
      'banklink:ee:coop',
      'card:visa',
      'card:mastercard',
    ]);
    expect(body.methods[4]).toEqual({
      id: 'banklink:ee:coop',
      group: 'banklink',
      name: 'coop',
      displayName: 'Coop Pank',
      country: 'ee',
    });
    expect((await call(server, 'GET', `${basketPath(randomUUID())}/payment-methods`)).body).toEqual({
      methods: [],
    });
  });

  it('confirms: stores the buyer, the methods, the ticks; the basket reads confirmed', async () => {
    const { basketId, total } = await withDocuments(contract, nda);
    const confirmed = await confirm(basketId, aConfirmation(total));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      confirmed: true,
      total: 3720,
      paymentMethods: expect.arrayContaining(['banklink:ee:swedbank', 'card:visa']),
      checkout: {
        payer: { email: 'mari.maasikas@example.ee', firstName: 'Mari', lastName: 'Maasikas' },
        invoice: null,
        paymentMethod: 'banklink:ee:swedbank',
      },
    });
    expect(await streamEventTypes(server, basketStreamId(basketId))).toEqual([
      'BasketDocumentAdded',
      'BasketDocumentAdded',
      'BasketConfirmed',
    ]);
  });

  it('refuses an empty basket: "The basket is empty!"', async () => {
    const { status, body } = await confirm(randomUUID(), aConfirmation(0));
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'SHOPPING_CART.BASKET_EMPTY', message: 'The basket is empty!' });
  });

  it("asks for the previews-seen tick and the terms, with the messages in the buyer's language", async () => {
    const { basketId, total } = await withDocuments(contract);
    const en = await confirm(basketId, aConfirmation(total, { previewsSeen: false, termsAccepted: false }));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION.FORM_HAS_ERRORS',
      message: 'Form has errors!',
      errors: {
        previewsSeen: ['Please confirm that you have seen previews of sample documents for purchase'],
        termsAccepted: ['Shopping terms not accepted!'],
      },
    });
    const et = await confirm(basketId, aConfirmation(total, { termsAccepted: false }), {
      'accept-language': 'et',
    });
    expect(et.body.errors).toEqual({ termsAccepted: ['Ostutingimustega ei ole nõustutud!'] });
  });

  it("requires the payer's e-mail, names and address, and a valid e-mail", async () => {
    const { basketId, total } = await withDocuments(contract);
    const missing = await confirm(
      basketId,
      aConfirmation(total, { email: '', firstName: ' ', lastName: '', address: '' }),
    );
    expect(missing.body.errors).toEqual({
      email: ['Field is required'],
      firstName: ['Field is required'],
      lastName: ['Field is required'],
      address: ['Field is required'],
    });
    const invalid = await confirm(basketId, aConfirmation(total, { email: 'mari.example.ee' }));
    expect(invalid.body.errors).toEqual({ email: ['Invalid e-mail'] });
  });

  it('checks the invoice: a name required (a registry code only where there is one), the VAT number’s form', async () => {
    const { basketId, total } = await withDocuments(contract);
    const bad = await confirm(
      basketId,
      aConfirmation(total, { invoice: { companyName: '', registryCode: '', vatNumber: 'EE1234' } }),
    );
    expect(bad.body.errors).toEqual({
      'invoice.companyName': ['Field is required'],
      'invoice.vatNumber': ['Invalid VAT number (for example EE102345678)'],
    });
    const good = await confirm(
      basketId,
      aConfirmation(total, {
        invoice: { companyName: 'Firma OÜ', registryCode: '12345678', vatNumber: 'ee101234567' },
      }),
    );
    expect(good.body.checkout.invoice).toEqual({
      companyName: 'Firma OÜ',
      registryCode: '12345678',
      vatNumber: 'EE101234567',
    });
  });

  it('refuses a payment method the gateway does not offer', async () => {
    const { basketId, total } = await withDocuments(contract);
    const { body } = await confirm(basketId, aConfirmation(total, { paymentMethod: 'banklink:ee:nordea' }));
    expect(body.errors).toEqual({ paymentMethod: ['This value is not one of the allowed choices'] });
  });

  it('refuses a document already in the basket (same id), with the info code', async () => {
    const basketId = randomUUID();
    await add(basketId, nda.documentId);
    const again = await add(basketId, nda.documentId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET');
  });

  it('refuses a total the buyer did not see (the basket changed in another tab)', async () => {
    const { basketId, total } = await withDocuments(contract);
    const { status, body } = await confirm(basketId, aConfirmation(total - 1));
    expect(status).toBe(409);
    expect(body.code).toBe('SHOPPING_CART.PRICES_CHANGED');
  });

  it('shows the new total before paying when a price changed since the document was added', async () => {
    const document = await publishDocumentWithFiles(server, {
      title: 'Hinnamuutusega leping',
      price: 1000,
      files: [{ title: 'Leping', format: 'docx' }],
    });
    const { basketId, total } = await withDocuments(document);
    await changeDocument(server, {
      type: 'EditDocumentDetails',
      data: {
        documentId: document.documentId,
        details: {
          title: document.title,
          description: `${document.title}: a template for tests.`,
          author: null,
          language: 'et',
          fieldOfLaw: 'contract',
          applicableLaw: 'EE',
          tags: ['test'],
          year: 2026,
          price: 1500,
        },
      },
      context: { actorId: document.uploaderId, now: new Date() },
    });
    const refused = await confirm(basketId, aConfirmation(total));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SHOPPING_CART.PRICES_CHANGED');
    const basket = (await call(server, 'GET', basketPath(basketId))).body;
    expect(basket).toMatchObject({ total: 1500, vat: 290, confirmed: false });
    expect((await confirm(basketId, aConfirmation(basket.total))).status).toBe(200);
  });

  it('takes out a document its uploader unpublished since it was added', async () => {
    const document = await publishDocumentWithFiles(server, {
      title: 'Peagi avaldamata leping',
      price: 700,
      files: [{ title: 'Leping', format: 'docx' }],
    });
    const { basketId, total } = await withDocuments(document, nda);
    await changeDocument(server, {
      type: 'UnpublishDocument',
      data: { documentId: document.documentId },
      context: { actorId: document.uploaderId, now: new Date() },
    });
    expect((await confirm(basketId, aConfirmation(total))).body.code).toBe('SHOPPING_CART.PRICES_CHANGED');
    expect((await call(server, 'GET', basketPath(basketId))).body).toMatchObject({
      documentCount: 1,
      total: 1240,
    });
  });

  it('unconfirms when a document is added, and when the buyer reopens the details', async () => {
    const { basketId, total } = await withDocuments(contract);
    await confirm(basketId, aConfirmation(total));
    expect((await add(basketId, nda.documentId)).body).toMatchObject({
      confirmed: false,
      paymentMethods: null,
    });
    await confirm(basketId, aConfirmation(total + nda.price));
    const reopened = await call(server, 'DELETE', `${basketPath(basketId)}/confirmation`);
    expect(reopened.body).toMatchObject({
      confirmed: false,
      documentCount: 2,
      checkout: { paymentMethod: 'banklink:ee:swedbank' },
    });
  });

  it('goes to pay only from a confirmed basket, and a double click makes one purchase', async () => {
    const { basketId, total } = await withDocuments(contract);
    const early = await call(server, 'POST', `${basketPath(basketId)}/checkout`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('SHOPPING_CART.NOT_CONFIRMED');
    await confirm(basketId, aConfirmation(total));
    const [first, second] = await Promise.all([
      call(server, 'POST', `${basketPath(basketId)}/checkout`),
      call(server, 'POST', `${basketPath(basketId)}/checkout`),
    ]);
    const answered = [first, second].filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    const again = await call(server, 'POST', `${basketPath(basketId)}/checkout`);
    expect(again.status).toBe(200);
    for (const r of answered) expect(r.body.purchaseId).toBe(again.body.purchaseId);
    expect((await purchaseAsBuyer(server, again.body.purchaseId as string)).body).toMatchObject({
      status: 'pending',
      totals: { price: 2480 },
    });
    const types = await streamEventTypes(server, basketStreamId(basketId));
    expect(types.filter((t) => t === 'BasketCheckedOut')).toHaveLength(1);
  });

  it('takes a basket of free documents to paid without a gateway', async () => {
    const free = await publishDocumentWithFiles(server, {
      title: 'Tasuta näidisleping',
      price: 0,
      files: [{ title: 'Leping', format: 'docx' }],
    });
    const { basketId } = await withDocuments(free);
    expect((await call(server, 'GET', `${basketPath(basketId)}/payment-methods`)).body.methods).toEqual([
      { id: 'free', group: 'other', name: 'free', displayName: 'free', country: null },
    ]);
    expect((await confirm(basketId, aConfirmation(0, { paymentMethod: 'free' }))).status).toBe(200);
    const { body } = await call(server, 'POST', `${basketPath(basketId)}/checkout`);
    const key = keyInUrl(body.paymentUrl as string)!;
    // Straight to the files: no gateway, and no page that says "payment received" for 0 €.
    expect(body.paymentUrl).toBe(`${server.url}/en/purchase-summary/${body.purchaseId as string}#key=${key}`);
    const opened = await call(server, 'GET', `/api/purchases/${body.purchaseId as string}`, undefined, {
      'x-purchase-key': key,
    });
    expect(opened.body).toMatchObject({
      status: 'paid',
      totals: { price: 0 },
    });
  });

  it('gets free documents in one step with only the e-mail and the terms; the links come by mail, without a word of paying', async () => {
    const free = await publishDocumentWithFiles(server, {
      title: 'Tasuta volikiri',
      price: 0,
      files: [{ title: 'Volikiri', format: 'docx' }],
    });
    const email = `${randomUUID()}@example.ee`;
    const freeCheckout = (basketId: string, body: object, language = 'en') =>
      call(server, 'POST', `${basketPath(basketId)}/free-checkout`, body, { 'accept-language': language });
    const { basketId } = await withDocuments(free);
    const missing = await freeCheckout(basketId, { email: 'not an address', termsAccepted: false });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors as object).sort()).toEqual(['email', 'termsAccepted']);

    const got = await freeCheckout(basketId, { email, termsAccepted: true }, 'et');
    expect(got.status).toBe(200);
    const purchaseId = got.body.purchaseId as string;
    const key = keyInUrl(got.body.summaryUrl as string)!;
    expect(got.body.summaryUrl).toBe(`${server.url}/ostu-kokkuvote/${purchaseId}#key=${key}`);
    const opened = await call(server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
      'x-purchase-key': key,
    });
    expect(opened.body).toMatchObject({
      status: 'paid',
      totals: { price: 0 },
      payer: { email, firstName: '', lastName: '', address: '' },
    });
    expect(opened.body.documents[0].files[0].downloadUrl).toEqual(expect.any(String));
    const [mail] = await mailsTo(server, email);
    expect(mail!.subject).toBe(
      `Teie tasuta dokumendid Lepinguturult (nr ${purchaseId.slice(0, 8).toUpperCase()})`,
    );
    expect(mail!.text).toMatch(/^Tere!/);
    expect(mail!.text).not.toMatch(/makst|maks|Kviitung/i);
    expect(linksIn(mail!.text).some((link) => link.includes(`/files/`))).toBe(true);

    // A basket with something to pay goes the usual way.
    const { basketId: paid } = await withDocuments(free, nda);
    const refused = await freeCheckout(paid, { email, termsAccepted: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SHOPPING_CART.NOT_FREE' });
    expect((await freeCheckout(randomUUID(), { email, termsAccepted: true })).status).toBe(422);
  });

  it('links the purchase of a signed-in buyer to them: My purchases', async () => {
    const buyer = DEMO_ACCOUNTS.find((a) => a.role === 'buyer')!;
    const token = await issuer.idToken({ sub: buyer.userId, email: buyer.email });
    // The demo buyer has bought before (the seeded sales history); the new purchase comes first.
    const before = await call(server, 'GET', '/api/user/purchases', undefined, {
      authorization: `Bearer ${token}`,
    });
    const { basketId, total } = await withDocuments(nda);
    const confirmed = await confirm(basketId, aConfirmation(total), {
      'accept-language': 'et',
      authorization: `Bearer ${token}`,
    });
    expect(confirmed.status).toBe(200);
    const { body } = await call(server, 'POST', `${basketPath(basketId)}/checkout`);
    const mine = await call(server, 'GET', '/api/user/purchases', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(before.body.total + 1);
    expect((mine.body.items as { id: string }[])[0]!.id).toBe(body.purchaseId);
    expect(mine.body.items[0]).toMatchObject({ status: 'pending', total: 1240, documentTitles: [nda.title] });
    // An invalid token on the optional sign-in is a visitor, not an error.
    const visitor = await withDocuments(nda);
    const asVisitor = await confirm(visitor.basketId, aConfirmation(visitor.total), {
      authorization: 'Bearer nonsense',
    });
    expect(asVisitor.status).toBe(200);
    await call(server, 'POST', `${basketPath(visitor.basketId)}/checkout`);
    const still = await call(server, 'GET', '/api/user/purchases', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(still.body.total).toBe(before.body.total + 1);
  });
});
