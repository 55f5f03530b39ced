import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';

const KEY = /^[A-Za-z0-9-]{1,100}$/;

/** The optional Idempotency-Key header: a retried request with the same key is applied once. */
export const IdempotencyKey = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | undefined => {
    const value = ctx.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !KEY.test(value))
      throw new ApiError(400, 'VALIDATION.INVALID_IDEMPOTENCY_KEY');
    return value;
  },
);
