import { errorBody } from '../errors/error-body';
import type { AppFastify } from './fastify-types';

/**
 * A request to a path under /api that no route answers gets the 404 error body at once, before any body
 * is read or parsed and before any guard runs, so an unknown path costs what a 404 costs whatever it
 * carries. When a body was announced the connection is closed after the answer rather than reading it.
 */
export function registerUnknownApiPaths(fastify: AppFastify, prefix = '/api'): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!request.is404 || !(url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)))
      return done();
    const { language, body } = errorBody(404, 'ERROR.NOT_FOUND', request.headers['accept-language']);
    const length = request.headers['content-length'];
    if ((length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined)
      void reply.header('connection', 'close');
    void reply.status(404).header('content-language', language).send(body);
  });
}
