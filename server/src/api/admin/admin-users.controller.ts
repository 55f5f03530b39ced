import { Body, Controller, Get, HttpCode, Inject, Param, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeAccountantRoleCommand } from '../../commands/profile/change-accountant-role.command';
import { ChangeAdminRoleCommand } from '../../commands/profile/change-admin-role.command';
import { RequirePasswordResetCommand } from '../../commands/sign-in/require-password-reset.command';
import {
  IDENTITY_ACCOUNTS,
  type IdentityAccounts,
} from '../../infrastructure/identity/identity-accounts.port';
import type { CommandContext } from '../../domain/shared/command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetAdminUserQuery } from '../../queries/users/get-admin-user.query';
import { ListUsersQuery, type ListUsersResult } from '../../queries/users/list-users.query';
import type { AdminUser } from '../../queries/users/user.views';
import { AdminOnly } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { ListUsersDto } from './list-users.dto';
import { SetAccountantRoleDto } from '../money/money.dto';
import { SetAdminRoleDto } from './set-admin-role.dto';

/** The admin users list and the admin and accountant roles. Changes are events whose actor is the signed-in admin. */
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts,
  ) {}

  /**
   * SPEC §4 "password reset required": the user's password stops working and their sign-ins end; the
   * next sign-in goes to the reset step (a code by e-mail). 409 with an external identity provider
   * (do it in its console), 404 for an account the provider does not have.
   */
  @Put(':userId/password-reset')
  @HttpCode(204)
  async requirePasswordReset(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('userId', UuidParamPipe) userId: string,
  ): Promise<void> {
    if (!this.accounts.available) throw new ApiError(409, 'IDENTITY.MANAGED_BY_PROVIDER');
    if (!(await this.accounts.account(userId, this.clock.now()))) throw new ApiError(404, 'USER.NOT_FOUND');
    const result = await this.commandBus.execute(
      new RequirePasswordResetCommand({
        type: 'RequirePasswordReset',
        data: { userId },
        context: { actorId: admin.userId, now: this.clock.now() },
      }),
    );
    await this.projections.waitFor(result.position, ['sign-in']);
  }

  @Get()
  list(@Query() query: ListUsersDto): Promise<ListUsersResult> {
    return this.queryBus.execute(
      new ListUsersQuery({ q: query.q, offset: query.offset ?? 0, limit: query.limit ?? 20 }),
    );
  }

  @Put(':userId/admin')
  setAdmin(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('userId', UuidParamPipe) userId: string,
    @Body() body: SetAdminRoleDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<AdminUser> {
    const type = body.isAdmin ? 'GrantAdmin' : 'RevokeAdmin';
    return this.changeRole(
      userId,
      (context) => new ChangeAdminRoleCommand({ type, data: { userId }, context }, key),
      admin,
    );
  }

  /** The accountant role: read-only access to the money journal and reports, granted like the admin role. */
  @Put(':userId/accountant')
  setAccountant(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('userId', UuidParamPipe) userId: string,
    @Body() body: SetAccountantRoleDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<AdminUser> {
    const type = body.isAccountant ? 'GrantAccountant' : 'RevokeAccountant';
    return this.changeRole(
      userId,
      (context) => new ChangeAccountantRoleCommand({ type, data: { userId }, context }, key),
      admin,
    );
  }

  /** Runs the role change as the signed-in admin and answers the user as the users read model has it then. */
  private async changeRole(
    userId: string,
    command: (context: CommandContext) => ChangeAdminRoleCommand | ChangeAccountantRoleCommand,
    admin: AuthenticatedUser,
  ): Promise<AdminUser> {
    const result = await this.commandBus.execute(command({ actorId: admin.userId, now: this.clock.now() }));
    await this.projections.waitFor(result.position, ['users']);
    const user = await this.queryBus.execute(new GetAdminUserQuery(userId));
    if (!user) throw new ApiError(404, 'USER.NOT_FOUND');
    return user;
  }
}
