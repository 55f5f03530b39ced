import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Ip,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeBasket } from '../../commands/basket/change-basket.command';
import { ConfirmBasketCommand } from '../../commands/basket/confirm-basket.command';
import { BasketVatFacts } from '../../commands/basket/basket-vat-facts';
import { SHOP_COUNTRY } from '../../commands/basket/confirm-basket.handler';
import { QuoteBasketVatCommand, type VatQuote } from '../../commands/basket/quote-basket-vat.command';
import { isCountryCode } from '../../domain/vat/countries';
import { CheckOutBasketCommand } from '../../commands/purchase/check-out-basket.command';
import type { CommandResult } from '../../commands/shared/aggregate-store';
import { basketChangedUnderBuyer } from '../../domain/basket/basket.decider';
import type { CommandContext } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import type { BasketEvent } from '../../events/basket.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import type { PaymentMethod } from '../../infrastructure/payments/payment-gateway.port';
import { ProjectionRunner } from '../../projections/projection-runner';
import { type BasketSummary, GetBasketQuery } from '../../queries/basket/get-basket.query';
import { OptionalSignIn, Public } from '../auth/auth.decorators';
import { type AuthenticatedUser, OptionalUser } from '../auth/current-user.decorator';
import { preferredLanguage } from '../i18n/language';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { GetProductUserQuery } from '../../queries/users/get-product-user.query';
import { ConfirmBasketDto, FreeCheckoutDto, VatQuoteDto } from './confirm-basket.dto';

const ANONYMOUS = 'anonymous';

/** What "Go pay" answers: the purchase and the page to send the buyer to. */
export interface CheckoutAnswer {
  readonly purchaseId: string;
  readonly paymentUrl: string;
}

/** The method a basket with nothing to pay is "paid" by. */
const FREE_METHOD: PaymentMethod = {
  id: 'free',
  group: 'other',
  name: 'free',
  displayName: 'free',
  country: null,
};

/**
 * Checkout of the anonymous basket: the payment methods on offer, confirming the cart (SPEC §4) and
 * reopening it, and "Go pay". A signed-in buyer's purchase is linked to them (My purchases).
 */
@Public()
@Controller('baskets/:basketId')
export class CheckoutController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    private readonly vatFacts: BasketVatFacts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The methods the gateway offers for the basket's total to a buyer in `country` (the billing address's;
   * Estonia when not given): that country's bank links (the bank's country is evidence of where the
   * buyer is) and cards.
   */
  @Get('payment-methods')
  async paymentMethods(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Query('country') country?: string,
  ): Promise<{ methods: readonly PaymentMethod[] }> {
    const basket = await this.queryBus.execute(new GetBasketQuery(basketId, this.clock.now()));
    if (basket.documentCount === 0) return { methods: [] };
    if (basket.subtotal === 0) return { methods: [FREE_METHOD] };
    const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
    const buyerCountry = isCountryCode(code) ? code.toLowerCase() : SHOP_COUNTRY;
    return { methods: await this.vatFacts.paymentMethods(basket.listTotal, buyerCountry) };
  }

  /**
   * The VAT for the details entered so far, before the buyer confirms: the rate and country, the amounts,
   * or what is missing (a question about the country, VIES's outage or its "invalid"). Writes nothing.
   */
  @Post('vat-quote')
  @HttpCode(200)
  quote(@Param('basketId', UuidParamPipe) basketId: string, @Body() body: VatQuoteDto): Promise<VatQuote> {
    return this.commandBus.execute(new QuoteBasketVatCommand(basketId, body, this.context(null)));
  }

  @Post('confirmation')
  @HttpCode(200)
  @OptionalSignIn()
  async confirm(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Body() body: ConfirmBasketDto,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @OptionalUser() user: AuthenticatedUser | null,
    @IdempotencyKey() key: string | undefined,
  ): Promise<BasketSummary> {
    const context = this.context(user);
    const { expectedTotal, invoice, countryOfResidence, payWithVatWhileViesUnavailable, ...details } = body;
    const result = await this.commandBus.execute(
      new ConfirmBasketCommand(
        basketId,
        {
          ...details,
          invoice: invoice
            ? {
                companyName: invoice.companyName,
                registryCode: invoice.registryCode,
                vatNumber: invoice.vatNumber ?? null,
              }
            : null,
        },
        expectedTotal,
        preferredLanguage(acceptLanguage),
        user?.userId ?? null,
        context,
        key,
        { countryOfResidence, payWithVatWhileViesUnavailable },
      ),
    );
    await this.refuseIfChanged(result);
    return this.answer(basketId, result.position, context.now);
  }

  /** The buyer reopens the confirmed details (to change them): unconfirmed, documents kept. */
  @Delete('confirmation')
  async reopen(
    @Param('basketId', UuidParamPipe) basketId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<BasketSummary> {
    const context = this.context(null);
    const result = await this.commandBus.execute(
      new ChangeBasket(
        { type: 'CancelBasketConfirmation', data: { basketId, purchaseId: null }, context },
        key,
      ),
    );
    return this.answer(basketId, result.position, context.now);
  }

  /** "Go pay": answers the page at the gateway for the chosen method. */
  @Post('checkout')
  @HttpCode(200)
  async checkout(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Ip() ip: string,
  ): Promise<CheckoutAnswer> {
    const context = this.context(null);
    // The buyer's address as we saw it; the gateway's adapter puts it in the form its API takes.
    const result = await this.commandBus.execute(new CheckOutBasketCommand(basketId, ip, context));
    await this.projections.waitFor(result.position, ['baskets', 'purchases']);
    if (result.basketChanged) throw new DomainError('SHOPPING_CART.PRICES_CHANGED');
    return { purchaseId: result.purchaseId, paymentUrl: result.paymentUrl };
  }

  /**
   * "Get it free" (docs/decisions/free-templates-in-one-step.md): a basket holding only free documents is
   * confirmed with the e-mail the links go to (a signed-in buyer's names come from My data) and checked out
   * at once, without a gateway; answers the purchase and its page with the files (the buyer's key in its
   * fragment). The links go to the e-mail too.
   */
  @Post('free-checkout')
  @HttpCode(200)
  @OptionalSignIn()
  async freeCheckout(
    @Param('basketId', UuidParamPipe) basketId: string,
    @Body() body: FreeCheckoutDto,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @OptionalUser() user: AuthenticatedUser | null,
    @Ip() ip: string,
  ): Promise<{ purchaseId: string; summaryUrl: string }> {
    const context = this.context(user);
    const basket = await this.queryBus.execute(new GetBasketQuery(basketId, context.now));
    if (basket.documentCount === 0) throw new DomainError('SHOPPING_CART.BASKET_EMPTY');
    if (basket.total !== 0) throw new DomainError('SHOPPING_CART.NOT_FREE');
    const names = user
      ? await this.queryBus.execute(new GetProductUserQuery(user))
      : { firstName: '', lastName: '' };
    const confirmed = await this.commandBus.execute(
      new ConfirmBasketCommand(
        basketId,
        {
          email: body.email,
          firstName: names.firstName,
          lastName: names.lastName,
          address: '',
          // Nothing to pay, no VAT to place: no country is asked for (checkout-details.ts).
          country: '',
          previewsSeen: false,
          termsAccepted: body.termsAccepted,
          invoice: null,
          paymentMethod: 'free',
        },
        0,
        preferredLanguage(acceptLanguage),
        user?.userId ?? null,
        context,
      ),
    );
    await this.refuseIfChanged(confirmed);
    const result = await this.commandBus.execute(
      new CheckOutBasketCommand(basketId, ip.replace(/^::ffff:/, ''), context),
    );
    await this.projections.waitFor(result.position, ['baskets', 'purchases']);
    if (result.basketChanged) throw new DomainError('SHOPPING_CART.PRICES_CHANGED');
    return { purchaseId: result.purchaseId, summaryUrl: result.paymentUrl };
  }

  private context(user: AuthenticatedUser | null): CommandContext {
    return { actorId: user?.userId ?? ANONYMOUS, now: this.clock.now() };
  }

  /** Prices changed since the documents were added: the basket has the new ones; the buyer sees them first. */
  private async refuseIfChanged(result: CommandResult): Promise<void> {
    if (!basketChangedUnderBuyer(result.events as readonly BasketEvent[])) return;
    await this.projections.waitFor(result.position, ['baskets']);
    throw new DomainError('SHOPPING_CART.PRICES_CHANGED');
  }

  private async answer(basketId: string, position: LogPosition | null, now: Date): Promise<BasketSummary> {
    await this.projections.waitFor(position, ['baskets']);
    return this.queryBus.execute(new GetBasketQuery(basketId, now));
  }
}
