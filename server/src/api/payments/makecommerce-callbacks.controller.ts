import { All, Body, Controller, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PurchaseLinks } from '../../commands/purchase/purchase-links';
import {
  type PaymentMessageOutcome,
  type PaymentMessageRoute,
  RecordPaymentMessageCommand,
} from '../../commands/purchase/record-payment-message.command';
import { ProjectionRunner } from '../../projections/projection-runner';
import { Public } from '../auth/auth.decorators';
import { SignedMessages } from '../http/anonymous-write-limit.guard';

/** The routes MakeCommerce calls are outside /api: they arrive form-encoded (`json`, `mac`), not as JSON. */
export const MAKECOMMERCE_CALLBACK_PATHS = [
  'payments/makecommerce/return',
  'payments/makecommerce/cancel',
  'payments/makecommerce/notification',
] as const;

type Fields = Record<string, unknown> | undefined;

/** `json` and `mac` from a form post, else from the query (MakeCommerce allows both methods). */
function messageOf(body: Fields, query: Fields): { json: string; mac: string } {
  const pick = (name: string): string => {
    const fromBody = body?.[name];
    if (typeof fromBody === 'string') return fromBody;
    const fromQuery = query?.[name];
    return typeof fromQuery === 'string' ? fromQuery : '';
  };
  return { json: pick('json'), mac: pick('mac') };
}

/**
 * MakeCommerce's three callbacks: the buyer's return and cancel (the browser posts the signed message and
 * is sent on to the client's payment return or cancel page) and the gateway's own notification (answered
 * 200 as soon as it is recorded). Each message is verified by the Payments port before anything happens;
 * a forged one is 400 PAYMENT.MESSAGE_REJECTED and changes nothing; a cancel without any message is the
 * buyer's way back, not a message.
 */
@Public()
@SignedMessages()
@Controller('payments/makecommerce')
export class MakeCommerceCallbacksController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly links: PurchaseLinks,
  ) {}

  @All('return')
  @Redirect()
  async return(@Body() body: Fields, @Query() query: Fields): Promise<{ url: string; statusCode: number }> {
    const outcome = await this.record(messageOf(body, query), 'return');
    // The buyer's access key rides in the page address's fragment: the page shows the purchase with it.
    const url = this.links.paymentReturnUrl(
      outcome.purchaseId,
      outcome.language,
      outcome.accessKey ?? undefined,
    );
    return { url, statusCode: 303 };
  }

  /**
   * The buyer's cancel. A cancel that comes back without a signed message (a gateway page's "back to the
   * shop", or a shop-level cancel URL) says nothing about the payment: the buyer sees the cancel page in the
   * language the address names, nothing is recorded, and the purchase waits for the gateway's own word (its
   * notification, or the sweep asking it). A message that is there must verify.
   */
  @All('cancel')
  @Redirect()
  async cancel(@Body() body: Fields, @Query() query: Fields): Promise<{ url: string; statusCode: number }> {
    const message = messageOf(body, query);
    if (message.json === '' && message.mac === '') {
      return { url: this.links.paymentCancelUrl(query?.lang === 'en' ? 'en' : 'et'), statusCode: 303 };
    }
    const outcome = await this.record(message, 'cancel');
    return { url: this.links.paymentCancelUrl(outcome.language), statusCode: 303 };
  }

  @Post('notification')
  @HttpCode(200)
  async notification(@Body() body: Fields, @Query() query: Fields): Promise<{ received: true }> {
    await this.record(messageOf(body, query), 'notification');
    return { received: true };
  }

  private async record(
    message: { json: string; mac: string },
    route: PaymentMessageRoute,
  ): Promise<PaymentMessageOutcome> {
    const outcome = await this.commandBus.execute(new RecordPaymentMessageCommand(message, route));
    await this.projections.waitFor(outcome.position, ['purchases', 'baskets']);
    return outcome;
  }
}
