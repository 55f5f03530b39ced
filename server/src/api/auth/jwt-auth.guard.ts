import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../errors/api-error';
import { IS_PUBLIC } from './auth.decorators';

/**
 * The first global guard: every route needs a valid ID token unless it is marked `@Public()`. Any
 * failure (no token, bad signature, wrong issuer or audience, expired) is 401 AUTH.UNAUTHORIZED.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    return user;
  }
}
