import { randomUUID } from 'node:crypto';
import { PurchaseSweepScheduler } from '../../server/src/commands/purchase/purchase-sweep.scheduler';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { basketStreamId } from '../../server/src/events/basket.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { makeCommerceMac } from '../../server/src/infrastructure/payments/makecommerce-protocol';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
} from '../../server/src/infrastructure/payments/payment-gateway.port';
import { payAtEmbeddedGateway } from '../../server/src/infrastructure/payments/testing/embedded-gateway-driver';
import {
  type UploadedDocument,
  aConfirmation,
  buyerKeyOf,
  call,
  checkOut,
  keyInUrl,
  mailsTo,
  payAndReturn,
  postForm,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { aProfileForm } from '../support/profile-form';
import { TestClock } from '../support/test-clock';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const SECRET = 'payments-api-spec-secret-key';
const ADMIN = { sub: randomUUID(), email: 'ostude.ulevaataja@example.ee' };

describe('Payments through the MakeCommerce protocol (embedded test gateway, real HTTP)', () => {
  const clock = new TestClock();
  let issuer: TestIssuer;
  let server: TestServer;
  let gateway: PaymentGateway;
  let eventStore: EventStore;
  let lease: UploadedDocument;
  let guide: UploadedDocument;
  const returnUrl = () => `${server.url}/payments/makecommerce/return`;
  const cancelUrl = () => `${server.url}/payments/makecommerce/cancel`;
  const notificationUrl = () => `${server.url}/payments/makecommerce/notification`;
  const purchase = async (id: string): Promise<Record<string, unknown>> =>
    (await purchaseAsBuyer(server, id)).body as Record<string, unknown>;
  const basket = async (id: string): Promise<Record<string, unknown>> =>
    (await call(server, 'GET', `/api/baskets/${id}`)).body as Record<string, unknown>;
  const paidEvents = async (purchaseId: string) =>
    (await streamEventTypes(server, purchaseStreamId(purchaseId))).filter((t) => t === 'PurchasePaid');
  /** A message as MakeCommerce writes it, signed with the shop's key (what only the gateway can do). */
  const signed = (fields: Record<string, unknown>) => {
    const json = JSON.stringify({ message_type: 'payment_return', currency: 'EUR', ...fields });
    return { json, mac: makeCommerceMac(json, SECRET) };
  };
  const buyer = (email: string) => ({ email });
  /** A transaction made at the gateway directly (as only someone with the shop's key could). */
  const ownTransaction = (reference: string, amount: number) =>
    gateway.createTransaction({
      reference,
      amount,
      currency: 'EUR',
      customer: { email: 'x@example.ee', ip: '127.0.0.1', country: 'ee', locale: 'et' },
      returnUrl: returnUrl(),
      cancelUrl: cancelUrl(),
      notificationUrl: `${server.url}/nowhere`,
    });

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({
      clock,
      env: { ...issuer.env, MAKECOMMERCE_SECRET_KEY: SECRET, ADMIN_EMAILS: ADMIN.email },
    });
    const profile = await call(server, 'POST', '/api/user/update', aProfileForm({ acceptTerms: true }), {
      authorization: `Bearer ${await issuer.idToken({ sub: ADMIN.sub, email: ADMIN.email })}`,
    });
    expect(profile.status).toBe(200);
    gateway = server.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    lease = await publishDocumentWithFiles(server, {
      title: 'Üürileping korterile',
      price: 1500,
      files: [{ title: 'Üürileping', format: 'docx' }],
    });
    guide = await publishDocumentWithFiles(server, {
      title: 'Volikiri',
      price: 990,
      files: [{ title: 'Volikiri', format: 'pdf' }],
      uploader: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await server.app.get(EmbeddedTestGateway).settled();
    await server.close();
    await issuer.close();
  });
  const asAdmin = async (path: string) =>
    call(server, 'GET', path, undefined, {
      authorization: `Bearer ${await issuer.idToken({ sub: ADMIN.sub, email: ADMIN.email })}`,
    });

  it('pays by bank link: the return marks the purchase paid once, empties the basket and mails the links', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { basketId, purchaseId, paymentUrl } = await checkOut(server, [lease, guide], buyer(email));
    expect(paymentUrl).toMatch(/\/test-gateway\/pay\/.+method=banklink%3Aee%3Aswedbank$/);
    expect((await purchase(purchaseId)).status).toBe('pending');

    const back = await payAndReturn(paymentUrl, 'success');
    expect(back.status).toBe(303);
    // The buyer comes back with their access key in the address's fragment, and it opens the purchase.
    const key = await buyerKeyOf(server, purchaseId);
    expect(back.location).toBe(`${server.url}/maksekeskus/tagasi/${purchaseId}#key=${key}`);
    const opened = await call(server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
      'x-purchase-key': keyInUrl(back.location)!,
    });
    expect(opened.body).toMatchObject({ status: 'paid', totals: { price: 2490 } });
    expect(await basket(basketId)).toMatchObject({ documentCount: 0, confirmed: false });

    await server.app.get(EmbeddedTestGateway).settled();
    expect(await paidEvents(purchaseId)).toEqual(['PurchasePaid']);
    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Teie ost Lepinguturul');
    expect(await streamEventTypes(server, basketStreamId(basketId))).toContain('BasketConverted');
  });

  it('sends an English buyer back to the English return page', async () => {
    const basketId = randomUUID();
    await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: lease.documentId });
    const confirm = await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      {
        email: 'anna@example.com',
        firstName: 'Anna',
        lastName: 'Smith',
        address: '1 High Street, London',
        country: 'GB',
        // A card tells no country before paying: the buyer confirms where they live (outside the EU: no VAT).
        countryOfResidence: 'GB',
        previewsSeen: true,
        termsAccepted: true,
        invoice: null,
        paymentMethod: 'card:visa',
        expectedTotal: 1210,
      },
      { 'accept-language': 'en' },
    );
    expect(confirm.status).toBe(200);
    const { body } = await call(server, 'POST', `/api/baskets/${basketId}/checkout`);
    const back = await payAndReturn(body.paymentUrl, 'success');
    expect(back.location).toBe(
      `${server.url}/en/paymentcenter/return/${body.purchaseId}#key=${await buyerKeyOf(server, body.purchaseId)}`,
    );
    await server.app.get(EmbeddedTestGateway).settled();
    expect((await mailsTo(server, 'anna@example.com'))[0]?.subject).toContain('Your purchase at Lepinguturg');
  });

  it('refuses a forged MAC, a tampered amount and a missing MAC, and records nothing', async () => {
    const { purchaseId } = await checkOut(server, [lease]);
    // A transaction of the purchase whose gateway notification goes nowhere: only our posts reach the shop.
    const transaction = await ownTransaction(purchaseId, 1500);
    const returned = await payAtEmbeddedGateway(transaction.methods[0]!.url!, 'success');
    const before = await eventStore.headPosition();
    const forged = await postForm(returnUrl(), { json: returned.json, mac: 'F'.repeat(128) });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'PAYMENT.MESSAGE_REJECTED' });
    const tampered = await postForm(notificationUrl(), {
      json: returned.json.replace('"15.00"', '"0.01"'),
      mac: returned.mac,
    });
    expect(tampered.status).toBe(400);
    expect((await postForm(returnUrl(), { json: returned.json })).status).toBe(400);
    expect(await eventStore.headPosition()).toBe(before);
    expect((await purchase(purchaseId)).status).toBe('pending');
    // The genuine message still pays it.
    expect((await postForm(returnUrl(), { json: returned.json, mac: returned.mac })).status).toBe(303);
    expect((await purchase(purchaseId)).status).toBe('paid');
  });

  it("refuses a correctly signed message whose amount is not the purchase's (a cheaper transaction)", async () => {
    const { purchaseId } = await checkOut(server, [lease]);
    const cheap = await ownTransaction(purchaseId, 1);
    const returned = await payAtEmbeddedGateway(cheap.methods[0]!.url!, 'success');
    const answer = await postForm(returned.action, { json: returned.json, mac: returned.mac });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYMENT.AMOUNT_MISMATCH' });
    expect((await purchase(purchaseId)).status).toBe('pending');
  });

  it('refuses a signed message for an unknown purchase, and one about a transaction the gateway never made', async () => {
    const stranger = await ownTransaction(randomUUID(), 1500);
    const returned = await payAtEmbeddedGateway(stranger.methods[0]!.url!, 'success');
    const unknown = await postForm(returned.action, { json: returned.json, mac: returned.mac });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 'PAYMENT.UNKNOWN_REFERENCE' });

    const invented = signed({
      amount: '15.00',
      reference: randomUUID(),
      transaction: randomUUID(),
      status: 'COMPLETED',
    });
    const answer = await postForm(notificationUrl(), invented);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYMENT.MESSAGE_REJECTED' });
  });

  it('a replayed return, a late failure and twenty concurrent copies move the purchase forward once', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { purchaseId, paymentUrl } = await checkOut(server, [guide], buyer(email));
    const returned = await payAtEmbeddedGateway(paymentUrl, 'success');
    const fields = { json: returned.json, mac: returned.mac };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postForm(i % 2 === 0 ? returnUrl() : notificationUrl(), fields)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(303)]);
    await server.app.get(EmbeddedTestGateway).settled();
    expect(await paidEvents(purchaseId)).toEqual(['PurchasePaid']);
    expect(await mailsTo(server, email)).toHaveLength(1);

    // A day later the same message again, and a (signed) message saying the payment failed.
    const replay = await postForm(returnUrl(), fields);
    expect(replay.status).toBe(303);
    const late = signed({
      ...JSON.parse(returned.json),
      status: 'CANCELLED',
    });
    expect((await postForm(notificationUrl(), late)).status).toBe(200);
    expect((await postForm(cancelUrl(), late)).status).toBe(303);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'paid' });
    expect(await paidEvents(purchaseId)).toEqual(['PurchasePaid']);
    expect(await streamEventTypes(server, purchaseStreamId(purchaseId))).not.toContain('PurchaseCanceled');
  });

  it('a cancelled payment lands on the cancel page; the basket is intact and unconfirmed', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { basketId, purchaseId, paymentUrl } = await checkOut(server, [lease, guide], buyer(email));
    const back = await payAndReturn(paymentUrl, 'cancel');
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${server.url}/maksekeskus/katkesta`);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'canceled', cancelReason: 'buyer-canceled' });
    expect(await basket(basketId)).toMatchObject({
      documentCount: 2,
      confirmed: false,
      paymentMethods: null,
      checkout: { payer: { email } },
    });
    expect(await mailsTo(server, email)).toEqual([]);
    expect((await call(server, 'POST', `/api/baskets/${basketId}/checkout`)).body).toMatchObject({
      code: 'SHOPPING_CART.NOT_CONFIRMED',
    });
  });

  it('a failed payment returns to the return page, reopens the basket and mails the payer', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { basketId, purchaseId, paymentUrl } = await checkOut(server, [lease], buyer(email));
    const back = await payAndReturn(paymentUrl, 'failure');
    expect(back.location).toBe(
      `${server.url}/maksekeskus/tagasi/${purchaseId}#key=${await buyerKeyOf(server, purchaseId)}`,
    );
    await server.app.get(EmbeddedTestGateway).settled();
    expect(await purchase(purchaseId)).toMatchObject({ status: 'canceled', cancelReason: 'payment-failed' });
    expect(await basket(basketId)).toMatchObject({ documentCount: 1, confirmed: false });
    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Makse ei õnnestunud');
  });

  it("expires an unpaid purchase after the gateway's 30 minutes and reopens its basket; the gateway refuses it too", async () => {
    const { basketId, purchaseId, paymentUrl } = await checkOut(server, [guide]);
    clock.advance(29 * 60_000);
    await server.app.get(PurchaseSweepScheduler).sweep();
    expect((await purchase(purchaseId)).status).toBe('pending');
    clock.advance(60_000);
    expect((await server.app.get(PurchaseSweepScheduler).sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'canceled', cancelReason: 'expired' });
    expect((await basket(basketId)).confirmed).toBe(false);
    await expect(payAtEmbeddedGateway(paymentUrl, 'success')).rejects.toThrow(/409/);
  });

  it('one basket, one payment: a new checkout ends the pending purchase, and money still paid for it is owed back, never a second sale', async () => {
    const email = `${randomUUID()}@example.ee`;
    const first = await checkOut(server, [lease, guide], buyer(email));
    // "Back" from the gateway: the buyer reopens the details, confirms again and goes to pay again.
    expect((await call(server, 'DELETE', `/api/baskets/${first.basketId}/confirmation`)).status).toBe(200);
    const confirmed = await call(
      server,
      'POST',
      `/api/baskets/${first.basketId}/confirmation`,
      aConfirmation(first.total, buyer(email)),
    );
    expect(confirmed.status).toBe(200);
    const again = await call(server, 'POST', `/api/baskets/${first.basketId}/checkout`);
    expect(again.status).toBe(200);
    const second = {
      purchaseId: again.body.purchaseId as string,
      paymentUrl: again.body.paymentUrl as string,
    };
    expect(second.purchaseId).not.toBe(first.purchaseId);
    expect(await purchase(first.purchaseId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'superseded',
    });
    expect(await purchase(second.purchaseId)).toMatchObject({ status: 'pending' });

    // Both gateway pages stay open in two tabs, and the buyer pays both.
    expect((await payAndReturn(second.paymentUrl, 'success')).status).toBe(303);
    const late = await payAndReturn(first.paymentUrl, 'success');
    expect(late.status).toBe(303);
    await server.app.get(EmbeddedTestGateway).settled();

    expect(await purchase(second.purchaseId)).toMatchObject({ status: 'paid', refundDue: false });
    expect(await purchase(first.purchaseId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'superseded',
      refundDue: true,
      archiveUrl: null,
      documents: [{ files: [{ downloadUrl: null }] }, { files: [{ downloadUrl: null }] }],
    });
    const firstEvents = await streamEventTypes(server, purchaseStreamId(first.purchaseId));
    expect(firstEvents.filter((t) => t === 'PurchaseRefundDue')).toHaveLength(1);
    expect(firstEvents).toContain('PurchaseSuperseded');
    expect(firstEvents).not.toContain('PurchasePaid');
    expect(await paidEvents(second.purchaseId)).toEqual(['PurchasePaid']);
    // Delivered once: one confirmation mail, the basket converted once, one sale per document.
    expect((await mailsTo(server, email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Teie ost Lepinguturul'),
    ]);
    const basketEvents = await streamEventTypes(server, basketStreamId(first.basketId));
    expect(basketEvents.filter((t) => t === 'BasketConverted')).toHaveLength(1);

    // The admin's purchases screen flags it, with what the refund needs.
    const flagged = await asAdmin('/api/admin/purchases?refund=due');
    expect(flagged.status).toBe(200);
    expect(flagged.body.items).toEqual([
      expect.objectContaining({ id: first.purchaseId, status: 'canceled', refundDue: true }),
    ]);
    const one = await asAdmin(`/api/admin/purchases/${first.purchaseId}`);
    expect(one.body).toMatchObject({
      supersededBy: second.purchaseId,
      refundDue: true,
      refunds: [
        {
          status: 'due',
          reason: 'superseded',
          provider: 'makecommerce',
          amount: 2490,
          currency: 'EUR',
          transactionId: expect.any(String),
        },
      ],
    });
    // A replay of the late payment's message flags nothing twice.
    await postForm(returnUrl(), late.message);
    expect(
      (await streamEventTypes(server, purchaseStreamId(first.purchaseId))).filter(
        (t) => t === 'PurchaseRefundDue',
      ),
    ).toHaveLength(1);
  });

  it('answers a genuine notification with 200 at once', async () => {
    const { purchaseId, paymentUrl } = await checkOut(server, [lease]);
    const returned = await payAtEmbeddedGateway(paymentUrl, 'success');
    const answer = await postForm(notificationUrl(), { json: returned.json, mac: returned.mac });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true });
    expect((await purchase(purchaseId)).status).toBe('paid');
  });
});
