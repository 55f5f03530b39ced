import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { VatAnswers } from './basket-vat-facts';

/** What the cart has of the buyer so far: enough to tell the VAT before confirming. */
export interface VatQuoteRequest extends VatAnswers {
  readonly country: string;
  readonly vatNumber?: string | null;
  readonly paymentMethod?: string | null;
}

/** The VAT the cart shows before the buyer confirms (docs/api.md, VatQuote). */
export interface VatQuote {
  readonly state: 'decided' | 'question' | 'vies-unavailable' | 'vies-invalid';
  /** True while no payment method is chosen: the billing country is taken as the buyer's. */
  readonly provisional: boolean;
  readonly treatment: string | null;
  readonly reason: string | null;
  readonly buyerCountry: string | null;
  readonly vatCountry: string | null;
  /** Basis points (2400 = 24 %); null until decided. */
  readonly rate: number | null;
  readonly question: {
    readonly kind: 'contradiction' | 'confirmation';
    readonly options: readonly string[];
  } | null;
  readonly vies: {
    readonly status: 'valid' | 'invalid' | 'unavailable';
    readonly vatNumber: string;
    readonly error: string | null;
    readonly consultationNumber: string | null;
  } | null;
  /** Cents: the net prices, the service fee (part of them), the VAT and what the buyer pays; null until decided. */
  readonly subtotal: number | null;
  readonly serviceFee: number;
  readonly vat: number | null;
  readonly total: number | null;
}

/**
 * Tells the VAT of the basket for the details the buyer has entered so far, asking VIES when the VAT
 * number is another member state's. Writes nothing: it is the cart's preview before "Confirm cart".
 */
export class QuoteBasketVatCommand extends Command<VatQuote> {
  constructor(
    readonly basketId: string,
    readonly request: VatQuoteRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}
