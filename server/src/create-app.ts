import 'reflect-metadata';
import { type LogLevel, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { acceptStreamedUploads } from './api/documents/upload-body';
import { registerClientApp } from './api/client-app/client-app';
import { ApiExceptionFilter } from './api/errors/api-exception.filter';
import { CARD_PAYMENT_PATHS } from './api/payments/card-payment.controller';
import { MAKECOMMERCE_CALLBACK_PATHS } from './api/payments/makecommerce-callbacks.controller';
import { SITE_PATHS } from './api/site/site.controller';
import { fastifyServerOptions, hardenHttp } from './api/http/http-hardening';
import { createValidationPipe } from './api/validation/validation';
import { AppModule } from './app.module';
import { PurchaseSweepScheduler } from './commands/purchase/purchase-sweep.scheduler';
import { EndSessionsCommand } from './commands/sign-in/end-sessions.command';
import type { AppConfig } from './config/app-config';
import { CLOCK, type Clock } from './infrastructure/clock/clock';
import { EVENT_STORE, type EventStore } from './infrastructure/event-store/event-store.port';
import {
  type EmbeddedIdentity,
  mountEmbeddedIdentity,
} from './infrastructure/identity/embedded/embedded-identity';
import type { ThrottleLimits } from './infrastructure/identity/embedded/sign-in-limits';
import {
  AttachableIdentityAccounts,
  IDENTITY_ACCOUNTS,
} from './infrastructure/identity/identity-accounts.port';
import { OUTBOX, SMS_SENDER, SQLITE_DATABASE } from './infrastructure/infrastructure.module';
import type { SmsSender } from './infrastructure/sms/sms.port';
import { MAILER, type Mailer } from './infrastructure/mail/mail.port';
import type { OutboxMailer } from './infrastructure/mail/outbox-mailer';
import type { SqliteDatabase } from './infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from './projections/projection-runner';
import { FilePagesBackfill } from './processes/file-processing/file-pages-backfill';
import { DemoHistorySeeder } from './seed/demo-history-seeder';
import { DemoSeeder } from './seed/demo-seeder';

export interface CreateAppOptions {
  readonly clock?: Clock;
  readonly logger?: LogLevel[] | false;
  /**
   * Answer only once a fresh demo catalogue is complete: its files processed and its templates
   * published (the test harness seeds one data folder this way and copies it). Otherwise that part
   * finishes in the background while the server already answers.
   */
  readonly awaitDemoCatalogue?: boolean;
  /** The embedded sign-in pages' per-network limits, when not SIGN_IN_LIMITS (tests from one address). */
  readonly signInThrottleLimits?: Partial<ThrottleLimits>;
}

/**
 * Builds the whole server (API under /api, the client app at /), starts the projections and seeds an
 * empty store with the demo catalogue (and, once the server listens, its sales history). Not listening yet: main.ts listens, tests use inject/supertest.
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter(fastifyServerOptions(config));
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forConfig(config, options.clock),
    adapter,
    {
      logger: options.logger ?? ['log', 'warn', 'error'],
      // The body parsers are our own (api/http/json-body.ts): JSON is depth-checked before parsing.
      bodyParser: false,
    },
  );
  hardenHttp(app, config);
  // MakeCommerce's return, cancel and notification arrive form-encoded, so they live outside /api; so does
  // the card payment page beside them (an HTML page with its own files), and so do robots.txt and the
  // sitemap, where search engines look for them.
  app.setGlobalPrefix('api', {
    exclude: [
      ...[...MAKECOMMERCE_CALLBACK_PATHS, ...CARD_PAYMENT_PATHS].map((path) => ({
        path,
        method: RequestMethod.ALL,
      })),
      ...SITE_PATHS.map((path) => ({ path, method: RequestMethod.GET })),
    ],
  });
  app.enableShutdownHooks();
  acceptStreamedUploads(app.getHttpAdapter().getInstance());

  const clientApp = await registerClientApp(app, config);
  app.useGlobalFilters(new ApiExceptionFilter(clientApp));
  app.useGlobalPipes(createValidationPipe());

  const identity = config.identity.embedded
    ? await mountIdentity(app, config, options.signInThrottleLimits)
    : null;

  await app.init();
  const runner = app.get(ProjectionRunner);
  await runner.start();
  if (config.seedDemoData) {
    const seeded = await app.get(DemoSeeder).seed();
    if (seeded) {
      // The sales history is paid at the embedded gateway, which the adapter reaches over HTTP: it is
      // seeded in the background once the server listens and the catalogue is published.
      app
        .get(DemoHistorySeeder)
        .seedAfter(Promise.all([listening(app), seeded.published]).then(([, published]) => published));
      await runner.waitFor(seeded.position, runner.names, 60_000);
      if (options.awaitDemoCatalogue) {
        await seeded.finished;
        await runner.waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), runner.names, 60_000);
      }
    }
  }
  if (identity && config.seedDemoData) printDemoAccounts(await identity.seedDemoAccounts());
  checkPendingPurchasesOnceListening(app, runner);
  // Files without page images are looked for once the server listens, so a start answers first.
  void app.get(FilePagesBackfill).start(listening(app));
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Resolves once the server listens (never, for an app that is only injected into). */
function listening(app: NestFastifyApplication): Promise<void> {
  return new Promise<void>((resolve) =>
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onListen', (done) => {
        resolve();
        done();
      }),
  );
}

/**
 * A payment may have completed while the server was down, its return and notification lost: once the
 * server listens (the embedded gateway, too, is reached over HTTP) and the purchases read model has caught
 * up with the log, every pending purchase is checked at the gateway, in the background.
 */
function checkPendingPurchasesOnceListening(app: NestFastifyApplication, runner: ProjectionRunner): void {
  const sweeps = app.get(PurchaseSweepScheduler);
  void listening(app)
    .then(() => app.get<EventStore>(EVENT_STORE).headPosition())
    .then((head) => runner.waitFor(head, ['purchases'], 60_000))
    .then(() => sweeps.checkPendingAtStart());
}

/** The built-in OpenID provider under /oidc, on the embedded profile's SQLite file and mail outbox. */
async function mountIdentity(
  app: NestFastifyApplication,
  config: AppConfig,
  throttleLimits: Partial<ThrottleLimits> | undefined,
): Promise<EmbeddedIdentity> {
  const db = app.get<SqliteDatabase | null>(SQLITE_DATABASE);
  if (db === null)
    throw new Error('The embedded identity provider needs PROFILE=embedded (or set OIDC_ISSUER).');
  const identity = await mountEmbeddedIdentity(app, {
    config,
    db,
    mailer: app.get<Mailer>(MAILER),
    outbox: config.profile === 'embedded' ? app.get<OutboxMailer | null>(OUTBOX) : null,
    clock: app.get<Clock>(CLOCK),
    throttleLimits,
    sms: app.get<SmsSender>(SMS_SENDER),
    // A password reset or change ends the account's other sign-ins, in the log and at the provider.
    onPasswordChanged: async (accountId, change) => {
      const clock = app.get<Clock>(CLOCK);
      const result = await app.get(CommandBus).execute(
        new EndSessionsCommand({
          type: 'EndSessions',
          data: { userId: accountId, reason: change },
          context: { actorId: accountId, now: clock.now() },
        }),
      );
      await app.get(ProjectionRunner).waitFor(result.position, ['sign-in']);
    },
  });
  // My data's phone and devices, and the admin's "require password reset", act on these accounts.
  app.get<AttachableIdentityAccounts>(IDENTITY_ACCOUNTS).attach(identity.accounts);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => identity.close());
  return identity;
}

function printDemoAccounts(created: readonly { email: string; password: string; role: string }[]): void {
  if (created.length === 0) return;
  const logger = new Logger('DemoAccounts');
  logger.log('Demo accounts (embedded profile only):');
  for (const account of created)
    logger.log(`  ${account.role.padEnd(8)} ${account.email.padEnd(26)} ${account.password}`);
}
