import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { SignedInIdentity } from '../../queries/users/user.views';
import { ApiError } from '../errors/api-error';

/** What the JWT strategy puts on the request. */
export type AuthenticatedUser = SignedInIdentity;

/** The signed-in person of a non-public route: `{ userId: sub, email, emailVerified }`. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  const user = ctx.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
  if (!user) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
  return user;
});

/** The caller of an `@OptionalSignIn()` route when signed in; null for a visitor. */
export const OptionalUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthenticatedUser | null =>
    ctx.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user ?? null,
);
