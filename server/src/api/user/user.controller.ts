import { LimitWrites } from '../http/account-write-limit.guard';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { UpdateProfileCommand } from '../../commands/profile/update-profile.command';
import { NOTHING_PUBLIC, PUBLIC_FLAG_NAMES } from '../../domain/profile/profile-details';
import type { ProfileDetails, ProfilePublicFlags } from '../../events/profile.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetProductUserQuery } from '../../queries/users/get-product-user.query';
import type { ProductUser } from '../../queries/users/user.views';
import { AllowWithoutTerms } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { IdempotencyKey } from '../validation/command-headers';
import { UpdateProfileDto } from './update-profile.dto';

function toDetails(body: UpdateProfileDto): ProfileDetails {
  const flags: Record<keyof ProfilePublicFlags, boolean> = { ...NOTHING_PUBLIC };
  for (const name of PUBLIC_FLAG_NAMES) flags[name] = body.public?.[name] ?? false;
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    dateOfBirth: body.dateOfBirth ?? null,
    address: body.address ?? '',
    country: body.country ?? '',
    language: body.language ?? '',
    areasOfPractice: body.areasOfPractice ?? '',
    additionalInfo: body.additionalInfo ?? '',
    organization: body.organization ?? '',
    public: flags,
  };
}

/** The signed-in person's own data ("My data"); usable before the user terms are accepted. */
@AllowWithoutTerms()
@Controller('user')
export class UserController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('read')
  read(@CurrentUser() user: AuthenticatedUser): Promise<ProductUser> {
    return this.queryBus.execute(new GetProductUserQuery(user));
  }

  /** Saves the profile (registering it on first save) and answers the fresh product user. */
  @Post('update')
  @LimitWrites('profile')
  @HttpCode(200)
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateProfileDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<ProductUser> {
    const result = await this.commandBus.execute(
      new UpdateProfileCommand(
        {
          type: 'UpdateProfile',
          data: {
            userId: user.userId,
            email: user.email,
            details: toDetails(body),
            acceptTerms: body.acceptTerms === true,
          },
          context: { actorId: user.userId, now: this.clock.now() },
        },
        key,
      ),
    );
    await this.projections.waitFor(result.position, ['users', 'catalogue', 'search']);
    return this.queryBus.execute(new GetProductUserQuery(user));
  }
}
