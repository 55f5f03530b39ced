import type { AppFastify, RequestWithHeaders } from './fastify-types';
import { RouteConfig } from '@nestjs/platform-fastify';
import { errorBody } from '../errors/error-body';

/** Route config key (Fastify `config`) listing the media types a route accepts besides JSON. */
export const ACCEPTS_CONTENT_TYPES = 'acceptsContentTypes';

/**
 * The narrow exception to "the JSON API accepts only application/json": a route that takes another body
 * (a file upload streaming application/pdf, say) names the media types it accepts, and registers its own
 * content-type parser for them. Sets Fastify's route config: do not combine with another @RouteConfig on
 * the same handler (the later one would replace this one); put every key in one RouteConfig instead.
 */
export const AcceptsContentTypes = (...mediaTypes: string[]): MethodDecorator =>
  RouteConfig({ [ACCEPTS_CONTENT_TYPES]: mediaTypes.map((type) => type.toLowerCase()) });

/** The media type of a Content-Type header, without parameters: `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function hasBody(request: RequestWithHeaders): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Every request to /api that carries a body must send it as application/json (or a type its route
 * lists with @AcceptsContentTypes), else 415 ERROR.UNSUPPORTED_MEDIA_TYPE before anything parses it.
 * A cross-site HTML form can only send form, multipart or text bodies without a CORS preflight, so
 * none of them reaches a command. Paths outside /api (the identity provider's own forms, the payment
 * provider's returns) are not touched.
 */
export function registerContentTypePolicy(fastify: AppFastify, prefix = '/api/'): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(prefix) || !hasBody(request)) return done();
    const type = mediaTypeOf(request.headers['content-type']);
    const extra = (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[
      ACCEPTS_CONTENT_TYPES
    ];
    if (type === 'application/json' || (Array.isArray(extra) && extra.includes(type))) return done();
    const { language, body } = errorBody(
      415,
      'ERROR.UNSUPPORTED_MEDIA_TYPE',
      request.headers['accept-language'],
    );
    void reply.status(415).header('content-language', language).send(body);
  });
}
