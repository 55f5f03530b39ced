import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../config/app-config';
import { registerContentTypePolicy } from './content-type-policy';
import type { ErrorReply } from './fastify-types';
import { clientErrorHandler, frameworkErrors } from './framework-errors';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './json-body';
import { registerSecurityHeaders } from './security-headers';
import { dropStalledBodies } from './stalled-bodies';
import { registerUnknownApiPaths } from './unknown-api-path';

/** Fastify's server options: body and path limits, proxy trust, and framework errors in our error shape. */
export function fastifyServerOptions(config: AppConfig): ConstructorParameters<typeof FastifyAdapter>[0] {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify reads a number as a hop count at run time; its types know only the other forms.
    trustProxy: config.trustProxy as boolean | string,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: true },
    // Fastify's reply type is generic over route schemas; the answer needs only status, header and send.
    frameworkErrors: (error, request, reply) =>
      frameworkErrors(error, request, reply as unknown as ErrorReply),
    clientErrorHandler,
  };
}

/**
 * The HTTP edge, before any route: security headers, body parsers (JSON depth- and size-checked before
 * parsing), 404 for unknown /api paths before anything else, and the JSON-only rule for /api. Call right after NestFactory.create (with `bodyParser: false`) and
 * before anything else registers hooks, so these run first on every request.
 */
export function hardenHttp(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  registerSecurityHeaders(app, config);
  registerBodyParsers(fastify);
  dropStalledBodies(fastify);
  registerUnknownApiPaths(fastify);
  registerContentTypePolicy(fastify);
}
