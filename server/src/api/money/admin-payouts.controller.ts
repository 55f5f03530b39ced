import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { ChangePayoutCommand } from '../../commands/payout/change-payout.command';
import type { ExecutePayout, RejectPayout } from '../../domain/payout/payouts.decider';
import type { CommandContext } from '../../domain/shared/command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { ExportSepaFileQuery } from '../../queries/money/export-sepa-file.query';
import { GetPayoutQuery } from '../../queries/money/get-payout.query';
import { ListPayoutsQuery } from '../../queries/money/list-payouts.query';
import type { PayoutDto, PayoutPage } from '../../queries/money/money.views';
import { AdminOnly } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { ExecutePayoutDto, ListPayoutsDto, RejectPayoutDto, SepaExportDto } from './money.dto';
import { PAYOUT_READ_MODELS } from './uploader-money.controller';

/** The admin payouts list and edit (SPEC §2): mark executed, reject, and the SEPA file for the bank. */
@AdminOnly()
@Controller('admin/payouts')
export class AdminPayoutsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  list(@Query() query: ListPayoutsDto): Promise<PayoutPage> {
    return this.queryBus.execute(
      new ListPayoutsQuery({ status: query.status, offset: query.offset ?? 0, limit: query.limit ?? 50 }),
    );
  }

  @Get(':payoutId')
  async one(@Param('payoutId', UuidParamPipe) payoutId: string): Promise<PayoutDto> {
    return this.payout(payoutId);
  }

  @Post(':payoutId/execute')
  @HttpCode(200)
  async execute(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('payoutId', UuidParamPipe) payoutId: string,
    @Body() body: ExecutePayoutDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<PayoutDto> {
    return this.change(admin, payoutId, key, (uploaderId, context) => ({
      type: 'ExecutePayout',
      data: { payoutId, uploaderId, executionDate: body.executionDate },
      context,
    }));
  }

  @Post(':payoutId/reject')
  @HttpCode(200)
  async reject(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('payoutId', UuidParamPipe) payoutId: string,
    @Body() body: RejectPayoutDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<PayoutDto> {
    return this.change(admin, payoutId, key, (uploaderId, context) => ({
      type: 'RejectPayout',
      data: { payoutId, uploaderId, reason: body.reason },
      context,
    }));
  }

  /** The pain.001 file of the chosen requested payouts, as an XML download; its figures in headers. */
  @Post('sepa')
  @HttpCode(200)
  async sepa(@Body() body: SepaExportDto, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.queryBus.execute(
      new ExportSepaFileQuery(
        body.payoutIds.map((id) => id.toLowerCase()),
        body.format ?? 'pain.001.001.09',
        body.executionDate,
        this.clock.now(),
      ),
    );
    await reply
      .status(200)
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-sepa-message-id', file.messageId)
      .header('x-sepa-count', String(file.count))
      .header('x-sepa-control-sum', String(file.controlSum))
      .header('access-control-expose-headers', 'x-sepa-message-id, x-sepa-count, x-sepa-control-sum')
      .send(file.xml);
  }

  /** Runs the admin's change of the payout (its uploader looked up first) and answers the payout as it is then. */
  private async change(
    admin: AuthenticatedUser,
    payoutId: string,
    key: string | undefined,
    command: (uploaderId: string, context: CommandContext) => ExecutePayout | RejectPayout,
  ): Promise<PayoutDto> {
    const { uploaderId } = await this.payout(payoutId);
    const context = { actorId: admin.userId, now: this.clock.now() };
    const result = await this.commandBus.execute(new ChangePayoutCommand(command(uploaderId, context), key));
    await this.projections.waitFor(result.position, PAYOUT_READ_MODELS);
    return this.payout(payoutId);
  }

  private async payout(payoutId: string): Promise<PayoutDto> {
    const payout = await this.queryBus.execute(new GetPayoutQuery(payoutId));
    if (!payout) throw new ApiError(404, 'PAYOUT.NOT_FOUND');
    return payout;
  }
}
