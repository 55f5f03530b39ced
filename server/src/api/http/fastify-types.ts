import type { IncomingHttpHeaders } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The Fastify instance Nest runs. @nestjs/platform-fastify pins its own copy of fastify, so its types
 * are taken through Nest rather than from the `fastify` package, whose version may differ.
 */
export type AppFastify = ReturnType<ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance']>;

/** What the error answers need of a request. */
export interface RequestWithHeaders {
  readonly headers: IncomingHttpHeaders;
}

/** What the error answers need of a reply. */
export interface ErrorReply {
  status(statusCode: number): ErrorReply;
  header(name: string, value: string): ErrorReply;
  send(body: unknown): unknown;
}
