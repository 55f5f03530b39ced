import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PurchaseSweepScheduler } from '../../server/src/commands/purchase/purchase-sweep.scheduler';
import { basketStreamId } from '../../server/src/events/basket.events';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { SqliteTransactionBook } from '../../server/src/infrastructure/payments/embedded-gateway/transaction-book';
import { payAtEmbeddedGateway } from '../../server/src/infrastructure/payments/testing/embedded-gateway-driver';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';
import {
  type UploadedDocument,
  aConfirmation,
  checkOut,
  keyInUrl,
  linksIn,
  mailsTo,
  postForm,
  publishDocumentWithFiles,
  purchaseAsBuyer,
  streamEventTypes,
} from '../support/buying';
import { copySeedTemplate } from '../support/seed-template';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { TestClock } from '../support/test-clock';
import { type TestServer, freePort, startTestServer } from '../support/test-server';

const MINUTE = 60_000;

/**
 * Issue 23, point 3: a payment the gateway completed while the shop could not hear it (the shop was down,
 * or its return and notification were lost) is found by asking the gateway, before a pending purchase is
 * expired and at every start, and delivered once.
 *
 * The shop's public address here is one nobody listens on: the gateway's notification and the buyer's
 * return go nowhere, as when the shop is down, and the test reaches the shop at its own port.
 */
describe('No payment is lost while the shop cannot hear the gateway (in process)', () => {
  const clock = new TestClock();
  let server: TestServer;
  let unreachable = '';
  let lease: UploadedDocument;
  const reachable = (url: string) => url.replace(unreachable, server.url);
  const settle = () => server.app.get(EmbeddedTestGateway).settled();

  beforeAll(async () => {
    unreachable = `http://127.0.0.1:${await freePort()}`;
    server = await startTestServer({ clock, env: { PUBLIC_URL: unreachable } });
    lease = await publishDocumentWithFiles(server, {
      title: 'Üürileping',
      price: 1500,
      files: [{ title: 'Üürileping', format: 'docx' }],
    });
  }, 60_000);
  afterAll(async () => {
    await settle();
    await server.close();
  });

  it('asks the gateway before expiring: a payment whose messages never arrived is delivered, dated when it was paid', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { basketId, purchaseId, paymentUrl } = await checkOut(server, [lease], { email });
    clock.advance(10 * MINUTE);
    const paidAt = clock.now().toISOString();
    await payAtEmbeddedGateway(reachable(paymentUrl), 'success');
    await settle(); // the notification was given up: nobody answered at the shop's address
    expect((await purchaseAsBuyer(server, purchaseId)).body.status).toBe('pending');

    clock.advance(21 * MINUTE); // past the purchase's 30 minutes
    const report = await server.app.get(PurchaseSweepScheduler).sweep();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await purchaseAsBuyer(server, purchaseId)).body).toMatchObject({ status: 'paid', paidAt });
    const types = await streamEventTypes(server, purchaseStreamId(purchaseId));
    expect(types.filter((t) => t === 'PurchasePaid')).toHaveLength(1);
    expect(types).not.toContain('PurchaseCanceled');
    expect((await mailsTo(server, email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Teie ost Lepinguturul'),
    ]);
    expect(await streamEventTypes(server, basketStreamId(basketId))).toContain('BasketConverted');
  });

  it('expires only a purchase the gateway says nobody paid', async () => {
    const { purchaseId } = await checkOut(server, [lease]);
    clock.advance(31 * MINUTE);
    await server.app.get(PurchaseSweepScheduler).sweep();
    expect((await purchaseAsBuyer(server, purchaseId)).body).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired',
    });
  });

  it('asks about every pending purchase at start: a payment completed while the server was stopped is delivered', async () => {
    const email = `${randomUUID()}@example.ee`;
    const { purchaseId, paymentUrl } = await checkOut(server, [lease], { email });
    const returned = await payAtEmbeddedGateway(reachable(paymentUrl), 'success');
    await settle();
    const { dataDir } = server;
    await server.close({ keepData: true });
    server = await startTestServer({ clock, dataDir, env: { PUBLIC_URL: unreachable } });
    const report = await server.app.get(PurchaseSweepScheduler).checkedAtStart();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await purchaseAsBuyer(server, purchaseId)).body.status).toBe('paid');
    expect(await mailsTo(server, email)).toHaveLength(1);
    // The buyer's return, late, changes nothing and still brings them to their purchase.
    const back = await postForm(reachable(returned.action), { json: returned.json, mac: returned.mac });
    expect(back.status).toBe(303);
    expect(keyInUrl(back.location)).not.toBeNull();
    const types = await streamEventTypes(server, purchaseStreamId(purchaseId));
    expect(types.filter((t) => t === 'PurchasePaid')).toHaveLength(1);
  }, 60_000);
});

/**
 * The same with a real crash: the server runs as `npm start` runs it, in a process of its own; the buyer
 * pays at the gateway (which the server carries), and before the gateway's notification or the buyer's
 * return reach the shop the process is killed with SIGKILL. The next start finds the payment by asking
 * the gateway, delivers it once, and the buyer's late return lands on their paid purchase.
 */
describe('No payment is lost when the server is killed between the payment and the return (kill -9)', () => {
  let dataDir = '';
  let unreachable = '';
  const running: ServerProcess[] = [];
  const start = async () => {
    const server = await startServerProcess({ dataDir, env: { PUBLIC_URL: unreachable } });
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lepinguturg-kill-'));
    copySeedTemplate(dataDir);
    unreachable = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    for (const server of running) await server.kill9();
    // A killed server's file-processing child may still be finishing a write in the folder.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const mails = async (server: ServerProcess, to: string) =>
    (await json(await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`))) as unknown as {
      subject: string;
      text: string;
    }[];

  it('delivers the payment once after a kill -9 and a restart, before the buyer comes back', async () => {
    const first = await start();
    const reachable = (url: string) => url.replace(unreachable, first.url);
    const page = await json(await fetch(`${first.url}/api/documents?sort=price-desc&limit=1`));
    const document = (page.items as { id: string; price: number }[])[0]!;
    const basketId = randomUUID();
    const post = (path: string, body?: unknown) =>
      fetch(`${first.url}/api/baskets/${basketId}${path}`, {
        method: 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await post('/documents', { documentId: document.id })).status).toBe(200);
    const email = `${randomUUID()}@example.ee`;
    expect((await post('/confirmation', aConfirmation(document.price, { email }))).status).toBe(200);
    const checkout = await json(await post('/checkout'));
    const purchaseId = checkout.purchaseId as string;

    // The buyer presses "success" at the gateway; the gateway's answer carries the return home.
    const returned = await payAtEmbeddedGateway(reachable(checkout.paymentUrl as string), 'success');
    await first.kill9();

    const second = await start();
    // Nobody comes back and no notification arrives: the server asked the gateway at start.
    let confirmation: { subject: string; text: string } | undefined;
    for (let i = 0; i < 300 && !confirmation; i++) {
      confirmation = (await mails(second, email)).find((m) => m.subject.includes('Teie ost Lepinguturul'));
      if (!confirmation) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(confirmation).toBeDefined();
    const summaryLink = linksIn(confirmation!.text).find((l) => l.includes(`/ostu-kokkuvote/${purchaseId}`))!;
    const key = keyInUrl(summaryLink)!;
    const summary = await json(
      await fetch(`${second.url}/api/purchases/${purchaseId}`, { headers: { 'x-purchase-key': key } }),
    );
    expect(summary).toMatchObject({ status: 'paid' });

    // The buyer's browser finally brings the gateway's message back.
    const back = await postForm(`${second.url}/payments/makecommerce/return`, {
      json: returned.json,
      mac: returned.mac,
    });
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${unreachable}/maksekeskus/tagasi/${purchaseId}#key=${key}`);
    expect((await mails(second, email)).filter((m) => m.subject.includes('Teie ost'))).toHaveLength(1);
    await second.stop();

    // The log holds the payment once, recorded from the gateway's transaction.
    const db = openSqliteDatabase(join(dataDir, 'lepinguturg.sqlite'));
    // Closed before the database: its background checkpointer must not outlive the folder.
    const store = new SqliteEventStore(db);
    try {
      const events = await store.readStream(purchaseStreamId(purchaseId));
      const paid = events.filter((e) => e.type === 'PurchasePaid');
      expect(paid).toHaveLength(1);
      expect((paid[0]!.data as { providerResponse: { source: string } }).providerResponse.source).toBe(
        'transaction-check',
      );
    } finally {
      await store.close();
      db.close();
    }
  }, 300_000);
});

/**
 * The gateway as the other party it is (MakeCommerce's protocol, on a server of its own): while it cannot be
 * reached, nothing is decided about a purchase past its 30 minutes; once it answers, its word is recorded.
 */
describe('Nothing is expired while the gateway cannot be asked', () => {
  const clock = new TestClock();
  const shopId = 'shop-of-its-own';
  const secretKey = 'a-gateway-of-its-own-secret-key';
  let gatewayDir = '';
  let gatewayPort = 0;
  let gateway: FastifyInstance | null = null;
  let server: TestServer;
  let lease: UploadedDocument;

  /** The gateway's server, on the same port and the same transaction file each time it starts. */
  const startGateway = async () => {
    const base = `http://127.0.0.1:${gatewayPort}/gateway`;
    const embedded = new EmbeddedTestGateway({
      shopId,
      secretKey,
      publicBaseUrl: base,
      clock,
      book: new SqliteTransactionBook(join(gatewayDir, 'gateway.sqlite')),
    });
    gateway = Fastify();
    await gateway.register(embedded.routes, { prefix: '/gateway' });
    await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });
  };
  const stopGateway = async () => {
    await gateway?.close();
    gateway = null;
  };

  beforeAll(async () => {
    gatewayDir = mkdtempSync(join(tmpdir(), 'gateway-of-its-own-'));
    gatewayPort = await freePort();
    await startGateway();
    server = await startTestServer({
      clock,
      env: {
        PAYMENTS: 'makecommerce',
        MAKECOMMERCE_API_URL: `http://127.0.0.1:${gatewayPort}/gateway`,
        MAKECOMMERCE_SHOP_ID: shopId,
        MAKECOMMERCE_SECRET_KEY: secretKey,
      },
    });
    lease = await publishDocumentWithFiles(server, {
      title: 'Üürileping',
      price: 1500,
      files: [{ title: 'Üürileping', format: 'docx' }],
    });
  }, 60_000);
  afterAll(async () => {
    await stopGateway();
    await server.close();
    rmSync(gatewayDir, { recursive: true, force: true });
  });

  it('keeps the purchase pending while the gateway is down, and records what it says once it is back', async () => {
    const { purchaseId, basketId } = await checkOut(server, [lease]);
    await stopGateway();
    clock.advance(31 * MINUTE);
    const sweeps = server.app.get(PurchaseSweepScheduler);
    expect(await sweeps.sweep()).toMatchObject({ expired: 0, paid: 0 });
    expect((await purchaseAsBuyer(server, purchaseId)).body.status).toBe('pending');

    await startGateway();
    expect((await sweeps.sweep()).expired).toBeGreaterThanOrEqual(1);
    expect((await purchaseAsBuyer(server, purchaseId)).body).toMatchObject({
      status: 'canceled',
      cancelReason: 'expired',
    });
    expect(await streamEventTypes(server, basketStreamId(basketId))).toContain('BasketConfirmationCanceled');
  });
});
