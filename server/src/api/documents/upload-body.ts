import type { IncomingMessage } from 'node:http';

/** The one thing needed of Fastify here (Nest's adapter brings its own Fastify, so no import of its types). */
interface ContentTypeParsers {
  addContentTypeParser(
    contentType: string,
    parser: (
      request: unknown,
      payload: IncomingMessage,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): unknown;
}

/**
 * Uploads arrive as `application/octet-stream`: Fastify hands the request stream to the handler as the
 * body without reading it, so the upload is streamed to storage and can be stopped at its size limit.
 */
export function acceptStreamedUploads(fastify: ContentTypeParsers): void {
  fastify.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
}
