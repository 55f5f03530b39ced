import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { BLOB_SIGNING_SECRET } from '../api/blobs/blob-download.tokens';
import { FEE_RATES } from '../config/fee-rates.token';
import { PURCHASE_LINK_SECRET } from '../commands/purchase/purchase-links';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BLOB_STORE, type BlobStore } from './blob-store/blob-store.port';
import { LocalFolderBlobStore } from './blob-store/local-folder-blob-store';
import { CLOCK, type Clock, systemClock } from './clock/clock';
import { SqliteIdentitySessions } from './identity/embedded/sqlite-identity-sessions';
import {
  IDENTITY_SESSIONS,
  type IdentitySessions,
  externalIdentitySessions,
} from './identity/identity-sessions.port';
import { AttachableIdentityAccounts, IDENTITY_ACCOUNTS } from './identity/identity-accounts.port';
import { MAILER, type Mailer } from './mail/mail.port';
import { MessenteSmsSender } from './sms/messente-sms-sender';
import { OutboxSmsSender } from './sms/outbox-sms-sender';
import type { SmsSender } from './sms/sms.port';
import { OutboxMailer } from './mail/outbox-mailer';
import { EVENT_STORE, type EventStore } from './event-store/event-store.port';
import { EMBEDDED_GATEWAY_PATH } from './payments/embedded-gateway/embedded-gateway.mount';
import { EmbeddedTestGateway } from './payments/embedded-gateway/embedded-test-gateway';
import { SqliteTransactionBook } from './payments/embedded-gateway/transaction-book';
import { MakeCommerceGateway } from './payments/makecommerce-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway, TEST_PAYMENT_DESK } from './payments/payment-gateway.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { EmbeddedTestRegistry } from './vat-registry/embedded-test-registry';
import { VAT_REGISTRY, type VatRegistry } from './vat-registry/vat-registry.port';
import { ViesRestRegistry } from './vat-registry/vies-rest-registry';
import { EmbeddedReadStore } from './read-store/embedded-read-store';
import { READ_STORE, type ReadStore } from './read-store/read-store.port';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from './private-files';
import { DATABASE_FILE, openSqliteDatabase, type SqliteDatabase } from './sqlite/sqlite-database';

/** The embedded profile's SQLite connection (null on production); the embedded identity provider shares it. */
export const SQLITE_DATABASE = Symbol('SqliteDatabase');
/** The outbox folder's mailer when mail is kept on disk (null when SMTP sends it). */
export const OUTBOX = Symbol('Outbox');
/** Text messages: Messente's API, or the outbox folder (shown in the dev mailbox). */
export const SMS_SENDER = Symbol('SmsSender');

/** The embedded profile's secret for signed download links: from config, else kept in DATA_DIR. */
function embeddedSigningSecret(config: AppConfig): string {
  if (config.blobSigningSecret) return config.blobSigningSecret;
  const file = join(config.dataDir, '.blob-signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(config.dataDir);
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}

/** A secret kept in DATA_DIR (generated at the first start), so links and test payments survive restarts. */
function secretInDataDir(config: AppConfig, fileName: string): string {
  const file = join(config.dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  try {
    ensurePrivateDir(config.dataDir);
    writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  } catch {
    // A read-only data folder: the secret lives as long as the process.
  }
  return secret;
}

/** The app reaches its own embedded services over loopback (like the embedded provider's JWKS). */
function loopbackUrl(config: AppConfig): string {
  const host = ['0.0.0.0', '127.0.0.1', 'localhost', '::', ''].includes(config.host)
    ? '127.0.0.1'
    : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** Closes the stores, then the SQLite file they share, when the app shuts down. */
@Injectable()
class InfrastructureLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(SQLITE_DATABASE) private readonly db: SqliteDatabase | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
    await this.readStore.close();
    this.db?.close();
  }
}

/**
 * The one module that chooses adapters from configuration: SQLite + embedded read store + local folder
 * for PROFILE=embedded, KurrentDB + MongoDB + MinIO for PROFILE=production. Nothing else knows which runs.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forConfig(config: AppConfig, clock: Clock = systemClock): DynamicModule {
    const embedded = config.profile === 'embedded';
    const embeddedPayments = config.payments.gateway === 'embedded';
    const gatewaySecret = embeddedPayments
      ? (config.payments.secretKey ?? secretInDataDir(config, '.test-gateway-secret'))
      : config.payments.secretKey!;
    // A publishable key is public by design (it opens only the card form); the test gateway's is derived
    // from its secret, so it stays the same across restarts.
    const publishableKey =
      config.payments.publishableKey ??
      (embeddedPayments
        ? createHmac('sha256', gatewaySecret).update('publishable-key').digest('base64url').slice(0, 32)
        : null);
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
        { provide: FEE_RATES, useValue: config.feeRates },
        {
          provide: SQLITE_DATABASE,
          useFactory: () => (embedded ? openSqliteDatabase(join(config.dataDir, DATABASE_FILE)) : null),
        },
        {
          provide: EVENT_STORE,
          inject: [SQLITE_DATABASE],
          // The production adapters load only on the production profile: their drivers (gRPC, MongoDB's,
          // MinIO's, nodemailer) would otherwise cost every embedded server their start-up time and memory.
          useFactory: async (db: SqliteDatabase | null): Promise<EventStore> => {
            if (db) return new SqliteEventStore(db);
            const { KurrentDbEventStore } = await import('./event-store/kurrentdb-event-store');
            return new KurrentDbEventStore(config.eventStoreUrl!);
          },
        },
        {
          provide: READ_STORE,
          inject: [SQLITE_DATABASE],
          useFactory: async (db: SqliteDatabase | null): Promise<ReadStore> => {
            if (db) return new EmbeddedReadStore(db);
            const { MongoReadStore } = await import('./read-store/mongo-read-store');
            return new MongoReadStore(config.mongoUrl!, config.mongoDb);
          },
        },
        {
          provide: BLOB_SIGNING_SECRET,
          useFactory: () => (embedded ? embeddedSigningSecret(config) : ''),
        },
        {
          provide: BLOB_STORE,
          inject: [BLOB_SIGNING_SECRET],
          useFactory: async (secret: string): Promise<BlobStore> => {
            if (embedded) return new LocalFolderBlobStore(join(config.dataDir, 'blobs'), secret);
            const s3 = config.s3!;
            const { MinioBlobStore } = await import('./blob-store/minio-blob-store');
            const store = MinioBlobStore.fromEndpoint({
              endpoint: s3.endpoint,
              publicEndpoint: s3.publicEndpoint ?? undefined,
              accessKey: s3.accessKey,
              secretKey: s3.secretKey,
              bucket: s3.bucket,
              region: s3.region,
            });
            await store.init();
            return store;
          },
        },
        {
          provide: OUTBOX,
          useFactory: () =>
            config.mail.smtpUrl ? null : new OutboxMailer(join(config.dataDir, 'outbox'), clock),
        },
        {
          provide: MAILER,
          inject: [OUTBOX],
          useFactory: async (outbox: OutboxMailer | null): Promise<Mailer> => {
            if (outbox) return outbox;
            const { SmtpMailer } = await import('./mail/smtp-mailer');
            return new SmtpMailer(config.mail.smtpUrl!, config.mail.from);
          },
        },
        {
          provide: SMS_SENDER,
          inject: [OUTBOX],
          useFactory: (outbox: OutboxMailer | null): SmsSender => {
            const messente = config.identity.sms.messente;
            if (config.identity.sms.provider === 'messente' && messente)
              return new MessenteSmsSender(messente);
            return new OutboxSmsSender(outbox ?? new OutboxMailer(join(config.dataDir, 'outbox'), clock));
          },
        },
        { provide: IDENTITY_ACCOUNTS, useValue: new AttachableIdentityAccounts() },
        {
          // Purchase links get their own key, derived from the blob-link secret, so a signature of one
          // kind of link never opens the other.
          provide: PURCHASE_LINK_SECRET,
          inject: [BLOB_SIGNING_SECRET],
          useFactory: (blobSecret: string) =>
            createHmac('sha256', blobSecret || (config.blobSigningSecret ?? ''))
              .update('purchase-links')
              .digest('hex'),
        },
        ...(embeddedPayments
          ? [
              {
                provide: EmbeddedTestGateway,
                useFactory: () =>
                  new EmbeddedTestGateway({
                    shopId: config.payments.shopId,
                    secretKey: gatewaySecret,
                    publicBaseUrl: `${config.publicUrl}${EMBEDDED_GATEWAY_PATH}`,
                    clock,
                    book: new SqliteTransactionBook(join(config.dataDir, 'test-gateway.sqlite')),
                    cardPayments: config.payments.testGatewayCards,
                    publishableKey: publishableKey ?? undefined,
                  }),
              },
              { provide: TEST_PAYMENT_DESK, useExisting: EmbeddedTestGateway },
            ]
          : []),
        {
          provide: PAYMENT_GATEWAY,
          useFactory: (): PaymentGateway =>
            new MakeCommerceGateway({
              apiUrl: embeddedPayments
                ? `${loopbackUrl(config)}${EMBEDDED_GATEWAY_PATH}`
                : config.payments.apiUrl,
              shopId: config.payments.shopId,
              secretKey: gatewaySecret,
              publishableKey,
              checkoutScriptUrl: embeddedPayments
                ? `${config.publicUrl}${EMBEDDED_GATEWAY_PATH}/checkout/dist/checkout.js`
                : config.payments.checkoutScriptUrl,
            }),
        },
        {
          provide: VAT_REGISTRY,
          useFactory: (): VatRegistry =>
            config.vat.registry === 'vies'
              ? new ViesRestRegistry({
                  baseUrl: config.vat.viesUrl,
                  timeoutMs: config.vat.viesTimeoutSeconds * 1000,
                })
              : new EmbeddedTestRegistry(),
        },
        {
          provide: IDENTITY_SESSIONS,
          inject: [SQLITE_DATABASE],
          useFactory: (db: SqliteDatabase | null): IdentitySessions =>
            config.identity.embedded && db ? new SqliteIdentitySessions(db) : externalIdentitySessions,
        },
        InfrastructureLifecycle,
      ],
      exports: [
        APP_CONFIG,
        CLOCK,
        FEE_RATES,
        EVENT_STORE,
        READ_STORE,
        BLOB_STORE,
        BLOB_SIGNING_SECRET,
        SQLITE_DATABASE,
        MAILER,
        OUTBOX,
        SMS_SENDER,
        IDENTITY_ACCOUNTS,
        PURCHASE_LINK_SECRET,
        PAYMENT_GATEWAY,
        VAT_REGISTRY,
        IDENTITY_SESSIONS,
        // The demo seed pays its history of past purchases at the embedded test gateway; the HTTP app
        // mounts the gateway's pages (AppModule: EmbeddedGatewayMount).
        ...(embeddedPayments ? [TEST_PAYMENT_DESK, EmbeddedTestGateway] : []),
      ],
    };
  }
}
