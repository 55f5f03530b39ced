import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeDocument } from '../../server/src/commands/document/change-document.command';
import { PurchaseLinks } from '../../server/src/commands/purchase/purchase-links';
import type { DocumentCommand } from '../../server/src/domain/catalogue/document.decider';
import type { FileFormat } from '../../server/src/domain/catalogue/catalogue-codes';
import { SYSTEM_ACTOR } from '../../server/src/domain/shared/command';
import type { DocumentDetails } from '../../server/src/events/document.events';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { BLOB_STORE, type BlobStore } from '../../server/src/infrastructure/blob-store/blob-store.port';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { OUTBOX } from '../../server/src/infrastructure/infrastructure.module';
import type { OutboxMailer, OutboxMessage } from '../../server/src/infrastructure/mail/outbox-mailer';
import { payAtEmbeddedGateway } from '../../server/src/infrastructure/payments/testing/embedded-gateway-driver';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import type { TestServer } from './test-server';

/** A file a test document carries, with the bytes the buyer must get back. */
export interface UploadedFile {
  readonly fileId: string;
  readonly title: string;
  readonly format: FileFormat;
  readonly bytes: Buffer;
  readonly blobKey: string;
}

export interface UploadedDocument {
  readonly documentId: string;
  readonly title: string;
  readonly price: number;
  readonly uploaderId: string;
  readonly uploaderName: string;
  readonly files: readonly UploadedFile[];
}

const CONTENT_TYPES: Partial<Record<FileFormat, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

/**
 * Publishes a document with real stored files: the bytes go into the BlobStore and the uploader's own
 * commands (create, add each file with its blob key, the processor's "processed", publish) go through
 * the command bus, as an upload would. Until uploads exist, this is how tests get documents to buy.
 */
export async function publishDocumentWithFiles(
  server: TestServer,
  options: {
    readonly title: string;
    readonly price: number;
    readonly files: readonly {
      readonly title: string;
      readonly format: FileFormat;
      readonly bytes?: Buffer;
    }[];
    readonly uploader?: number;
  },
): Promise<UploadedDocument> {
  const blobs = server.app.get<BlobStore>(BLOB_STORE);
  const commands = server.app.get(CommandBus);
  const uploader = DEMO_UPLOADERS[options.uploader ?? 0]!;
  const documentId = randomUUID();
  const files: UploadedFile[] = [];
  for (const file of options.files) {
    const bytes = file.bytes ?? randomBytes(2048 + Math.floor(Math.random() * 4096));
    const blobKey = `documents/${documentId}/${randomUUID()}`;
    await blobs.put(
      blobKey,
      Readable.from([bytes]),
      CONTENT_TYPES[file.format] ?? 'application/octet-stream',
    );
    files.push({ fileId: randomUUID(), title: file.title, format: file.format, bytes, blobKey });
  }
  const details: DocumentDetails = {
    title: options.title,
    description: `${options.title}: a template for tests.`,
    author: null,
    language: 'et',
    fieldOfLaw: 'contract',
    applicableLaw: 'EE',
    tags: ['test'],
    year: 2026,
    price: options.price,
  };
  const now = new Date();
  const by = (actorId: string) => ({ actorId, now });
  const sequence: DocumentCommand[] = [
    {
      type: 'CreateDocument',
      data: { documentId, uploaderId: uploader.userId, details },
      context: by(uploader.userId),
    },
  ];
  for (const file of files) {
    const sizeKb = Math.max(1, Math.ceil(file.bytes.length / 1024));
    sequence.push(
      {
        type: 'AddFile',
        data: {
          documentId,
          fileId: file.fileId,
          title: file.title,
          format: file.format,
          sizeKb,
          blobKey: file.blobKey,
        },
        context: by(uploader.userId),
      },
      {
        type: 'RecordFileProcessed',
        data: { documentId, fileId: file.fileId, pages: 1, sizeKb, method: 'test-fixture', preview: null },
        context: by(SYSTEM_ACTOR),
      },
    );
  }
  sequence.push({ type: 'PublishDocument', data: { documentId }, context: by(uploader.userId) });
  let position: bigint | null = null;
  for (const command of sequence) {
    position = (await commands.execute(new ChangeDocument(command))).position ?? position;
  }
  await server.app.get(ProjectionRunner).waitFor(position);
  return {
    documentId,
    title: options.title,
    price: options.price,
    uploaderId: uploader.userId,
    uploaderName: `${uploader.firstName} ${uploader.lastName}`,
    files,
  };
}

/** The cart's form as a buyer fills it in. */
export interface ConfirmationBody {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  /** The billing address's country (ISO alpha-2). */
  country: string;
  previewsSeen: boolean;
  termsAccepted: boolean;
  invoice: { companyName: string; registryCode: string; vatNumber: string | null } | null;
  paymentMethod: string;
  expectedTotal: number;
  /** The buyer's answer when the VAT evidence asks where they live. */
  countryOfResidence?: string | null;
  /** The buyer pays with VAT while VIES does not answer. */
  payWithVatWhileViesUnavailable?: boolean;
}

export const SWEDBANK = 'banklink:ee:swedbank';

export function aConfirmation(
  expectedTotal: number,
  overrides: Partial<ConfirmationBody> = {},
): ConfirmationBody {
  return {
    email: 'mari.maasikas@example.ee',
    firstName: 'Mari',
    lastName: 'Maasikas',
    address: 'Tartu mnt 1, 10115 Tallinn',
    country: 'EE',
    previewsSeen: true,
    termsAccepted: true,
    invoice: null,
    paymentMethod: SWEDBANK,
    expectedTotal,
    ...overrides,
  };
}

/**
 * JSON over HTTP against the test server (no client library: what a browser sends). The body is as loose
 * as supertest's: the tests' expectations are what check its shape.
 */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Posts a form as the gateway's return page (or the gateway itself) would: `json` and `mac`. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** The cart's VAT preview for the form's details (POST …/vat-quote), as the cart asks it before confirming. */
export async function vatQuote(
  server: TestServer,
  basketId: string,
  form: Partial<ConfirmationBody>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const quoted = await call(server, 'POST', `/api/baskets/${basketId}/vat-quote`, {
    country: form.country ?? 'EE',
    vatNumber: form.invoice?.vatNumber ?? null,
    paymentMethod: form.paymentMethod ?? SWEDBANK,
    countryOfResidence: form.countryOfResidence ?? null,
    payWithVatWhileViesUnavailable: form.payWithVatWhileViesUnavailable ?? false,
  });
  if (quoted.status !== 200)
    throw new Error(`vat-quote answered ${quoted.status}: ${JSON.stringify(quoted.body)}`);
  return quoted.body;
}

/**
 * Basket with the documents, confirmed with the form (the total the cart's VAT preview showed for it),
 * then "Go pay": answers the purchase and payment page.
 */
export async function checkOut(
  server: TestServer,
  documents: readonly { documentId: string }[],
  overrides: Partial<ConfirmationBody> = {},
  basketId: string = randomUUID(),
): Promise<{ basketId: string; purchaseId: string; paymentUrl: string; total: number }> {
  for (const document of documents) {
    const added = await call(server, 'POST', `/api/baskets/${basketId}/documents`, {
      documentId: document.documentId,
    });
    if (added.status !== 200) throw new Error(`add answered ${added.status}: ${JSON.stringify(added.body)}`);
  }
  const quote = await vatQuote(server, basketId, overrides);
  const total = (overrides.expectedTotal ?? quote.total) as number;
  const confirmed = await call(
    server,
    'POST',
    `/api/baskets/${basketId}/confirmation`,
    aConfirmation(total, overrides),
  );
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  const paid = await call(server, 'POST', `/api/baskets/${basketId}/checkout`);
  if (paid.status !== 200) throw new Error(`checkout answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return { basketId, purchaseId: paid.body.purchaseId, paymentUrl: paid.body.paymentUrl, total };
}

/**
 * The buyer at the test gateway chooses an outcome, and the browser carries the signed message back to the
 * shop (the return or cancel route). Answers the shop's redirect.
 */
export async function payAndReturn(
  paymentUrl: string,
  outcome: 'success' | 'failure' | 'cancel',
): Promise<{ status: number; location: string | null; message: { json: string; mac: string } }> {
  const returned = await payAtEmbeddedGateway(paymentUrl, outcome);
  const answer = await postForm(returned.action, { json: returned.json, mac: returned.mac });
  return {
    status: answer.status,
    location: answer.location,
    message: { json: returned.json, mac: returned.mac },
  };
}

/** The mails the embedded outbox holds for an address, newest first. */
export function mailsTo(server: TestServer, address: string): Promise<OutboxMessage[]> {
  return server.app.get<OutboxMailer>(OUTBOX).list(address);
}

/** Every link in a text. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s)>"]+/g)].map((m) => m[0]);
}

/** The uploader changes their document (price, publication, deletion) through the command bus. */
export async function changeDocument(server: TestServer, command: DocumentCommand): Promise<void> {
  const result = await server.app.get(CommandBus).execute(new ChangeDocument(command));
  await server.app.get(ProjectionRunner).waitFor(result.position);
}

/** The types of the events in a stream, in order. */
export async function streamEventTypes(server: TestServer, streamId: string): Promise<string[]> {
  const events = await server.app.get<EventStore>(EVENT_STORE).readStream(streamId);
  return events.map((e) => e.type);
}

/** The buyer's access key in a page address (the return page's, the summary's): its `#key=` fragment. */
export function keyInUrl(url: string | null): string | null {
  if (url === null) return null;
  return new URLSearchParams(new URL(url).hash.slice(1)).get('key');
}

/**
 * The buyer's current access key, as the return page's address and the mail carry it: made from the
 * purchase's last key id with the server's own secret (for tests whose subject is not the key's way there).
 */
export async function buyerKeyOf(server: TestServer, purchaseId: string): Promise<string> {
  const events = await server.app.get<EventStore>(EVENT_STORE).readStream(purchaseStreamId(purchaseId));
  const issued = events.filter((e) => e.type === 'PurchaseAccessKeyIssued').at(-1);
  if (!issued) throw new Error(`Purchase ${purchaseId} has no access key`);
  return server.app.get(PurchaseLinks).accessKey(purchaseId, (issued.data as { keyId: string }).keyId);
}

/** The purchase summary as its buyer's browser reads it: with the access key in X-Purchase-Key. */
export async function purchaseAsBuyer(
  server: TestServer,
  purchaseId: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const key = await buyerKeyOf(server, purchaseId);
  return call(server, 'GET', `/api/purchases/${purchaseId}`, undefined, { 'x-purchase-key': key });
}
