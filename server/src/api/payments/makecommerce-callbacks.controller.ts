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
 * a forged one is 400 PAYMENT.MESSAGE_REJECTED and changes nothing.
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

  @All('cancel')
  @Redirect()
  async cancel(@Body() body: Fields, @Query() query: Fields): Promise<{ url: string; statusCode: number }> {
    const outcome = await this.record(messageOf(body, query), 'cancel');
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
