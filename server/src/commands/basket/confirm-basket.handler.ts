import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { basketDecider, basketTotal, isBasketExpired } from '../../domain/basket/basket.decider';
import { DomainError } from '../../domain/shared/domain-error';
import type { FeeRates } from '../../domain/shared/fees';
import { basketStreamId } from '../../events/basket.events';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../infrastructure/payments/payment-gateway.port';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { currentBasketDocuments } from './basket-document-facts';
import { ConfirmBasketCommand } from './confirm-basket.command';
import { FEE_RATES } from '../../config/fee-rates.token';

/** The country whose bank links the shop offers (the company is Estonian). */
export const SHOP_COUNTRY = 'ee';

/**
 * Asks the gateway which methods it offers for the basket's total, reads each document's price from its
 * own stream, and lets the basket decide. When a price changed the basket records the new one instead of
 * confirming (see basketChangedUnderBuyer).
 */
@CommandHandler(ConfirmBasketCommand)
export class ConfirmBasketHandler implements ICommandHandler<ConfirmBasketCommand, CommandResult> {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(FEE_RATES) private readonly rates: FeeRates,
  ) {}

  async execute(command: ConfirmBasketCommand): Promise<CommandResult> {
    const { basketId, details, expectedTotal, language, buyerId, context, commandId } = command;
    const { state } = await this.aggregates.load(basketStreamId(basketId), basketDecider);
    const live = state.lines.length > 0 && !isBasketExpired(state, context.now);
    const offeredMethods = live ? await offeredMethodIds(this.gateway, basketTotal(state)) : [];
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

/** The ids of the methods the gateway offers for an amount; an unreachable gateway is a clear 503. */
export async function offeredMethodIds(gateway: PaymentGateway, amount: number): Promise<string[]> {
  if (amount === 0) return ['free'];
  try {
    return (await gateway.paymentMethods({ amount, country: SHOP_COUNTRY })).map((m) => m.id);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new DomainError('PAYMENT.GATEWAY_UNAVAILABLE');
    throw error;
  }
}
