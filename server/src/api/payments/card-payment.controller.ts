import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PurchaseLinks } from '../../commands/purchase/purchase-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../infrastructure/payments/payment-gateway.port';
import { Public } from '../auth/auth.decorators';
import { contentSecurityPolicy, servedOverHttps } from '../http/security-headers';
import {
  CARD_PAYMENT_CSS,
  CARD_PAYMENT_JS,
  type CardPageNotice,
  type PageLanguage,
  cardFormPage,
  cardNoticePage,
} from './card-payment.page';

/** The card payment page's routes, outside /api like the callbacks (create-app.ts excludes them). */
export const CARD_PAYMENT_PATHS = [
  'payments/makecommerce/card/:transactionId',
  'payments/makecommerce/assets/card-payment.js',
  'payments/makecommerce/assets/card-payment.css',
] as const;

/**
 * The app's Content-Security-Policy with the card form's origin added where its script needs it: the script
 * itself, the dialog it frames, the calls and images it makes, its styles, and a 3-D Secure step that leaves
 * by a form. Only this page gets it; every other page keeps the app's own.
 */
export function cardPagePolicy(config: AppConfig, https: boolean, scriptUrl: string): string {
  const directives = contentSecurityPolicy(config, https);
  const origin = new URL(scriptUrl).origin;
  for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src', 'style-src', 'form-action']) {
    const sources = directives[name] ?? ["'self'"];
    if (!sources.includes(origin)) directives[name] = [...sources, origin];
  }
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

const languageOf = (value: unknown): PageLanguage => (value === 'en' ? 'en' : 'et');

/**
 * The shop's page for a card the gateway gives no page of its own (MakeCommerce answers a card method
 * without `url`): it opens the gateway's in-page card form with the shop's publishable key; the form's signed
 * message goes to the return route. A transaction already paid, ended or unknown gets a page that says so
 * and leads back to the basket (docs/decisions/card-payments.md).
 */
@Public()
@Controller('payments/makecommerce')
export class CardPaymentController {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: PurchaseLinks,
  ) {}

  @Get('card/:transactionId')
  async page(
    @Param('transactionId') transactionId: string,
    @Query('lang') lang: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const language = languageOf(lang);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    const notice = (status: number, what: CardPageNotice): string => {
      reply.status(status);
      return cardNoticePage(language, what);
    };
    const cardForm = this.gateway.cardForm;
    if (cardForm === null) return notice(404, 'noCards');
    let transaction;
    try {
      transaction = await this.gateway.getTransaction(transactionId);
    } catch (error) {
      if (error instanceof PaymentGatewayError) return notice(503, 'gatewayDown');
      throw error;
    }
    if (transaction === null) return notice(404, 'unknown');
    if (transaction.status === 'completed') return notice(409, 'paid');
    if (transaction.status === 'canceled' || transaction.status === 'expired') return notice(409, 'ended');
    reply.header(
      'content-security-policy',
      cardPagePolicy(this.config, servedOverHttps(this.config, request), cardForm.scriptUrl),
    );
    return cardFormPage(language, {
      transactionId: transaction.id,
      reference: transaction.reference,
      amount: transaction.amount,
      publishableKey: cardForm.publishableKey,
      scriptUrl: cardForm.scriptUrl,
      returnUrl: this.links.gatewayCallbackUrls().returnUrl,
    });
  }

  @Get('assets/card-payment.js')
  script(@Res({ passthrough: true }) reply: FastifyReply): string {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return CARD_PAYMENT_JS;
  }

  @Get('assets/card-payment.css')
  style(@Res({ passthrough: true }) reply: FastifyReply): string {
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return CARD_PAYMENT_CSS;
  }
}
