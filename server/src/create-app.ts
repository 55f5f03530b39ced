import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiExceptionFilter } from './api/errors/api-exception.filter';
import { createValidationPipe } from './api/validation/validation';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import type { Clock } from './infrastructure/clock/clock';
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
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  const indexFile = join(config.clientDistDir, 'index.html');
  let indexHtml: string | null = null;
  const spaIndexHtml = (): string | null => {
    if (indexHtml === null && existsSync(indexFile)) indexHtml = readFileSync(indexFile, 'utf8');
    return indexHtml;
  };
  app.useGlobalFilters(new ApiExceptionFilter(spaIndexHtml));
  app.useGlobalPipes(createValidationPipe());
  if (existsSync(config.clientDistDir)) {
    // Registered directly: Nest's useStaticAssets looks for @fastify/static from its own folder.
    await app.register(fastifyStatic as unknown as Parameters<typeof app.register>[0], {
      root: config.clientDistDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
    });
  }

  await app.init();
  const runner = app.get(ProjectionRunner);
  await runner.start();
  if (config.seedDemoData) {
    const seeded = await app.get(DemoSeeder).seedIfEmpty();
    await runner.waitFor(seeded, runner.names, 60_000);
  }
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
