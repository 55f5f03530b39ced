import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AddDocumentToBasketCommand } from '../../commands/basket/add-document-to-basket.command';
import { ChangeBasket } from '../../commands/basket/change-basket.command';
import type { CommandResult } from '../../commands/shared/aggregate-store';
import type { CommandContext } from '../../domain/shared/command';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { type BasketSummary, GetBasketQuery } from '../../queries/basket/get-basket.query';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { AddToBasketDto } from './add-to-basket.dto';
import { Public } from '../auth/auth.decorators';

/** Buyers do not sign in to shop: the basket belongs to whoever holds its id. */
const ANONYMOUS = 'anonymous';

/** The anonymous basket: one per browser, keyed by a UUID the browser keeps. */
@Public()
@Controller('baskets/:basketId')
export class BasketController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  basket(@Param('basketId', UuidParamPipe) basketId: string): Promise<BasketSummary> {
    return this.queryBus.execute(new GetBasketQuery(basketId, this.clock.now()));
  }

  @Post('documents')
  @HttpCode(200)
  async add(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Body() body: AddToBasketDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<BasketSummary> {
    const context = this.context();
    const result = await this.commandBus.execute(
      new AddDocumentToBasketCommand(basketId, body.documentId.toLowerCase(), context, key),
    );
    return this.answer(basketId, result, context.now);
  }

  @Delete('documents/:documentId')
  async remove(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Param('documentId', UuidParamPipe) documentId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<BasketSummary> {
    const context = this.context();
    const result = await this.commandBus.execute(
      new ChangeBasket({ type: 'RemoveDocumentFromBasket', data: { basketId, documentId }, context }, key),
    );
    return this.answer(basketId, result, context.now);
  }

  @Delete('documents')
  async clear(
    @Param('basketId', UuidParamPipe) basketId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<BasketSummary> {
    const context = this.context();
    const result = await this.commandBus.execute(
      new ChangeBasket({ type: 'ClearBasket', data: { basketId }, context }, key),
    );
    return this.answer(basketId, result, context.now);
  }

  private context(): CommandContext {
    return { actorId: ANONYMOUS, now: this.clock.now() };
  }

  /** Read-your-writes: answer only once the basket read model has the change. */
  private async answer(basketId: string, result: CommandResult, now: Date): Promise<BasketSummary> {
    await this.projections.waitFor(result.position, ['baskets']);
    return this.queryBus.execute(new GetBasketQuery(basketId, now));
  }
}
