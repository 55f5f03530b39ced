import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { systemClock } from '../clock/clock';
import { EmbeddedTestGateway } from './embedded-gateway/embedded-test-gateway';
import { SqliteTransactionBook } from './embedded-gateway/transaction-book';
import { MakeCommerceGateway } from './makecommerce-gateway';
import { makeCommerceMac } from './makecommerce-protocol';
import { paymentGatewayContract } from './payment-gateway.contract';
import { payAtEmbeddedGateway, startNotificationReceiver } from './testing/embedded-gateway-driver';

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

/** The MakeCommerce adapter against the embedded test gateway, on its own HTTP server. */
paymentGatewayContract('MakeCommerce adapter ↔ embedded test gateway', { drivable: true }, async () => {
  const shopId = randomUUID();
  const secretKey = randomBytes(32).toString('hex');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/gateway`;
  const embedded = new EmbeddedTestGateway({ shopId, secretKey, publicBaseUrl: base, clock: systemClock });
  const server = Fastify();
  await server.register(embedded.routes, { prefix: '/gateway' });
  await server.listen({ port, host: '127.0.0.1' });
  const receiver = await startNotificationReceiver();
  return {
    gateway: new MakeCommerceGateway({ apiUrl: base, shopId, secretKey }),
    shopId,
    sign: (json) => makeCommerceMac(json, secretKey),
    urls: {
      returnUrl: `${receiver.url}/return`,
      cancelUrl: `${receiver.url}/cancel`,
      notificationUrl: receiver.url,
    },
    payer: {
      pay: (paymentUrl, outcome) => payAtEmbeddedGateway(paymentUrl, outcome),
      notification: (transactionId) => receiver.waitFor(transactionId),
    },
    async close() {
      await server.close();
      await receiver.close();
    },
  };
});

/**
 * The same adapter against MakeCommerce's own test environment when its credentials are given
 * (`MAKECOMMERCE_TEST_SHOP_ID`, `MAKECOMMERCE_TEST_SECRET_KEY`, optionally `MAKECOMMERCE_TEST_API_URL`).
 * Nobody can press a bank's buttons from here, so the payments themselves are skipped.
 */
const testShopId = process.env.MAKECOMMERCE_TEST_SHOP_ID;
const testSecretKey = process.env.MAKECOMMERCE_TEST_SECRET_KEY;
if (testShopId && testSecretKey) {
  paymentGatewayContract('MakeCommerce adapter ↔ MakeCommerce test environment', { drivable: false }, () =>
    Promise.resolve({
      gateway: new MakeCommerceGateway({
        apiUrl: process.env.MAKECOMMERCE_TEST_API_URL ?? 'https://api.test.maksekeskus.ee',
        shopId: testShopId,
        secretKey: testSecretKey,
      }),
      shopId: testShopId,
      sign: (json) => makeCommerceMac(json, testSecretKey),
      urls: {
        returnUrl: 'https://example.com/payments/makecommerce/return',
        cancelUrl: 'https://example.com/payments/makecommerce/cancel',
        notificationUrl: 'https://example.com/payments/makecommerce/notification',
      },
      payer: null,
      close: () => Promise.resolve(),
    }),
  );
}

/**
 * A real gateway outlives the shop's restarts; the embedded one keeps its transactions in a SQLite file, so
 * the shop can still read a transaction's outcome (`GET /v1/transactions/{id}`) after it was restarted, or
 * killed, between the payment and the buyer's return.
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
    return { server, gateway: new MakeCommerceGateway({ apiUrl: base, shopId, secretKey }) };
  }

  it('answers a completed payment, and an unpaid one, after it was stopped and started again', async () => {
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
    await payAtEmbeddedGateway(paid.methods.find((m) => m.id === 'banklink:ee:lhv')!.url, 'success');
    await first.server.close();

    const second = await gatewayOnDisk(port);
    try {
      const found = await second.gateway.getTransaction(paid.id);
      expect(found).toMatchObject({
        id: paid.id,
        reference: paid.reference,
        amount: 1240,
        status: 'completed',
      });
      expect(found!.completedAt!.getTime()).toBeGreaterThanOrEqual(
        Math.floor(before.getTime() / 1000) * 1000,
      );
      expect(await second.gateway.getTransaction(unpaid.id)).toMatchObject({ status: 'created' });
      expect(await second.gateway.getTransaction(randomUUID())).toBeNull();
    } finally {
      await second.server.close();
      await receiver.close();
    }
  });
});
