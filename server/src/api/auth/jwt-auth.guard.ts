import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../errors/api-error';
import { IDENTIFY_VIEWER, IS_PUBLIC } from './auth.decorators';

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
    const flag = (key: string) =>
      this.reflector.getAllAndOverride<boolean | undefined>(key, [context.getHandler(), context.getClass()]);
    if (flag(IS_PUBLIC)) {
      const sentToken = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>()
        .headers.authorization;
      return flag(IDENTIFY_VIEWER) && sentToken !== undefined ? this.identifyViewer(context) : true;
    }
    return super.canActivate(context);
  }

  /** Sets the request's user when the token is good; a public route never fails for a bad one. */
  private async identifyViewer(context: ExecutionContext): Promise<boolean> {
    try {
      await super.canActivate(context);
    } catch {
      // An expired or foreign token on a public page: the visitor stays anonymous.
    }
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    return user;
  }
}
