import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { ExecutePayoutBatchCommand } from '../../commands/payout/execute-payout-batch.command';
import type { ExportedPayoutBatch } from '../../commands/payout/export-payout-batch.command';
import { ExportPayoutBatchCommand } from '../../commands/payout/export-payout-batch.command';
import { RejectPayoutCommand } from '../../commands/payout/reject-payout.command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetPayoutQuery } from '../../queries/money/get-payout.query';
import { ListPayoutsQuery } from '../../queries/money/list-payouts.query';
import type { PayoutBatchDto, PayoutBatchPage, PayoutDto, PayoutPage } from '../../queries/money/money.views';
import {
  GetPayoutBatchFileQuery,
  GetPayoutBatchQuery,
  ListPayoutBatchesQuery,
} from '../../queries/money/payout-batches.query';
import { AdminOnly } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import {
  ExecutePayoutBatchDto,
  ListPayoutBatchesDto,
  ListPayoutsDto,
  RejectPayoutDto,
  SepaExportDto,
} from './money.dto';
import { PAYOUT_READ_MODELS } from './uploader-money.controller';

/** Sends a payout file as an XML download, its figures in headers. */
async function sendFile(
  reply: FastifyReply,
  file: {
    name: string;
    xml: string;
    messageId: string;
    batchId: string;
    count?: number;
    controlSum?: number;
  },
): Promise<void> {
  reply
    .status(200)
    .type('application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('x-sepa-message-id', file.messageId)
    .header('x-payout-batch-id', file.batchId);
  if (file.count !== undefined) reply.header('x-sepa-count', String(file.count));
  if (file.controlSum !== undefined) reply.header('x-sepa-control-sum', String(file.controlSum));
  await reply
    .header(
      'access-control-expose-headers',
      'x-sepa-message-id, x-sepa-count, x-sepa-control-sum, x-payout-batch-id',
    )
    .send(file.xml);
}

/**
 * The admin payouts list and edit (SPEC §2): reject a payout, and export the SEPA file for the bank,
 * which records a payout batch (docs/decisions/payout-files.md).
 */
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

  /**
   * Rejects a requested payout; when it is in an exported file, only with `bankDidNotPayConfirmed`
   * (409 PAYOUT.IN_EXPORTED_BATCH_CONFIRM otherwise).
   */
  @Post(':payoutId/reject')
  @HttpCode(200)
  async reject(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('payoutId', UuidParamPipe) payoutId: string,
    @Body() body: RejectPayoutDto,
  ): Promise<PayoutDto> {
    const { uploaderId } = await this.payout(payoutId);
    const result = await this.commandBus.execute(
      new RejectPayoutCommand(payoutId, uploaderId, body.reason, body.bankDidNotPayConfirmed === true, {
        actorId: admin.userId,
        now: this.clock.now(),
      }),
    );
    await this.projections.waitFor(result.position, PAYOUT_READ_MODELS);
    return this.payout(payoutId);
  }

  /**
   * The pain.001 file of the chosen requested payouts, recorded as a batch; the same payouts as an open
   * batch give that batch's file again.
   */
  @Post('sepa')
  @HttpCode(200)
  async sepa(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() body: SepaExportDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const exported: ExportedPayoutBatch = await this.commandBus.execute(
      new ExportPayoutBatchCommand(
        body.payoutIds.map((id) => id.toLowerCase()),
        body.format ?? 'pain.001.001.09',
        body.executionDate,
        { actorId: admin.userId, now: this.clock.now() },
      ),
    );
    await this.projections.waitFor(exported.position, PAYOUT_READ_MODELS);
    await sendFile(reply, { ...exported, name: exported.fileName });
  }

  private async payout(payoutId: string): Promise<PayoutDto> {
    const payout = await this.queryBus.execute(new GetPayoutQuery(payoutId));
    if (!payout) throw new ApiError(404, 'PAYOUT.NOT_FOUND');
    return payout;
  }
}

/** The payout files (batches): list, one with its transfers, its file again, and the bank's execution. */
@AdminOnly()
@Controller('admin/payout-batches')
export class AdminPayoutBatchesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  list(@Query() query: ListPayoutBatchesDto): Promise<PayoutBatchPage> {
    return this.queryBus.execute(
      new ListPayoutBatchesQuery({
        status: query.status,
        offset: query.offset ?? 0,
        limit: query.limit ?? 50,
      }),
    );
  }

  @Get(':batchId')
  one(@Param('batchId', UuidParamPipe) batchId: string): Promise<PayoutBatchDto> {
    return this.batch(batchId);
  }

  /** The batch's file, the same bytes as when it was exported. */
  @Get(':batchId/file')
  async file(@Param('batchId', UuidParamPipe) batchId: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.queryBus.execute(new GetPayoutBatchFileQuery(batchId));
    if (!file) throw new ApiError(404, 'PAYOUT_BATCH.NOT_FOUND');
    await sendFile(reply, { ...file, batchId });
  }

  /** The bank executed the batch: every payout still in it is paid on `executionDate`. */
  @Post(':batchId/execute')
  @HttpCode(200)
  async execute(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('batchId', UuidParamPipe) batchId: string,
    @Body() body: ExecutePayoutBatchDto,
  ): Promise<PayoutBatchDto> {
    await this.batch(batchId);
    const result = await this.commandBus.execute(
      new ExecutePayoutBatchCommand(batchId, body.executionDate, {
        actorId: admin.userId,
        now: this.clock.now(),
      }),
    );
    await this.projections.waitFor(result.position, PAYOUT_READ_MODELS);
    return this.batch(batchId);
  }

  private async batch(batchId: string): Promise<PayoutBatchDto> {
    const batch = await this.queryBus.execute(new GetPayoutBatchQuery(batchId));
    if (!batch) throw new ApiError(404, 'PAYOUT_BATCH.NOT_FOUND');
    return batch;
  }
}
