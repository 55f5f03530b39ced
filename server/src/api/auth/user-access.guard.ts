import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { GetProductUserQuery } from '../../queries/users/get-product-user.query';
import { ApiError } from '../errors/api-error';
import { ACCOUNTANT_OR_ADMIN, ADMIN_ONLY, ALLOW_WITHOUT_TERMS, IS_PUBLIC } from './auth.decorators';
import type { AuthenticatedUser } from './current-user.decorator';

/**
 * The second global guard, after authentication: a signed-in route answers 403
 * ERROR.USER_TERMS_NOT_ACCEPTED until the user accepted the user terms (unless `@AllowWithoutTerms()`),
 * and an `@AdminOnly()` route answers 403 ERROR.ADMIN_ONLY to everybody but admins (`@AccountantOrAdmin()`:
 * ERROR.ACCOUNTANT_ONLY to everybody but accountants and admins). They read the users
 * read model, through the same query "My data" uses.
 */
@Injectable()
export class UserAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly queryBus: QueryBus,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const flag = (key: string) =>
      this.reflector.getAllAndOverride<boolean | undefined>(key, [
        context.getHandler(),
        context.getClass(),
      ]) ?? false;
    if (flag(IS_PUBLIC)) return true;
    const identity = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!identity) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    const adminOnly = flag(ADMIN_ONLY);
    const auditOnly = flag(ACCOUNTANT_OR_ADMIN);
    const withoutTerms = flag(ALLOW_WITHOUT_TERMS);
    if (withoutTerms && !adminOnly && !auditOnly) return true;
    const user = await this.queryBus.execute(new GetProductUserQuery(identity));
    if (!withoutTerms && !user.termsAccepted) throw new ApiError(403, 'ERROR.USER_TERMS_NOT_ACCEPTED');
    if (adminOnly && !user.isAdmin) throw new ApiError(403, 'ERROR.ADMIN_ONLY');
    if (auditOnly && !user.isAdmin && !user.isAccountant) throw new ApiError(403, 'ERROR.ACCOUNTANT_ONLY');
    return true;
  }
}
