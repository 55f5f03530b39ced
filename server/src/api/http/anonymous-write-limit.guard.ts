import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { IS_PUBLIC } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-error';
import { type BucketRule, TokenBuckets, clientKey } from '../../infrastructure/limits/token-bucket';

/**
 * Writes without sign-in (the basket's add, remove and clear) per client: ANONYMOUS_WRITES_PER_MINUTE
 * (default 30) as a burst, refilled evenly over the minute. A person filling a basket never notices; a
 * script creating baskets by the thousand gets 429 (docs/decisions/request-limits.md).
 */
export function anonymousWriteRule(perMinute: number): BucketRule {
  return { capacity: perMinute, refillMs: 60_000 / perMinute };
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const SIGNED_MESSAGES = 'limits:signedMessages';

/**
 * A route that takes only messages signed with a secret we share (the payment gateway's return, cancel
 * and notification), verified before anything happens: not counted as an anonymous write. A forged message
 * costs one MAC check, and the gateway sends every shop notification from the same few addresses, which a
 * per-address limit would turn away on a busy day.
 */
export const SignedMessages = () => SetMetadata(SIGNED_MESSAGES, true);

/**
 * A global guard: every request that may change something on a `@Public()` route takes a token from
 * its client's bucket (client = address, through TRUST_PROXY's forwarded address when set); an empty
 * bucket answers 429 ERROR.TOO_MANY_REQUESTS with Retry-After. Signed-in writes are not counted here:
 * they are tied to an account.
 */
@Injectable()
export class AnonymousWriteLimitGuard implements CanActivate {
  private readonly buckets: TokenBuckets | null;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const perMinute = config.anonymousWritesPerMinute;
    this.buckets = perMinute > 0 ? new TokenBuckets(anonymousWriteRule(perMinute)) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (this.buckets === null || SAFE_METHODS.has(request.method)) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!isPublic) return true;
    const signed = this.reflector.getAllAndOverride<boolean | undefined>(SIGNED_MESSAGES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (signed) return true;
    const waitMs = this.buckets.take(clientKey(request.ip), this.clock.now().getTime());
    if (waitMs === 0) return true;
    void http.getResponse<FastifyReply>().header('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new ApiError(429, 'ERROR.TOO_MANY_REQUESTS');
  }
}
