import 'reflect-metadata';
import { type LogLevel, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { registerClientApp } from './api/client-app/client-app';
import { ApiExceptionFilter } from './api/errors/api-exception.filter';
import { MAKECOMMERCE_CALLBACK_PATHS } from './api/payments/makecommerce-callbacks.controller';
import { createValidationPipe } from './api/validation/validation';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { CLOCK, type Clock } from './infrastructure/clock/clock';
import {
  type EmbeddedIdentity,
  mountEmbeddedIdentity,
} from './infrastructure/identity/embedded/embedded-identity';
import { OUTBOX, SQLITE_DATABASE } from './infrastructure/infrastructure.module';
import { MAILER, type Mailer } from './infrastructure/mail/mail.port';
import type { OutboxMailer } from './infrastructure/mail/outbox-mailer';
import type { SqliteDatabase } from './infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from './projections/projection-runner';
import { DemoSeeder } from './seed/demo-seeder';

export interface CreateAppOptions {
  readonly clock?: Clock;
  readonly logger?: LogLevel[] | false;
}

/**
 * Builds the whole server (API under /api, the client app at /), starts the projections and seeds an
 * empty store with the demo catalogue. Not listening yet: main.ts listens, tests use inject/supertest.
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: 100 * 1024,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forConfig(config, options.clock),
    adapter,
    {
      logger: options.logger ?? ['log', 'warn', 'error'],
    },
  );
  // MakeCommerce's return, cancel and notification arrive form-encoded, so they live outside /api.
  app.setGlobalPrefix('api', {
    exclude: MAKECOMMERCE_CALLBACK_PATHS.map((path) => ({ path, method: RequestMethod.ALL })),
  });
  app.enableShutdownHooks();

  const clientApp = await registerClientApp(app, config);
  app.useGlobalFilters(new ApiExceptionFilter(clientApp));
  app.useGlobalPipes(createValidationPipe());

  const identity = config.identity.embedded ? await mountIdentity(app, config) : null;

  await app.init();
  const runner = app.get(ProjectionRunner);
  await runner.start();
  if (config.seedDemoData) {
    const seeded = await app.get(DemoSeeder).seedIfEmpty();
    await runner.waitFor(seeded, runner.names, 60_000);
  }
  if (identity && config.seedDemoData) printDemoAccounts(await identity.seedDemoAccounts());
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** The built-in OpenID provider under /oidc, on the embedded profile's SQLite file and mail outbox. */
async function mountIdentity(app: NestFastifyApplication, config: AppConfig): Promise<EmbeddedIdentity> {
  const db = app.get<SqliteDatabase | null>(SQLITE_DATABASE);
  if (db === null)
    throw new Error('The embedded identity provider needs PROFILE=embedded (or set OIDC_ISSUER).');
  const identity = await mountEmbeddedIdentity(app, {
    config,
    db,
    mailer: app.get<Mailer>(MAILER),
    outbox: config.profile === 'embedded' ? app.get<OutboxMailer | null>(OUTBOX) : null,
    clock: app.get<Clock>(CLOCK),
  });
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
