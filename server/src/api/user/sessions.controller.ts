import { Controller, Delete, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EndSessionsCommand } from '../../commands/sign-in/end-sessions.command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { AllowWithoutTerms } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';

/** The signed-in person's sign-ins, on every device. */
@AllowWithoutTerms()
@Controller('user/sessions')
export class SessionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * "Sign out everywhere": ends every sign-in of the caller, this one included. Answers once the API
   * refuses the old ID tokens (read-your-writes on the sign-in read model).
   */
  @Delete()
  @HttpCode(204)
  async endAll(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    const result = await this.commandBus.execute(
      new EndSessionsCommand({
        type: 'EndSessions',
        data: { userId: user.userId, reason: 'sign-out-everywhere' },
        context: { actorId: user.userId, now: this.clock.now() },
      }),
    );
    await this.projections.waitFor(result.position, ['sign-in']);
  }
}
