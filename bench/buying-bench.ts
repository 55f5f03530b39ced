import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeDocument } from '../server/src/commands/document/change-document.command';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import type { DocumentCommand } from '../server/src/domain/catalogue/document.decider';
import { SYSTEM_ACTOR } from '../server/src/domain/shared/command';
import { BLOB_STORE, type BlobStore } from '../server/src/infrastructure/blob-store/blob-store.port';
import { EmbeddedTestGateway } from '../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { payAtEmbeddedGateway } from '../server/src/infrastructure/payments/testing/embedded-gateway-driver';
import { ProjectionRunner } from '../server/src/projections/projection-runner';
import { note, percentile, printLine, round } from './support/report';

export interface BuyingBenchSizes {
  /** Purchases taken from an empty basket to paid. */
  readonly purchases: number;
  readonly concurrency: number;
  /** Files in the zip bench's purchase, and the size of each. */
  readonly zipFiles: number;
  readonly zipFileMb: number;
}

type App = Awaited<ReturnType<typeof createApp>>;

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

/** `size` random bytes as a stream of 1 MiB chunks (never the whole file in memory). */
function randomStream(size: number): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = Math.min(left, 1024 * 1024);
      left -= chunk;
      this.push(randomBytes(chunk));
    },
  });
}

/** Publishes a document whose files are stored in the BlobStore, through the uploader's own commands. */
async function publishDocument(
  app: App,
  price: number,
  files: readonly { sizeBytes: number }[],
): Promise<string> {
  const blobs = app.get<BlobStore>(BLOB_STORE);
  const commands = app.get(CommandBus);
  const documentId = randomUUID();
  const uploaderId = randomUUID();
  const now = new Date();
  const sequence: DocumentCommand[] = [
    {
      type: 'CreateDocument',
      data: {
        documentId,
        uploaderId,
        details: {
          title: `Bench document ${documentId.slice(0, 8)}`,
          description: 'A document for the buying benchmark.',
          author: null,
          language: 'et',
          fieldOfLaw: 'contract',
          applicableLaw: 'EE',
          tags: [],
          year: 2026,
          price,
        },
      },
      context: { actorId: uploaderId, now },
    },
  ];
  for (const [index, file] of files.entries()) {
    const fileId = randomUUID();
    const blobKey = `bench/${documentId}/${fileId}`;
    await blobs.put(blobKey, randomStream(file.sizeBytes), 'application/pdf');
    const sizeKb = Math.ceil(file.sizeBytes / 1024);
    sequence.push(
      {
        type: 'AddFile',
        data: { documentId, fileId, title: `Part ${index + 1}`, format: 'pdf', sizeKb, blobKey },
        context: { actorId: uploaderId, now },
      },
      {
        type: 'RecordFileProcessed',
        data: {
          documentId,
          fileId,
          pages: 1,
          sizeKb,
          method: 'bench-fixture',
          preview: null,
          rendered: { images: null, contents: [] },
        },
        context: { actorId: SYSTEM_ACTOR, now },
      },
    );
  }
  sequence.push({ type: 'PublishDocument', data: { documentId }, context: { actorId: uploaderId, now } });
  let position: bigint | null = null;
  for (const command of sequence) position = (await commands.execute(new ChangeDocument(command))).position;
  await app.get(ProjectionRunner).waitFor(position);
  return documentId;
}

async function post(url: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * One purchase the way a buyer makes it, over HTTP: add to an empty basket, confirm, "Go pay" (the
 * server creates the gateway's transaction), pay on the test gateway's bank-link page, and come back
 * with the signed message through the return route, whose address carries the buyer's access key. Answers
 * the purchase id and the key once the purchase reads paid.
 */
async function buy(
  base: string,
  documentId: string,
  price: number,
): Promise<{ purchaseId: string; key: string }> {
  const basket = `${base}/api/baskets/${randomUUID()}`;
  await post(`${basket}/documents`, { documentId });
  await post(`${basket}/confirmation`, {
    email: 'bench@example.ee',
    firstName: 'Bench',
    lastName: 'Buyer',
    address: 'Tallinn',
    country: 'EE',
    previewsSeen: true,
    termsAccepted: true,
    invoice: { companyName: 'Bench OÜ', registryCode: '12345678', vatNumber: null },
    paymentMethod: 'banklink:ee:swedbank',
    expectedTotal: price,
  });
  const { purchaseId, paymentUrl } = (await post(`${basket}/checkout`)) as {
    purchaseId: string;
    paymentUrl: string;
  };
  const returned = await payAtEmbeddedGateway(paymentUrl, 'success');
  const back = await fetch(returned.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ json: returned.json, mac: returned.mac }).toString(),
  });
  await back.arrayBuffer();
  if (back.status !== 303) throw new Error(`the return answered ${back.status}`);
  const key = new URLSearchParams(new URL(back.headers.get('location') ?? '').hash.slice(1)).get('key') ?? '';
  const summary = await summaryOf(base, purchaseId, key);
  if (summary.status !== 'paid') throw new Error(`purchase ${purchaseId} is ${summary.status}`);
  return { purchaseId, key };
}

/** The purchase summary as the buyer's page reads it, with their access key. */
async function summaryOf(
  base: string,
  purchaseId: string,
  key: string,
): Promise<{ status: string; archiveUrl: string }> {
  const response = await fetch(`${base}/api/purchases/${purchaseId}`, { headers: { 'x-purchase-key': key } });
  return (await response.json()) as { status: string; archiveUrl: string };
}

async function checkoutToPaid(app: App, base: string, sizes: BuyingBenchSizes): Promise<void> {
  const price = 1240;
  const documentId = await publishDocument(app, price, [{ sizeBytes: 4096 }]);
  note(`buying: 3 warm-up purchases, then ${sizes.purchases} at concurrency ${sizes.concurrency}`);
  for (let i = 0; i < 3; i++) await buy(base, documentId, price);
  const latencies: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < sizes.purchases) {
      next += 1;
      const started = performance.now();
      await buy(base, documentId, price);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: sizes.concurrency }, worker));
  const ms = performance.now() - started;
  await app.get(EmbeddedTestGateway).settled();
  printLine({
    bench: 'checkout-to-paid',
    flow: 'add → confirm (invoice) → go pay → gateway bank-link page → signed return → paid',
    browserRequestsPerPurchase: 7,
    purchases: latencies.length,
    concurrency: sizes.concurrency,
    purchasesPerSecond: round(latencies.length / (ms / 1000), 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    maxMs: round(Math.max(...latencies), 1),
  });
}

async function zipStreaming(app: App, base: string, sizes: BuyingBenchSizes): Promise<void> {
  const fileBytes = sizes.zipFileMb * 1024 * 1024;
  note(`zip: storing ${sizes.zipFiles} files of ${sizes.zipFileMb} MB and buying them`);
  const price = 990;
  const documentId = await publishDocument(
    app,
    price,
    Array.from({ length: sizes.zipFiles }, () => ({ sizeBytes: fileBytes })),
  );
  const { purchaseId, key } = await buy(base, documentId, price);
  const summary = await summaryOf(base, purchaseId, key);

  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  let received = 0;
  let firstByteMs = 0;
  const started = performance.now();
  const response = await fetch(summary.archiveUrl);
  if (!response.ok || !response.body) throw new Error(`the zip answered ${response.status}`);
  await pipeline(
    Readable.fromWeb(response.body),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (received === 0) firstByteMs = performance.now() - started;
        received += chunk.length;
        done();
      },
    }),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  const payloadMb = (sizes.zipFiles * fileBytes) / (1024 * 1024);
  const zipMb = received / (1024 * 1024);
  printLine({
    bench: 'zip-streaming',
    files: sizes.zipFiles,
    fileMb: sizes.zipFileMb,
    zipMb: round(zipMb, 1),
    contentLengthHeader: Number(response.headers.get('content-length')),
    firstByteMs: round(firstByteMs, 1),
    seconds: round(ms / 1000, 2),
    mbPerSecond: round(zipMb / (ms / 1000), 1),
    peakRssGrowthMb: round((peakRss - baselineRss) / (1024 * 1024), 1),
    // Far below 1: the zip is streamed, never held whole in memory.
    peakRssGrowthToZipRatio: round((peakRss - baselineRss) / received, 3),
    payloadMb,
  });
}

/**
 * Buying figures on the real server (embedded profile, embedded test gateway speaking MakeCommerce's
 * protocol, real HTTP): checkout-to-paid throughput, and streaming the zip of a purchase of large files.
 */
export async function runBuyingBench(dir: string, sizes: BuyingBenchSizes): Promise<void> {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    PURCHASE_SWEEP_SECONDS: '0',
    // Every simulated buyer comes from 127.0.0.1; production's per-client limit would count them as one.
    ANONYMOUS_WRITES_PER_MINUTE: '0',
    CLIENT_DIST_DIR: join(dir, 'no-client'),
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await checkoutToPaid(app, base, sizes);
    await zipStreaming(app, base, sizes);
  } finally {
    await app.close();
  }
}
