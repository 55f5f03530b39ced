import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { KeyedLimits, perMinuteRule } from '../../infrastructure/limits/keyed-limits';
import type { AuthenticatedUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';

/**
 * Signed-in writes per account (docs/decisions/writes-do-not-stall-readers.md): a burst a person never
 * reaches by hand, then a steady rate well above what one person does, far below what a script would.
 * - drafts: creating, editing, publishing and deleting documents and adding or removing their files;
 * - profile: saving the profile;
 * - payouts: asking for a payout.
 */
export const ACCOUNT_WRITE_RULES = {
  drafts: perMinuteRule(60, 30),
  profile: perMinuteRule(20, 6),
  payouts: perMinuteRule(10, 2),
} as const;

export type AccountWrite = keyof typeof ACCOUNT_WRITE_RULES;

/** The buckets of every account (one instance per app). */
@Injectable()
export class AccountWriteLimits extends KeyedLimits<AccountWrite> {
  constructor() {
    super(ACCOUNT_WRITE_RULES);
  }
}

const ACCOUNT_WRITE = 'limits:accountWrite';

/**
 * Runs after the global sign-in guards (a route guard), so the account is known: takes a token from the
 * account's bucket of `kind`; an empty bucket answers 429 ERROR.TOO_MANY_REQUESTS with Retry-After, and
 * the write is not made.
 */
@Injectable()
export class AccountWriteLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: AccountWriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const kind = this.reflector.get<AccountWrite | undefined>(ACCOUNT_WRITE, context.getHandler());
    const http = context.switchToHttp();
    const user = http.getRequest<{ user?: AuthenticatedUser }>().user;
    if (kind === undefined || user === undefined) return true;
    const waitMs = this.limits.take(kind, user.userId, this.clock.now().getTime());
    if (waitMs === 0) return true;
    void http.getResponse<FastifyReply>().header('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new ApiError(429, 'ERROR.TOO_MANY_WRITES');
  }
}

/** Counts the route's calls against the signed-in account's `kind` limit. */
export const LimitWrites = (kind: AccountWrite) =>
  applyDecorators(SetMetadata(ACCOUNT_WRITE, kind), UseGuards(AccountWriteLimitGuard));
