import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { systemClock } from '../clock/clock';
import { EmbeddedTestGateway } from './embedded-gateway/embedded-test-gateway';
import { InMemoryTransactionBook, SqliteTransactionBook } from './embedded-gateway/transaction-book';
import recorded from './fixtures/makecommerce-payment-return.json';
import { MakeCommerceGateway } from './makecommerce-gateway';
import { makeCommerceMac } from './makecommerce-protocol';
import { paymentGatewayContract } from './payment-gateway.contract';
import type { NewTransaction } from './payment-gateway.port';
import {
  payAtEmbeddedGateway,
  payInEmbeddedCardForm,
  startNotificationReceiver,
} from './testing/embedded-gateway-driver';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The embedded test gateway on its own HTTP server, with the MakeCommerce adapter pointed at it. */
async function embeddedGateway(cardPayments: 'page' | 'form') {
  const shopId = randomUUID();
  const secretKey = randomBytes(32).toString('hex');
  const publishableKey = randomBytes(16).toString('hex');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/gateway`;
  const embedded = new EmbeddedTestGateway({
    shopId,
    secretKey,
    publicBaseUrl: base,
    clock: systemClock,
    cardPayments,
    publishableKey,
  });
  const server = Fastify();
  await server.register(embedded.routes, { prefix: '/gateway' });
  await server.listen({ port, host: '127.0.0.1' });
  const receiver = await startNotificationReceiver();
  return {
    embedded,
    base,
    /** HTTP Basic for calling the gateway's API directly, as only the shop could. */
    basic: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`,
    gateway: new MakeCommerceGateway({
      apiUrl: base,
      shopId,
      secretKey,
      publishableKey,
      checkoutScriptUrl: embedded.checkoutScriptUrl,
    }),
    shopId,
    sign: (json: string) => makeCommerceMac(json, secretKey),
    urls: {
      returnUrl: `${receiver.url}/return`,
      cancelUrl: `${receiver.url}/cancel`,
      notificationUrl: receiver.url,
    },
    payer: {
      pay: (paymentUrl: string, outcome: 'success' | 'failure' | 'cancel') =>
        payAtEmbeddedGateway(paymentUrl, outcome),
      payInCardForm: (transactionId: string, key: string, outcome: 'success' | 'failure' | 'cancel') =>
        payInEmbeddedCardForm(base, transactionId, key, outcome),
      notification: (transactionId: string) => receiver.waitFor(transactionId),
    },
    refunds: { setMode: (mode: 'accept' | 'refuse' | 'still-processing') => embedded.setRefundMode(mode) },
    async close() {
      await server.close();
      await receiver.close();
    },
  };
}

paymentGatewayContract(
  'MakeCommerce adapter ↔ embedded test gateway (cards on pages of their own)',
  { drivable: true, refundSwitch: true },
  () => embeddedGateway('page'),
);

paymentGatewayContract(
  'MakeCommerce adapter ↔ embedded test gateway (cards in the in-page card form)',
  { drivable: true, refundSwitch: true },
  () => embeddedGateway('form'),
);

/**
 * The same adapter against MakeCommerce's public test shop when its credentials are given
 * (`MAKECOMMERCE_TEST_SHOP_ID`, `MAKECOMMERCE_TEST_SECRET_KEY`; optionally `MAKECOMMERCE_TEST_PUBLISHABLE_KEY`,
 * `MAKECOMMERCE_TEST_API_URL`, and `MAKECOMMERCE_TEST_PAID_TRANSACTION`, a transaction paid by hand in its bank
 * simulator, for the refunds). It needs a network; without the variables it is skipped, and says how to run
 * it (README: Payments, MakeCommerce's test shop). Nobody can press a bank's buttons from here, so the
 * payments themselves are skipped.
 */
const testShopId = process.env.MAKECOMMERCE_TEST_SHOP_ID;
const testSecretKey = process.env.MAKECOMMERCE_TEST_SECRET_KEY;
const liveTitle = 'MakeCommerce adapter ↔ MakeCommerce test shop (api.test.maksekeskus.ee)';
if (testShopId && testSecretKey) {
  paymentGatewayContract(
    liveTitle,
    { drivable: false, paidTransactionId: process.env.MAKECOMMERCE_TEST_PAID_TRANSACTION ?? null },
    () =>
      Promise.resolve({
        gateway: new MakeCommerceGateway({
          apiUrl: process.env.MAKECOMMERCE_TEST_API_URL ?? 'https://api.test.maksekeskus.ee',
          shopId: testShopId,
          secretKey: testSecretKey,
          publishableKey: process.env.MAKECOMMERCE_TEST_PUBLISHABLE_KEY ?? null,
          timeoutMs: 20_000,
        }),
        shopId: testShopId,
        sign: (json) => makeCommerceMac(json, testSecretKey),
        urls: {
          returnUrl: 'https://example.com/payments/makecommerce/return',
          cancelUrl: 'https://example.com/payments/makecommerce/cancel',
          notificationUrl: 'https://example.com/payments/makecommerce/notification',
        },
        payer: null,
        refunds: null,
        close: () => Promise.resolve(),
      }),
  );
} else {
  describe.skip(`${liveTitle}: set MAKECOMMERCE_TEST_SHOP_ID and MAKECOMMERCE_TEST_SECRET_KEY (and have a network) to run it`, () => {
    it('runs the payments contract against the public test shop', () => undefined);
  });
}

/**
 * A message recorded from MakeCommerce's test environment (fixtures/makecommerce-payment-return.json, with
 * its licence notice): the adapter reads the fields a real message carries, by the names MakeCommerce writes
 * them (`transaction`, `reference`, `amount` as a decimal string, `currency`, `status`, `shop`), believes its
 * MAC computed over the raw bytes (non-ASCII letters in `customer_name` unescaped), and confirms the
 * transaction read back through the API.
 */
describe('A real MakeCommerce message (recorded from its test environment)', () => {
  it('verifies against a gateway that knows its transaction, and is refused by one whose key differs', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/gateway`;
    const book = new InMemoryTransactionBook();
    book.save({
      id: '80c0e701-bd4e-452d-b32f-9aa2e082ae95',
      reference: '123abc',
      amount: 1295,
      currency: 'EUR',
      createdAt: new Date('2016-09-23T08:40:00Z'),
      status: 'COMPLETED',
      completedAt: new Date('2016-09-23T08:43:55Z'),
      refunds: [],
      customer: { email: 'buyer@example.ee', ip: '192.0.2.7', country: 'ee', locale: 'et' },
      returnUrl: { url: 'https://shop.example/return', method: 'POST' },
      cancelUrl: { url: 'https://shop.example/cancel', method: 'POST' },
      notificationUrl: { url: 'https://shop.example/notification', method: 'POST' },
    });
    const embedded = new EmbeddedTestGateway({
      shopId: recorded.shop.id,
      secretKey: recorded.shop.secretKey,
      publicBaseUrl: base,
      clock: systemClock,
      book,
    });
    const server = Fastify();
    await server.register(embedded.routes, { prefix: '/gateway' });
    await server.listen({ port, host: '127.0.0.1' });
    try {
      const adapter = new MakeCommerceGateway({
        apiUrl: base,
        shopId: recorded.shop.id,
        secretKey: recorded.shop.secretKey,
      });
      const verified = await adapter.verifyMessage({ json: recorded.json, mac: recorded.mac });
      expect(verified.messageStatus).toBe('completed');
      expect(verified.transaction).toMatchObject({
        id: '80c0e701-bd4e-452d-b32f-9aa2e082ae95',
        reference: '123abc',
        amount: 1295,
        currency: 'EUR',
        status: 'completed',
        completedAt: new Date('2016-09-23T08:43:55Z'),
      });
      expect(verified.message).toMatchObject({
        customer_name: 'Tõõger Leõpäöld',
        message_type: 'payment_return',
        message_time: '2016-09-23T08:43:57+0000',
      });
      const otherKey = new MakeCommerceGateway({
        apiUrl: base,
        shopId: recorded.shop.id,
        secretKey: `${recorded.shop.secretKey.slice(0, -1)}e`,
      });
      await expect(otherKey.verifyMessage({ json: recorded.json, mac: recorded.mac })).rejects.toMatchObject({
        reason: 'signature',
      });
    } finally {
      await server.close();
    }
  });
});

describe('The MakeCommerce adapter at the edges of the protocol', () => {
  let gateway: Awaited<ReturnType<typeof embeddedGateway>>;
  beforeAll(async () => {
    gateway = await embeddedGateway('page');
  });
  afterAll(() => gateway.close());

  const transaction = (ip: string): NewTransaction => ({
    reference: randomUUID(),
    amount: 990,
    currency: 'EUR',
    customer: { email: 'ostja@example.ee', ip, country: 'ee', locale: 'et' },
    ...gateway.urls,
  });
  const customerAtGateway = async (id: string): Promise<Record<string, unknown>> => {
    const response = await fetch(`${gateway.base}/v1/transactions/${id}`, {
      headers: { authorization: gateway.basic },
    });
    return ((await response.json()) as { customer: Record<string, unknown> }).customer;
  };

  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:c000:0207', '192.0.2.7'],
    ['64:ff9b::192.0.2.7', '192.0.2.7'],
    ['2001:db8::1', undefined],
    ['fe80::1%eth0', undefined],
  ])('sends the buyer at %s to MakeCommerce as ip %p', async (ip, sent) => {
    const created = await gateway.gateway.createTransaction(transaction(ip));
    expect((await customerAtGateway(created.id)).ip).toBe(sent);
  });

  it('answers "unavailable" for a refund when MakeCommerce cannot be reached, or fails with a 5xx', async () => {
    const closed = await freePort();
    const unreachable = new MakeCommerceGateway({
      apiUrl: `http://127.0.0.1:${closed}`,
      shopId: 'shop',
      secretKey: 'a-secret-key-of-the-shop',
      timeoutMs: 2_000,
    });
    expect(
      await unreachable.refundTransaction({ transactionId: randomUUID(), amount: 100, comment: 'x' }),
    ).toMatchObject({ outcome: 'unavailable', message: expect.stringContaining('could not be reached') });

    // A stand-in MakeCommerce: the transaction reads as paid, the refund call fails on its side.
    const failing: Server = createHttpServer((request, response) => {
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 't-1', amount: 12.4, currency: 'EUR', status: 'COMPLETED' }));
      } else {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      }
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const address = failing.address();
    try {
      const failingGateway = new MakeCommerceGateway({
        apiUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        shopId: 'shop',
        secretKey: 'a-secret-key-of-the-shop',
      });
      expect(
        await failingGateway.refundTransaction({ transactionId: 't-1', amount: 100, comment: 'x' }),
      ).toEqual({ outcome: 'unavailable', message: 'MakeCommerce answered 502 to the refund' });
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });

  it('sends the refund as MakeCommerce takes it: the amount as a decimal string, the comment', async () => {
    const created = await gateway.gateway.createTransaction(transaction('192.0.2.7'));
    const paid = await payAtEmbeddedGateway(
      created.methods.find((m) => m.group === 'banklink')!.url!,
      'success',
    );
    await gateway.gateway.verifyMessage(paid);
    const result = await gateway.gateway.refundTransaction({
      transactionId: created.id,
      amount: 90,
      comment: 'Üks dokument tagastatud',
    });
    if (result.outcome !== 'completed') throw new Error(`refund ${result.outcome}`);
    const response = await fetch(`${gateway.base}/v1/refunds/${result.refundId}`, {
      headers: { authorization: gateway.basic },
    });
    expect(await response.json()).toMatchObject({
      id: result.refundId,
      object: 'refund',
      amount: 0.9,
      comment: 'Üks dokument tagastatud',
      status: 'CREATED',
      transaction: { id: created.id, status: 'PART_REFUNDED', refunded_amount: 0.9 },
    });
  });

  it("the test gateway's own refund call refuses what MakeCommerce would, with its error codes", async () => {
    const created = await gateway.gateway.createTransaction(transaction('192.0.2.7'));
    const refund = (id: string, body: unknown) =>
      fetch(`${gateway.base}/v1/transactions/${id}/refunds`, {
        method: 'POST',
        headers: { authorization: gateway.basic, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const codeOf = async (response: Response) => ({
      status: response.status,
      code: ((await response.json()) as { code: number }).code,
    });
    expect(await codeOf(await refund(created.id, { amount: '1.00', comment: 'x' }))).toEqual({
      status: 400,
      code: 1501,
    });
    await gateway.gateway.verifyMessage(
      await payAtEmbeddedGateway(created.methods.find((m) => m.group === 'banklink')!.url!, 'success'),
    );
    expect(await codeOf(await refund(created.id, { amount: '9.91', comment: 'x' }))).toEqual({
      status: 400,
      code: 1502,
    });
    expect(await codeOf(await refund(created.id, { amount: 1, comment: 'x' }))).toEqual({
      status: 400,
      code: 1016,
    });
    expect(await codeOf(await refund(created.id, { amount: '1.00' }))).toEqual({ status: 400, code: 1016 });
    expect(await codeOf(await refund(randomUUID(), { amount: '1.00', comment: 'x' }))).toEqual({
      status: 404,
      code: 1024,
    });
    const unauthorized = await fetch(`${gateway.base}/v1/transactions/${created.id}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '1.00', comment: 'x' }),
    });
    expect(unauthorized.status).toBe(401);
    expect((await gateway.gateway.getTransaction(created.id))!.refundedAmount).toBe(0);
  });

  it("a tester switches refunds on the gateway's settings page (labelled choices, kept as chosen)", async () => {
    const page = await (await fetch(`${gateway.base}/settings?lang=en`)).text();
    for (const mode of ['accept', 'refuse', 'still-processing']) {
      expect(page).toContain(`id="refunds-${mode}" value="${mode}"`);
      expect(page).toContain(`<label for="refunds-${mode}">`);
    }
    expect(page).toContain('id="refunds-accept" value="accept" checked');
    expect(page).toContain('<legend>Refunds</legend>');
    const saved = await fetch(`${gateway.base}/settings?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'refunds=refuse',
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/gateway/settings?lang=en&saved=1');
    try {
      const after = await (await fetch(`${gateway.base}/settings?lang=en&saved=1`)).text();
      expect(after).toContain('id="refunds-refuse" value="refuse" checked');
      expect(after).toContain('The settings are saved.');
      const created = await gateway.gateway.createTransaction(transaction('192.0.2.7'));
      await gateway.gateway.verifyMessage(
        await payAtEmbeddedGateway(created.methods.find((m) => m.group === 'banklink')!.url!, 'success'),
      );
      expect(
        await gateway.gateway.refundTransaction({ transactionId: created.id, amount: 990, comment: 'x' }),
      ).toMatchObject({ outcome: 'refused', reason: 'declined', gatewayCode: 1503 });
      const bad = await fetch(`${gateway.base}/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'refunds=maybe',
      });
      expect(bad.status).toBe(400);
    } finally {
      gateway.embedded.setRefundMode('accept');
    }
  });

  it('refuses a refund of nothing, and one without a comment, before asking', async () => {
    await expect(
      gateway.gateway.refundTransaction({ transactionId: randomUUID(), amount: 0, comment: 'x' }),
    ).rejects.toThrow(RangeError);
    await expect(
      gateway.gateway.refundTransaction({ transactionId: randomUUID(), amount: 100, comment: ' ' }),
    ).rejects.toThrow(RangeError);
  });
});

/**
 * A real gateway outlives the shop's restarts; the embedded one keeps its transactions in a SQLite file, so
 * the shop can still read a transaction's outcome (`GET /v1/transactions/{id}`) after it was restarted, or
 * killed, between the payment and the buyer's return — and its refunds, and the tester's refund switch.
 */
describe('The embedded test gateway keeps its transactions across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-gateway-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function gatewayOnDisk(port: number) {
    const shopId = 'shop-on-disk';
    const secretKey = 'secret-key-on-disk-0123456789abcdef';
    const base = `http://127.0.0.1:${port}/gateway`;
    const embedded = new EmbeddedTestGateway({
      shopId,
      secretKey,
      publicBaseUrl: base,
      clock: systemClock,
      book: new SqliteTransactionBook(join(dir, 'test-gateway.sqlite')),
    });
    const server = Fastify();
    await server.register(embedded.routes, { prefix: '/gateway' });
    await server.listen({ port, host: '127.0.0.1' });
    return { server, embedded, gateway: new MakeCommerceGateway({ apiUrl: base, shopId, secretKey }) };
  }

  it('answers a completed payment, its refunds, and an unpaid one, after it was stopped and started again', async () => {
    const port = await freePort();
    const receiver = await startNotificationReceiver();
    const first = await gatewayOnDisk(port);
    const transaction = (reference: string) =>
      first.gateway.createTransaction({
        reference,
        amount: 1240,
        currency: 'EUR',
        customer: { email: 'ostja@example.ee', ip: '127.0.0.1', country: 'ee', locale: 'et' },
        returnUrl: `${receiver.url}/return`,
        cancelUrl: `${receiver.url}/cancel`,
        notificationUrl: receiver.url,
      });
    const paid = await transaction(randomUUID());
    const unpaid = await transaction(randomUUID());
    const before = new Date();
    await payAtEmbeddedGateway(paid.methods.find((m) => m.id === 'banklink:ee:lhv')!.url!, 'success');
    const refund = await first.gateway.refundTransaction({
      transactionId: paid.id,
      amount: 240,
      comment: 'Enne taaskäivitust',
    });
    expect(refund.outcome).toBe('completed');
    first.embedded.setRefundMode('refuse');
    await first.server.close();

    const second = await gatewayOnDisk(port);
    try {
      const found = await second.gateway.getTransaction(paid.id);
      expect(found).toMatchObject({
        id: paid.id,
        reference: paid.reference,
        amount: 1240,
        status: 'completed',
        refundedAmount: 240,
      });
      expect(found!.completedAt!.getTime()).toBeGreaterThanOrEqual(
        Math.floor(before.getTime() / 1000) * 1000,
      );
      expect(await second.gateway.getTransaction(unpaid.id)).toMatchObject({ status: 'created' });
      expect(await second.gateway.getTransaction(randomUUID())).toBeNull();
      // The tester's switch outlived the restart too; switched back, the rest of the money can go back.
      expect(
        await second.gateway.refundTransaction({ transactionId: paid.id, amount: 1000, comment: 'Pärast' }),
      ).toMatchObject({ outcome: 'refused', reason: 'declined' });
      second.embedded.setRefundMode('accept');
      expect(
        await second.gateway.refundTransaction({ transactionId: paid.id, amount: 1000, comment: 'Pärast' }),
      ).toMatchObject({ outcome: 'completed', refundedTotal: 1240 });
    } finally {
      await second.server.close();
      await receiver.close();
    }
  });
});
