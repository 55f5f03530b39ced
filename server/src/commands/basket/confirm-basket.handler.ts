import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { basketDecider, basketTotal, isBasketExpired } from '../../domain/basket/basket.decider';
import type { FeeRates } from '../../domain/shared/fees';
import { basketStreamId } from '../../events/basket.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { currentBasketDocuments } from './basket-document-facts';
import { BasketVatFacts } from './basket-vat-facts';
import { ConfirmBasketCommand } from './confirm-basket.command';
import { FEE_RATES } from '../../config/fee-rates.token';

/** The country whose bank links the shop offers when the buyer's is not known (the company is Estonian). */
export const SHOP_COUNTRY = 'ee';

/**
 * Asks the gateway which methods it offers for the buyer's country, VIES about another member state's
 * VAT number, the VAT read model for the year's cross-border sales, reads each document's price from its
 * own stream, and lets the basket decide (the VAT too). When a price changed the basket records the new
 * one instead of confirming (see basketChangedUnderBuyer).
 */
@CommandHandler(ConfirmBasketCommand)
export class ConfirmBasketHandler implements ICommandHandler<ConfirmBasketCommand, CommandResult> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly vatFacts: BasketVatFacts,
    @Inject(FEE_RATES) private readonly rates: FeeRates,
  ) {}

  async execute(command: ConfirmBasketCommand): Promise<CommandResult> {
    const { basketId, details, expectedTotal, language, buyerId, context, commandId, vatAnswers } = command;
    const { state } = await this.aggregates.load(basketStreamId(basketId), basketDecider);
    const live = state.lines.length > 0 && !isBasketExpired(state, context.now);
    const country = typeof details.country === 'string' ? details.country.trim() : '';
    const offeredMethods = live ? await this.vatFacts.offeredMethods(basketTotal(state), country) : [];
    const vat = await this.vatFacts.context(
      live ? (details.invoice?.vatNumber ?? null) : null,
      vatAnswers,
      context.now,
    );
    const documents = await currentBasketDocuments(
      this.aggregates,
      state.lines.map((line) => line.documentId),
    );
    return this.aggregates.handle(
      basketStreamId(basketId),
      basketDecider,
      {
        type: 'ConfirmBasket',
        data: {
          basketId,
          details,
          expectedTotal,
          offeredMethods,
          vat,
          language,
          buyerId,
          documents,
          rates: this.rates,
        },
        context,
      },
      commandId,
    );
  }
}
