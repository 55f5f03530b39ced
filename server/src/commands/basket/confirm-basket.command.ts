import { Command } from '@nestjs/cqrs';
import type { CheckoutDetails } from '../../domain/basket/checkout-details';
import type { CommandContext } from '../../domain/shared/command';
import type { Cents } from '../../domain/shared/money';
import type { CommandResult } from '../shared/aggregate-store';
import type { VatAnswers } from './basket-vat-facts';

/** The buyer confirms the cart (SPEC §4) with their details, the chosen payment method and the total seen. */
export class ConfirmBasketCommand extends Command<CommandResult> {
  constructor(
    readonly basketId: string,
    readonly details: CheckoutDetails,
    readonly expectedTotal: Cents,
    readonly language: 'et' | 'en',
    readonly buyerId: string | null,
    readonly context: CommandContext,
    readonly commandId?: string,
    /** The buyer's answers to the VAT decision's questions (country of residence, paying while VIES is down). */
    readonly vatAnswers: VatAnswers = {},
  ) {
    super();
  }
}
