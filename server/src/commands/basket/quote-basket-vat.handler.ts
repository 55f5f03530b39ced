import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { basketDecider, quoteBasketVat } from '../../domain/basket/basket.decider';
import { isValidVatNumber, normaliseVatNumber } from '../../domain/invoice/vat-number';
import { FieldValidator } from '../../domain/shared/domain-error';
import { isCountryCode } from '../../domain/vat/countries';
import { basketStreamId } from '../../events/basket.events';
import { AggregateStore } from '../shared/aggregate-store';
import { bankLinkCountry } from '../../infrastructure/payments/payment-gateway.port';
import { BasketVatFacts } from './basket-vat-facts';
import { QuoteBasketVatCommand, type VatQuote } from './quote-basket-vat.command';

@CommandHandler(QuoteBasketVatCommand)
export class QuoteBasketVatHandler implements ICommandHandler<QuoteBasketVatCommand, VatQuote> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly vatFacts: BasketVatFacts,
  ) {}

  async execute({ basketId, request, context }: QuoteBasketVatCommand): Promise<VatQuote> {
    const v = new FieldValidator();
    const country = (request.country ?? '').trim().toUpperCase();
    if (country === '') v.add('country', 'VALIDATION.REQUIRED');
    else if (!isCountryCode(country)) v.add('country', 'VALIDATION.INVALID_CHOICE');
    const vatNumber = request.vatNumber?.trim() ? normaliseVatNumber(request.vatNumber) : null;
    if (vatNumber !== null && !isValidVatNumber(vatNumber))
      v.add('invoice.vatNumber', 'VALIDATION.INVALID_VAT_NUMBER');
    v.throwIfAny();

    const { state } = await this.aggregates.load(basketStreamId(basketId), basketDecider);
    const paymentMethod = request.paymentMethod?.trim() ?? '';
    const provisional = paymentMethod === '';
    // The chosen method's country is read from its id (`banklink:fi:nordea`); whether the gateway still
    // offers it is checked when the buyer confirms.
    const offered = provisional
      ? []
      : [{ id: paymentMethod, country: bankLinkCountry(paymentMethod)?.toUpperCase() ?? null }];
    const vatContext = await this.vatFacts.context(vatNumber, request, context.now);
    const quote = quoteBasketVat(
      state,
      {
        payer: { email: '', firstName: '', lastName: '', address: '', country },
        invoice: vatNumber ? { companyName: '', registryCode: '', vatNumber } : null,
        paymentMethod,
      },
      offered,
      // Before a method is chosen the billing country is taken at its word (a preview, marked provisional).
      provisional ? { ...vatContext, declaredCountry: vatContext.declaredCountry ?? country } : vatContext,
      context.now,
    );
    const serviceFee = state.lines.reduce((sum, line) => sum + line.serviceFee, 0);
    const { assessment, amounts } = quote;
    const vies =
      assessment.state === 'decided'
        ? assessment.decision.vies
        : 'vies' in assessment
          ? assessment.vies
          : null;
    const decision = assessment.state === 'decided' ? assessment.decision : null;
    return {
      state: assessment.state,
      provisional,
      treatment: decision?.treatment ?? null,
      reason: decision?.reason ?? null,
      buyerCountry: decision?.buyerCountry ?? null,
      vatCountry: decision?.vatCountry ?? null,
      rate: decision?.rate ?? null,
      question: assessment.state === 'question' ? assessment.question : null,
      vies: vies && {
        status: vies.status,
        vatNumber: vies.vatNumber,
        error: vies.error,
        consultationNumber: vies.consultationNumber,
      },
      subtotal: amounts?.taxableAmount ?? null,
      serviceFee,
      vat: amounts?.vat ?? null,
      total: amounts?.total ?? null,
    };
  }
}
