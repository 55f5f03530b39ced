import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeAccountantRoleCommand } from '../../commands/profile/change-accountant-role.command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetAdminUserQuery } from '../../queries/users/get-admin-user.query';
import type { AdminUser } from '../../queries/users/user.views';
import { AdminOnly } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { SetAccountantRoleDto } from './money.dto';

/** Admins grant and revoke the accountant role, like the admin role (profile events). */
@AdminOnly()
@Controller('admin/users')
export class AdminAccountantsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Put(':userId/accountant')
  async setAccountant(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('userId', UuidParamPipe) userId: string,
    @Body() body: SetAccountantRoleDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<AdminUser> {
    const result = await this.commandBus.execute(
      new ChangeAccountantRoleCommand(
        {
          type: body.isAccountant ? 'GrantAccountant' : 'RevokeAccountant',
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
