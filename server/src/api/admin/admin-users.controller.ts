import { Body, Controller, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeAdminRoleCommand } from '../../commands/profile/change-admin-role.command';
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
import { SetAdminRoleDto } from './set-admin-role.dto';

/** The admin users list and the admin role. Changes are events whose actor is the signed-in admin. */
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  list(@Query() query: ListUsersDto): Promise<ListUsersResult> {
    return this.queryBus.execute(
      new ListUsersQuery({ q: query.q, offset: query.offset ?? 0, limit: query.limit ?? 20 }),
    );
  }

  @Put(':userId/admin')
  async setAdmin(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('userId', UuidParamPipe) userId: string,
    @Body() body: SetAdminRoleDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<AdminUser> {
    const result = await this.commandBus.execute(
      new ChangeAdminRoleCommand(
        {
          type: body.isAdmin ? 'GrantAdmin' : 'RevokeAdmin',
          data: { userId },
          context: { actorId: admin.userId, now: this.clock.now() },
        },
        key,
      ),
    );
    await this.projections.waitFor(result.position, ['users']);
    const user = await this.queryBus.execute(new GetAdminUserQuery(userId));
    if (!user) throw new ApiError(404, 'USER.NOT_FOUND');
    return user;
  }
}
