import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKeyReusedError } from '../../commands/shared/aggregate-store';
import { DomainError, type FieldErrors } from '../../domain/shared/domain-error';
import { DuplicateEventIdError } from '../../infrastructure/event-store/duplicate-event-id.error';
import { WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store.port';
import type { ClientAppPages } from '../client-app/client-app';
import { ApiError } from './api-error';
import { errorBody } from './error-body';
import { statusForCode } from './error-status';

interface Classified {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: FieldErrors;
}

/** Codes for HTTP errors raised by Nest or Fastify themselves (unknown route, unreadable body, …). */
function codeForHttpStatus(status: number): string {
  switch (status) {
    case 404:
      return 'ERROR.NOT_FOUND';
    case 408:
      return 'ERROR.REQUEST_TIMEOUT';
    case 414:
      return 'ERROR.URI_TOO_LONG';
    case 429:
      return 'ERROR.TOO_MANY_REQUESTS';
    case 431:
      return 'ERROR.HEADERS_TOO_LARGE';
    case 413:
      return 'ERROR.PAYLOAD_TOO_LARGE';
    case 415:
      return 'ERROR.UNSUPPORTED_MEDIA_TYPE';
    default:
      return status >= 500 ? 'ERROR.UNKNOWN' : 'ERROR.BAD_REQUEST';
  }
}

function classify(exception: unknown): Classified | null {
  if (exception instanceof DomainError) {
    return {
      status: statusForCode(exception.code),
      code: exception.code,
      fieldErrors: exception.fieldErrors,
    };
  }
  if (exception instanceof ApiError) {
    return { status: exception.status, code: exception.code, fieldErrors: exception.fieldErrors };
  }
  if (exception instanceof WrongExpectedRevisionError)
    return { status: 409, code: 'ERROR.CONCURRENT_CHANGE' };
  if (exception instanceof IdempotencyKeyReusedError)
    return { status: 422, code: 'ERROR.IDEMPOTENCY_KEY_REUSED' };
  if (exception instanceof DuplicateEventIdError)
    return { status: 409, code: 'ERROR.IDEMPOTENCY_KEY_REUSED' };
  if (exception instanceof HttpException) {
    return { status: exception.getStatus(), code: codeForHttpStatus(exception.getStatus()) };
  }
  // Fastify's own errors (body parsing, size limits) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, code: codeForHttpStatus(statusCode) };
  }
  return null;
}

/**
 * Turns every failure into the one error body of docs/api.md, in the caller's language; and, for a
 * browser asking for a path outside /api that no file answers, the client app: 200 on one of its
 * pages, 404 (with the app, which shows "Page not found!") on any other path.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly clientApp: ClientAppPages | null = null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const classified = classify(exception) ?? { status: 500, code: 'ERROR.UNKNOWN' };
    if (classified.status === 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));

    const path = request.url.split('?')[0] ?? '';
    if (
      classified.status === 404 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      this.clientApp?.sendPage(request, reply)
    )
      return;

    const { language, body } = errorBody(
      classified.status,
      classified.code,
      request.headers['accept-language'],
      classified.fieldErrors,
    );
    void reply.status(classified.status).header('content-language', language).send(body);
  }
}
