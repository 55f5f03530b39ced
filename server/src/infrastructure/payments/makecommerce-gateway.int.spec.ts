import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { systemClock } from '../clock/clock';
import { EmbeddedTestGateway } from './embedded-gateway/embedded-test-gateway';
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
