import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../errors/api-error';
import { IS_PUBLIC, OPTIONAL_SIGN_IN } from './auth.decorators';

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
      const { headers } = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
      return flag(OPTIONAL_SIGN_IN) && headers.authorization ? this.signInIfValid(context) : true;
    }
    return super.canActivate(context);
  }

  /** An optional sign-in: a caller whose token does not hold is simply a visitor. */
  private async signInIfValid(context: ExecutionContext): Promise<boolean> {
    try {
      await super.canActivate(context);
    } catch {
      context.switchToHttp().getRequest<{ user?: unknown }>().user = undefined;
    }
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    return user;
  }
}
