import { randomUUID } from 'node:crypto';
import { EMBEDDED_GATEWAY_SHOP_ID } from '../../server/src/config/app-config';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { makeCommerceMac } from '../../server/src/infrastructure/payments/makecommerce-protocol';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
} from '../../server/src/infrastructure/payments/payment-gateway.port';
import { payInEmbeddedCardForm } from '../../server/src/infrastructure/payments/testing/embedded-gateway-driver';
import {
  type UploadedDocument,
  buyerKeyOf,
  checkOut,
  mailsTo,
  payAndReturn,
  postForm,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { type TestServer, startTestServer } from '../support/test-server';

const SECRET = 'card-payments-api-spec-secret-key';
const PUBLISHABLE_KEY = 'card-payments-api-spec-publishable';

const decodeHtml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (html: string, name: string): string | undefined => {
  const match = new RegExp(`${name}="([^"]*)"`).exec(html);
  return match ? decodeHtml(match[1]!) : undefined;
};

describe('Card payments in the in-page card form (MakeCommerce checkout.js flow, embedded test gateway)', () => {
  let server: TestServer;
  let lease: UploadedDocument;
  const purchaseStatus = async (id: string) =>
    ((await purchaseAsBuyer(server, id)).body as { status: string }).status;
  const paidEvents = async (id: string) =>
    (await streamEventTypes(server, purchaseStreamId(id))).filter((t) => t === 'PurchasePaid');

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        MAKECOMMERCE_SECRET_KEY: SECRET,
        MAKECOMMERCE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        TEST_GATEWAY_CARDS: 'form',
      },
    });
    lease = await publishDocumentWithFiles(server, {
      title: 'Kaardiga makstav leping',
      price: 1500,
      files: [{ title: 'Leping', format: 'docx' }],
    });
  }, 60_000);
  afterAll(async () => {
    await server.app.get(EmbeddedTestGateway).settled();
    await server.close();
  });

  it("pays by card in the gateway's card form: the shop's page opens it with the publishable key, the form's signed message pays the purchase once", async () => {
    const email = `${randomUUID()}@example.ee`;
    const { purchaseId, paymentUrl } = await checkOut(server, [lease], { email, paymentMethod: 'card:visa' });
    // MakeCommerce gave the card no page of its own: the buyer goes to the shop's card payment page.
    const transactionId = new URL(paymentUrl).pathname.split('/').pop()!;
    expect(paymentUrl).toBe(`${server.url}/payments/makecommerce/card/${transactionId}?lang=et`);

    const page = await fetch(paymentUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain(`<script src="${server.url}/test-gateway/checkout/dist/checkout.js"></script>`);
    expect(html).toContain('<script src="/payments/makecommerce/assets/card-payment.js"></script>');
    expect(html).not.toMatch(/<script>|style="/);
    expect(attribute(html, 'data-key')).toBe(PUBLISHABLE_KEY);
    expect(html).not.toContain(SECRET);
    expect(attribute(html, 'data-transaction')).toBe(transactionId);
    expect(attribute(html, 'data-amount')).toBe('15.00');
    const action = attribute(html, '<form id="card-return" method="post" action');
    expect(action).toBe(`${server.url}/payments/makecommerce/return`);
    expect(html).toContain('Maksa kaardiga');
    // The page's policy lets the card form's script and dialog in (here the gateway is the app itself).
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${server.url}`);
    expect(page.headers.get('content-security-policy')).toContain(`frame-src 'self' ${server.url}`);
    for (const asset of ['card-payment.js', 'card-payment.css']) {
      expect((await fetch(`${server.url}/payments/makecommerce/assets/${asset}`)).status).toBe(200);
    }

    // The dialog opens only with the shop's publishable key.
    const wrongKey = await fetch(
      `${server.url}/test-gateway/checkout/card/${transactionId}?key=not-the-key&lang=et`,
    );
    expect(wrongKey.status).toBe(403);
    // Closing the dialog changes nothing.
    expect(
      await payInEmbeddedCardForm(`${server.url}/test-gateway`, transactionId, PUBLISHABLE_KEY, 'cancel'),
    ).toBeNull();
    expect(await purchaseStatus(purchaseId)).toBe('pending');

    const message = await payInEmbeddedCardForm(
      `${server.url}/test-gateway`,
      transactionId,
      PUBLISHABLE_KEY,
      'success',
    );
    expect(JSON.parse(message!.json)).toMatchObject({
      message_type: 'token_return',
      transaction: { id: transactionId, status: 'COMPLETED' },
    });
    // What the page's script does with it: posts it to the return route.
    const back = await postForm(action!, { json: message!.json, mac: message!.mac });
    expect(back.status).toBe(303);
    expect(back.location).toBe(
      `${server.url}/maksekeskus/tagasi/${purchaseId}#key=${await buyerKeyOf(server, purchaseId)}`,
    );
    await server.app.get(EmbeddedTestGateway).settled();
    expect(await purchaseStatus(purchaseId)).toBe('paid');
    expect(await paidEvents(purchaseId)).toEqual(['PurchasePaid']);
    expect(await mailsTo(server, email)).toHaveLength(1);

    // The page of a paid transaction says so, and opens no form.
    const again = await fetch(paymentUrl);
    const paidPage = await again.text();
    expect(again.status).toBe(409);
    expect(paidPage).toContain('See makse on juba tehtud.');
    expect(paidPage).not.toContain('checkout.js');
  });

  it('a card the bank declines in the form cancels the purchase as failed, and says so in English too', async () => {
    const { purchaseId, paymentUrl } = await checkOut(server, [lease], { paymentMethod: 'card:mastercard' });
    const transactionId = new URL(paymentUrl).pathname.split('/').pop()!;
    const english = await (await fetch(paymentUrl.replace('lang=et', 'lang=en'))).text();
    expect(english).toContain('Pay by card');
    expect(english).toContain('<html lang="en">');
    const message = await payInEmbeddedCardForm(
      `${server.url}/test-gateway`,
      transactionId,
      PUBLISHABLE_KEY,
      'failure',
    );
    const back = await postForm(`${server.url}/payments/makecommerce/return`, { ...message! });
    expect(back.status).toBe(303);
    await server.app.get(EmbeddedTestGateway).settled();
    expect((await purchaseAsBuyer(server, purchaseId)).body).toMatchObject({
      status: 'canceled',
      cancelReason: 'payment-failed',
    });
    const ended = await fetch(paymentUrl);
    expect(ended.status).toBe(409);
    expect(await ended.text()).toContain('Selle makse aeg on läbi või see katkestati.');
  });

  it('a forged card form message pays nothing', async () => {
    const { purchaseId, paymentUrl } = await checkOut(server, [lease], { paymentMethod: 'card:visa' });
    const transactionId = new URL(paymentUrl).pathname.split('/').pop()!;
    const json = JSON.stringify({
      message_type: 'token_return',
      transaction: { id: transactionId, status: 'COMPLETED' },
    });
    const forged = await postForm(`${server.url}/payments/makecommerce/return`, {
      json,
      mac: makeCommerceMac(json, 'not-the-shops-secret-key'),
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'PAYMENT.MESSAGE_REJECTED' });
    // Signed by the shop's key but the gateway says the transaction is unpaid: the gateway's word stands.
    const unpaid = await postForm(`${server.url}/payments/makecommerce/return`, {
      json,
      mac: makeCommerceMac(json, SECRET),
    });
    expect(unpaid.status).toBe(303);
    expect(await purchaseStatus(purchaseId)).toBe('pending');
  });

  it('a card payment page for a transaction nobody made says so', async () => {
    const unknown = await fetch(`${server.url}/payments/makecommerce/card/${randomUUID()}?lang=en`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is no such payment.');
  });
});

describe("Cards on a page of their own (MakeCommerce's answer today), and the way back without a signed message", () => {
  let server: TestServer;
  let lease: UploadedDocument;

  beforeAll(async () => {
    server = await startTestServer({ env: { MAKECOMMERCE_SECRET_KEY: SECRET } });
    lease = await publishDocumentWithFiles(server, {
      title: 'Kaardileht',
      price: 990,
      files: [{ title: 'Leht', format: 'pdf' }],
    });
  }, 60_000);
  afterAll(async () => {
    await server.app.get(EmbeddedTestGateway).settled();
    await server.close();
  });

  it("pays by card on the card's own page at the gateway", async () => {
    const { purchaseId, paymentUrl } = await checkOut(server, [lease], { paymentMethod: 'card:visa' });
    expect(paymentUrl).toMatch(/\/test-gateway\/pay\/[^?]+\?method=card%3Avisa$/);
    const back = await payAndReturn(paymentUrl, 'success');
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/maksekeskus/tagasi/${purchaseId}#key=`);
    expect(await purchaseAsBuyer(server, purchaseId)).toMatchObject({ body: { status: 'paid' } });
    // Without a publishable key configured there is still one (the test gateway's), so the page would work.
    expect(server.app.get<PaymentGateway>(PAYMENT_GATEWAY).cardForm).not.toBeNull();
  });

  it('a cancel without a signed message shows the cancel page in its language and records nothing', async () => {
    const { purchaseId } = await checkOut(server, [lease]);
    const events = server.app.get<EventStore>(EVENT_STORE);
    const before = await events.headPosition();
    const posted = await postForm(`${server.url}/payments/makecommerce/cancel?lang=et`, {});
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`${server.url}/maksekeskus/katkesta`);
    const english = await fetch(`${server.url}/payments/makecommerce/cancel?lang=en`, { redirect: 'manual' });
    expect(english.status).toBe(303);
    expect(english.headers.get('location')).toBe(`${server.url}/en/paymentcenter/cancel`);
    const bare = await fetch(`${server.url}/payments/makecommerce/cancel`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe(`${server.url}/maksekeskus/katkesta`);
    expect(await events.headPosition()).toBe(before);
    expect(await purchaseAsBuyer(server, purchaseId)).toMatchObject({ body: { status: 'pending' } });
    // A message that is there must still verify.
    const forged = await postForm(`${server.url}/payments/makecommerce/cancel?lang=et`, {
      json: '{"transaction":"x"}',
      mac: 'F'.repeat(128),
    });
    expect(forged.status).toBe(400);
  });

  it("gives the gateway a cancel address in the purchase's language", async () => {
    const { paymentUrl } = await checkOut(server, [lease], { paymentMethod: 'card:visa' });
    const transactionId = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop()!);
    // Asked as only the shop could: with its id and secret key.
    const answer = await fetch(`${server.url}/test-gateway/v1/transactions/${transactionId}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${EMBEDDED_GATEWAY_SHOP_ID}:${SECRET}`).toString('base64')}`,
      },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      transaction_url: { cancel_url: { url: string } };
      customer: { ip?: string };
    };
    expect(body.transaction_url.cancel_url.url).toBe(`${server.url}/payments/makecommerce/cancel?lang=et`);
    expect(body.customer.ip).toBe('127.0.0.1');
  });
});
