import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { OfferedMethod, VatContext } from '../../domain/basket/basket.decider';
import { normaliseVatNumber } from '../../domain/invoice/vat-number';
import { DomainError } from '../../domain/shared/domain-error';
import type { Cents } from '../../domain/shared/money';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { OSS_THRESHOLD, type ViesAnswer, needsViesCheck } from '../../domain/vat/vat-decision';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentMethod,
} from '../../infrastructure/payments/payment-gateway.port';
import { VAT_REGISTRY, type VatRegistry } from '../../infrastructure/vat-registry/vat-registry.port';
import { GetCrossBorderSalesQuery } from '../../queries/vat/get-cross-border-sales.query';

/** The shop's own country, whose bank links every buyer is offered. */
const SHOP_COUNTRY_CODE = 'ee';

/** How long a VIES answer (valid or invalid) is reused: a quote and the confirmation right after it. */
const VIES_ANSWER_REUSE_MS = 10 * 60 * 1000;

/** The buyer's answers the VAT decision may need besides the cart's form. */
export interface VatAnswers {
  /** "Where do you live?" when the evidence asked it (ISO alpha-2). */
  readonly countryOfResidence?: string | null;
  /** The buyer chose to pay with VAT now while VIES does not answer. */
  readonly payWithVatWhileViesUnavailable?: boolean;
}

/**
 * Gathers what a basket's VAT decision reads from outside the basket: the payment methods the gateway
 * offers for the billing country (a bank link's country is evidence), VIES's answer about another
 * member state's VAT number (reused for ten minutes, so the preview and the confirmation ask once; an
 * outage is never reused), and the year's cross-border sales for the OSS threshold.
 */
@Injectable()
export class BasketVatFacts {
  private readonly answers = new Map<string, { answer: ViesAnswer; until: number }>();

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(VAT_REGISTRY) private readonly registry: VatRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The methods the gateway offers a buyer in `country`: that country's bank links, the shop's own
   * (Estonian) ones, and cards. Many buyers abroad bank in Estonia, and a bank of another country than
   * the billing address is exactly the contradiction the VAT decision asks the buyer about.
   */
  async paymentMethods(amount: Cents, country: string): Promise<PaymentMethod[]> {
    const own = SHOP_COUNTRY_CODE;
    const buyer = (country || own).toLowerCase();
    try {
      const lists = await Promise.all(
        [...new Set([buyer, own])].map((c) => this.gateway.paymentMethods({ amount, country: c })),
      );
      const seen = new Set<string>();
      return lists.flat().filter((m) => !seen.has(m.id) && seen.add(m.id));
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw new DomainError('PAYMENT.GATEWAY_UNAVAILABLE');
      throw error;
    }
  }

  /** The methods on offer for a buyer in `country`, each with its country; an unreachable gateway is a 503. */
  async offeredMethods(amount: Cents, country: string): Promise<OfferedMethod[]> {
    if (amount === 0) return [{ id: 'free', country: null }];
    const methods = await this.paymentMethods(amount, country);
    return methods.map((m) => ({ id: m.id, country: m.country?.toUpperCase() ?? null }));
  }

  /** VIES's answer for a VAT number of another member state; null for any other number or none. */
  async viesAnswer(vatNumber: string | null | undefined, now: Date): Promise<ViesAnswer | null> {
    const number = vatNumber ? normaliseVatNumber(vatNumber) : null;
    if (!needsViesCheck(number)) return null;
    const reused = this.answers.get(number!);
    if (reused && reused.until > now.getTime()) return reused.answer;
    const answer = await this.registry.check(number!, { vatNumber: this.config.seller.vatNumber }, now);
    if (answer.status !== 'unavailable') {
      if (this.answers.size > 10_000) this.answers.clear();
      this.answers.set(number!, { answer, until: now.getTime() + VIES_ANSWER_REUSE_MS });
    }
    return answer;
  }

  /** Everything the decision reads besides the form and the methods. */
  async context(vatNumber: string | null | undefined, answers: VatAnswers, now: Date): Promise<VatContext> {
    const year = Number(ledgerDay(now.toISOString()).slice(0, 4));
    const [vies, crossBorderSales] = await Promise.all([
      this.viesAnswer(vatNumber, now),
      this.queryBus.execute(new GetCrossBorderSalesQuery(year)),
    ]);
    const declared = answers.countryOfResidence?.trim().toUpperCase();
    return {
      vies,
      declaredCountry: declared ? declared : null,
      chargeVatWhileViesUnavailable: answers.payWithVatWhileViesUnavailable === true,
      domesticRate: this.config.feeRates.vatRate,
      crossBorderSales,
      ossThreshold: OSS_THRESHOLD,
      ossFromFirstSale: this.config.vat.ossFromFirstSale,
    };
  }
}
