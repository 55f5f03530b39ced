import { LimitWrites } from '../http/account-write-limit.guard';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { v4 as uuidv4 } from 'uuid';
import {
  CheckPayoutRequestCommand,
  type PayoutRequestCheck,
  RequestPayoutCommand,
} from '../../commands/payout/request-payout.command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetPayoutRequestInfoQuery } from '../../queries/money/get-payout-request-info.query';
import { GetPayoutQuery } from '../../queries/money/get-payout.query';
import { GetSalesSummaryQuery } from '../../queries/money/get-sales-summary.query';
import { ListPayoutsQuery } from '../../queries/money/list-payouts.query';
import type { PayoutDto, PayoutPage, PayoutRequestInfo, SalesSummary } from '../../queries/money/money.views';
import { GetProductUserQuery } from '../../queries/users/get-product-user.query';
import type { ProductUser } from '../../queries/users/user.views';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { IdempotencyKey } from '../validation/command-headers';
import { ListPayoutsDto, PeriodDto, RequestPayoutDto } from './money.dto';
import { periodOf } from './period';

/** Read models a payout request changes; the answer waits for them (read-your-writes). */
export const PAYOUT_READ_MODELS = ['payouts', 'ledger', 'dashboard'];

/**
 * An uploader's sales and payouts. Each uploader sees only their own; admins and accountants may read
 * anybody's (403 SALES.NOT_OWNER otherwise). Only the uploader may ask for a payout of their money.
 */
@Controller('uploaders/:uploaderId')
export class UploaderMoneyController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('sales')
  async sales(
    @CurrentUser() identity: AuthenticatedUser,
    @Param('uploaderId') uploaderId: string,
    @Query() query: PeriodDto,
  ): Promise<SalesSummary> {
    await this.mayRead(identity, uploaderId);
    const now = this.clock.now();
    return this.queryBus.execute(new GetSalesSummaryQuery(uploaderId, periodOf(query, now), now));
  }

  @Get('payouts')
  async payouts(
    @CurrentUser() identity: AuthenticatedUser,
    @Param('uploaderId') uploaderId: string,
    @Query() query: ListPayoutsDto,
  ): Promise<PayoutPage> {
    await this.mayRead(identity, uploaderId);
    return this.queryBus.execute(
      new ListPayoutsQuery({
        uploaderId,
        status: query.status,
        offset: query.offset ?? 0,
        limit: query.limit ?? 50,
      }),
    );
  }

  @Get('payout-request')
  async payoutRequest(
    @CurrentUser() identity: AuthenticatedUser,
    @Param('uploaderId') uploaderId: string,
  ): Promise<PayoutRequestInfo> {
    this.assertOwner(identity, uploaderId);
    const user = await this.productUser(identity);
    return this.queryBus.execute(new GetPayoutRequestInfoQuery(uploaderId, user.fullName, this.clock.now()));
  }

  /** Asks for a payout; answers 201 with the payout once "My payouts" shows it. */
  @Post('payouts')
  @LimitWrites('payouts')
  @HttpCode(201)
  async requestPayout(
    @CurrentUser() identity: AuthenticatedUser,
    @Param('uploaderId') uploaderId: string,
    @Body() body: RequestPayoutDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<PayoutDto> {
    this.assertOwner(identity, uploaderId);
    const payoutId = uuidv4();
    const result = await this.commandBus.execute(
      new RequestPayoutCommand(
        {
          payoutId,
          uploaderId,
          iban: body.iban,
          accountHolder: body.accountHolder,
          accountHolderDeclared: body.accountHolderDeclared === true,
          amount: body.amount,
        },
        { actorId: identity.userId, now: this.clock.now() },
        key,
      ),
    );
    await this.projections.waitFor(result.position, PAYOUT_READ_MODELS);
    const requested = result.events[0]?.data as { payoutId?: string } | undefined;
    const payout = await this.queryBus.execute(new GetPayoutQuery(requested?.payoutId ?? payoutId));
    if (!payout) throw new ApiError(404, 'PAYOUT.NOT_FOUND');
    return payout;
  }

  /**
   * Checks a payout request as "Request payout" would decide it (IBAN, the account holder's name in the
   * SEPA character set, the declaration, the amount against the balance and the transfer fee) and answers
   * what it would record, for the confirmation; writes nothing. The same errors as the request.
   */
  @Post('payouts/check')
  @HttpCode(200)
  async checkPayout(
    @CurrentUser() identity: AuthenticatedUser,
    @Param('uploaderId') uploaderId: string,
    @Body() body: RequestPayoutDto,
  ): Promise<PayoutRequestCheck> {
    this.assertOwner(identity, uploaderId);
    return this.commandBus.execute(
      new CheckPayoutRequestCommand(
        {
          payoutId: uuidv4(),
          uploaderId,
          iban: body.iban,
          accountHolder: body.accountHolder,
          accountHolderDeclared: body.accountHolderDeclared === true,
          amount: body.amount,
        },
        { actorId: identity.userId, now: this.clock.now() },
      ),
    );
  }

  private productUser(identity: AuthenticatedUser): Promise<ProductUser> {
    return this.queryBus.execute(new GetProductUserQuery(identity));
  }

  private async mayRead(identity: AuthenticatedUser, uploaderId: string): Promise<void> {
    if (identity.userId === uploaderId) return;
    const user = await this.productUser(identity);
    if (!user.isAdmin && !user.isAccountant) throw new ApiError(403, 'SALES.NOT_OWNER');
  }

  private assertOwner(identity: AuthenticatedUser, uploaderId: string): void {
    if (identity.userId !== uploaderId) throw new ApiError(403, 'SALES.NOT_OWNER');
  }
}
