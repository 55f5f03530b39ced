import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ErrorReply, RequestWithHeaders } from './fastify-types';
import { errorBody } from '../errors/error-body';

/** Codes for the HTTP errors the framework and Node's parser raise before a route runs. */
function codeFor(status: number): string {
  switch (status) {
    case 414:
      return 'ERROR.URI_TOO_LONG';
    case 431:
      return 'ERROR.HEADERS_TOO_LARGE';
    case 408:
      return 'ERROR.REQUEST_TIMEOUT';
    default:
      return 'ERROR.BAD_REQUEST';
  }
}

/**
 * Fastify's `frameworkErrors`: a malformed URL (400) or a path parameter over maxParamLength (414)
 * answers the one translated error body, like every other /api error.
 */
export function frameworkErrors(
  error: { readonly code?: string; readonly statusCode?: number },
  request: RequestWithHeaders,
  reply: ErrorReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const { language, body } = errorBody(status, codeFor(status), request.headers['accept-language']);
  void reply.status(status).header('content-language', language).send(body);
}

/** The Accept-Language of a request Node could not parse, read from its raw bytes when they got that far. */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const head = rawPacket.subarray(0, 16 * 1024).toString('latin1');
  return /\r\naccept-language:[ \t]*([^\r\n]{1,200})/i.exec(head)?.[1];
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before Fastify sees a request:
 * headers over the size limit (431), a request that took too long (408), and malformed requests such
 * as a wrong Content-Length (400). Answers the one error body and closes the connection, as Node does.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const { language, body } = errorBody(status, codeFor(status), acceptLanguageOf(error.rawPacket));
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Language: ${language}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
