import type { AppFastify } from './fastify-types';
import { clientErrorHandler } from './framework-errors';

/**
 * How long a request body may go without a byte arriving. A client that announces more than it sends (a
 * Content-Length it never reaches) holds a connection and a parser until then; an honest upload, even a
 * 40 MB one on a slow line, sends something every few milliseconds.
 */
export const BODY_IDLE_TIMEOUT_MS = 10_000;

/**
 * Drops a request whose body stops arriving for BODY_IDLE_TIMEOUT_MS: 408 ERROR.REQUEST_TIMEOUT (the one
 * error body) and the connection closed. The timer is the socket's idle timeout, armed only while a body
 * is still expected and disarmed once it has ended or the answer is sent, so a slow answer or a slow
 * download is never cut.
 */
export function dropStalledBodies(fastify: AppFastify, idleMs = BODY_IDLE_TIMEOUT_MS): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const length = raw.headers['content-length'];
    const announced =
      (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
    if (!announced || raw.readableEnded) return done();
    const socket = raw.socket;
    // app.inject's requests have no real socket, and no network to stall on.
    if (typeof (socket as { setTimeout?: unknown } | undefined)?.setTimeout !== 'function') return done();
    const stalled = (): void => {
      if (raw.readableEnded || reply.sent) return;
      clientErrorHandler(
        Object.assign(new Error('The request body stopped arriving'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
        socket,
      );
    };
    const disarm = (): void => {
      socket.setTimeout(0);
      raw.off('timeout', stalled);
    };
    socket.setTimeout(idleMs);
    // Node's HTTP server tells an unfinished request of its socket's timeout first ('timeout' on the
    // request); with a listener there it leaves the answer to us.
    raw.once('timeout', stalled);
    raw.once('end', disarm);
    raw.once('close', disarm);
    reply.raw.once('finish', disarm);
    done();
  });
}
