import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsDefined } from 'class-validator';
import { ChangeMailSettingsCommand } from '../../commands/profile/change-mail-settings.command';
import type { UploaderMailSettings } from '../../events/mail-settings.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetMailSettingsQuery } from '../../queries/users/get-mail-settings.query';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { IsFlag, msg } from '../validation/validation';

/** PUT /api/user/mail-settings body: every choice. */
export class MailSettingsDto {
  @IsFlag()
  @IsDefined(msg('VALIDATION.REQUIRED'))
  sales!: boolean;

  @IsFlag()
  @IsDefined(msg('VALIDATION.REQUIRED'))
  payouts!: boolean;

  @IsFlag()
  @IsDefined(msg('VALIDATION.REQUIRED'))
  files!: boolean;
}

/** The mails the shop sends an uploader (docs/decisions/uploader-mails.md), and the choice to turn them off. */
@Controller('user/mail-settings')
export class MailSettingsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  read(@CurrentUser() user: AuthenticatedUser): Promise<UploaderMailSettings> {
    return this.queryBus.execute(new GetMailSettingsQuery(user.userId));
  }

  /** Answers the choices as they now stand, once My data reads them so. */
  @Put()
  async change(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: MailSettingsDto,
  ): Promise<UploaderMailSettings> {
    const result = await this.commandBus.execute(
      new ChangeMailSettingsCommand({
        type: 'ChangeMailSettings',
        data: {
          userId: user.userId,
          settings: { sales: body.sales, payouts: body.payouts, files: body.files },
        },
        context: { actorId: user.userId, now: this.clock.now() },
      }),
    );
    await this.projections.waitFor(result.position, ['mail-settings']);
    return this.queryBus.execute(new GetMailSettingsQuery(user.userId));
  }
}
