import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import {
  type BasketState,
  basketChangedUnderBuyer,
  basketDecider,
  earlierLivePurchaseIds,
} from '../../domain/basket/basket.decider';
import { documentDecider } from '../../domain/catalogue/document.decider';
import { fullName } from '../../domain/profile/profile-details';
import { profileDecider } from '../../domain/profile/profile.decider';
import {
  type PurchaseState,
  isPurchaseExpired,
  purchaseDecider,
  purchaseDocumentFacts,
} from '../../domain/purchase/purchase.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import type { FeeRates } from '../../domain/shared/fees';
import { type BasketEvent, basketStreamId } from '../../events/basket.events';
import { documentStreamId } from '../../events/document.events';
import { profileStreamId } from '../../events/profile.events';
import { purchaseStreamId } from '../../events/purchase.events';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
  bankLinkCountry,
} from '../../infrastructure/payments/payment-gateway.port';
import { currentBasketDocuments } from '../basket/basket-document-facts';
import { SHOP_COUNTRY } from '../basket/confirm-basket.handler';
import { FEE_RATES } from '../../config/fee-rates.token';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { CheckOutBasketCommand, type CheckOutResult } from './check-out-basket.command';
import { PaymentReconciliation } from './payment-reconciliation';
import { PurchaseAccessKeys } from './purchase-access-keys';
import { PurchaseFollowUps } from './purchase-follow-ups';
import { PurchaseLinks } from './purchase-links';

/** Names a basket's purchases: the n-th confirmation of a basket always becomes the same purchase id. */
const PURCHASE_NAMESPACE = '3f0d6a52-9f6e-4b7f-8a1d-2c5e7b9d0e41';

export const purchaseIdFor = (basketId: string, confirmation: number): string =>
  uuidv5(`${basketId}/purchase/${confirmation}`, PURCHASE_NAMESPACE);

/**
 * "Go pay", in steps that each stand on their own, so a retry (a double click, a second tab, a crash) picks
 * up where the last one stopped: the basket's earlier purchases that are still unpaid end (one basket, one
 * live purchase: docs/decisions/one-basket-one-payment.md), the basket records its checkout, the purchase
 * is created from the basket with every document's uploader and files read from their own streams and
 * gets the buyer's access key, and the gateway gets a transaction whose page for the chosen method the
 * buyer is sent to. A basket whose prices changed records the new prices instead and goes no further; one
 * whose earlier purchase turns out paid is completed by it and goes no further either.
 */
@CommandHandler(CheckOutBasketCommand)
export class CheckOutBasketHandler implements ICommandHandler<CheckOutBasketCommand, CheckOutResult> {
  private readonly logger = new Logger(CheckOutBasketHandler.name);

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly links: PurchaseLinks,
    private readonly followUps: PurchaseFollowUps,
    private readonly access: PurchaseAccessKeys,
    private readonly reconciliation: PaymentReconciliation,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(FEE_RATES) private readonly rates: FeeRates,
  ) {}

  async execute({ basketId, customerIp, context }: CheckOutBasketCommand): Promise<CheckOutResult> {
    const basketStream = basketStreamId(basketId);
    const { state: basket } = await this.aggregates.load(basketStream, basketDecider);
    if (basket.confirmation === null) throw new DomainError('SHOPPING_CART.NOT_CONFIRMED');
    const purchaseId = basket.purchaseId ?? purchaseIdFor(basketId, basket.confirmations);
    const documents = await currentBasketDocuments(
      this.aggregates,
      basket.lines.map((line) => line.documentId),
    );
    await this.endEarlierPurchases(basket, purchaseId, context);
    const checkedOut = await this.aggregates.handle(basketStream, basketDecider, {
      type: 'CheckOutBasket',
      data: { basketId, purchaseId, documents, rates: this.rates },
      context,
    });
    if (basketChangedUnderBuyer(checkedOut.events as readonly BasketEvent[])) {
      return { purchaseId, paymentUrl: '', position: checkedOut.position, basketChanged: true };
    }

    let position = checkedOut.position;
    const track = (p: LogPosition | null) => {
      if (p !== null) position = p;
    };
    track((await this.createPurchase(purchaseId, basketId, basket, context.now)).position);
    const access = await this.access.ensure(purchaseId);
    if (access === null) throw new DomainError('PURCHASE.NOT_FOUND');
    track(access.position);
    const state = access.purchase;
    const returnUrl = this.links.paymentReturnUrl(purchaseId, state.language, access.key);

    if (state.status === 'paid') {
      const paidUrl =
        state.total === 0 ? this.links.summaryUrl(purchaseId, state.language, access.key) : returnUrl;
      return { purchaseId, paymentUrl: paidUrl, position, basketChanged: false };
    }
    if (state.status === 'canceled') throw new DomainError('PURCHASE.NOT_PAYABLE');
    if (isPurchaseExpired(state, context.now)) {
      // The sweep has not got to it yet: ask the gateway first (the payment may have gone through), and end
      // one the payer never started paying, which reopens the basket for a new confirmation.
      const { outcome } = await this.reconciliation.check(purchaseId);
      if (outcome === 'paid') return { purchaseId, paymentUrl: returnUrl, position, basketChanged: false };
      if (outcome === 'not-started' || outcome === 'no-transaction') await this.followUps.expire(purchaseId);
      throw new DomainError('PURCHASE.NOT_PAYABLE');
    }
    if (state.total === 0) {
      // Nothing to pay: the purchase is paid at once, without a gateway.
      const paid = await retryOnConflict(() =>
        this.aggregates.handle(purchaseStreamId(purchaseId), purchaseDecider, {
          type: 'RecordPayment',
          data: {
            purchaseId,
            provider: 'free',
            transactionId: purchaseId,
            amount: 0,
            currency: 'EUR',
            providerResponse: {},
          },
          context: { actorId: SYSTEM_ACTOR, now: context.now },
        }),
      );
      track(paid.position);
      track(await this.followUps.complete(purchaseId));
      // No gateway and no "payment received": the buyer goes straight to the files.
      const filesUrl = this.links.summaryUrl(purchaseId, state.language, access.key);
      return { purchaseId, paymentUrl: filesUrl, position, basketChanged: false };
    }
    if (state.paymentUrl !== null && state.paymentMethod === basket.confirmation.paymentMethod) {
      return { purchaseId, paymentUrl: state.paymentUrl, position, basketChanged: false };
    }

    const transaction = await this.startTransaction(state, customerIp);
    const link = transaction.methods.find((m) => m.id === state.paymentMethod);
    if (!link) throw new DomainError('PAYMENT.METHOD_UNAVAILABLE');
    // A card the gateway gives no page of its own is paid in its in-page card form, on a page of ours.
    const paymentUrl = link.url ?? this.links.cardPaymentUrl(transaction.id, state.language);
    const started = await retryOnConflict(() =>
      this.aggregates.handle(purchaseStreamId(purchaseId), purchaseDecider, {
        type: 'StartPayment',
        data: {
          purchaseId,
          provider: this.gateway.provider,
          transactionId: transaction.id,
          paymentMethod: state.paymentMethod,
          paymentUrl,
        },
        context,
      }),
    );
    track(started.position);
    return { purchaseId, paymentUrl, position, basketChanged: false };
  }

  /**
   * Ends every earlier purchase of the basket that is still unpaid (PurchaseSuperseded), and voids its
   * transaction where the gateway offers that; a payment that still arrives for one is owed back, never
   * delivered. An earlier purchase found paid (its payment won the race) is completed, which empties the
   * basket of its documents, and this checkout stops with SHOPPING_CART.ALREADY_PAID.
   */
  private async endEarlierPurchases(
    basket: BasketState,
    purchaseId: string,
    context: CommandContext,
  ): Promise<void> {
    let paidEarlier: string | null = null;
    for (const earlier of earlierLivePurchaseIds(basket, purchaseId)) {
      const stream = purchaseStreamId(earlier);
      const result = await retryOnConflict(() =>
        this.aggregates.handle(stream, purchaseDecider, {
          type: 'SupersedePurchase',
          data: { purchaseId: earlier, supersededBy: purchaseId },
          context,
        }),
      );
      const { state } = await this.aggregates.load(stream, purchaseDecider);
      if (state.status === 'paid') paidEarlier = earlier;
      else if (result.events.length > 0 && state.status !== 'none') {
        await this.voidTransactions(state.transactionIds);
      }
    }
    if (paidEarlier !== null) {
      await this.followUps.complete(paidEarlier);
      throw new DomainError('SHOPPING_CART.ALREADY_PAID');
    }
  }

  /** Best effort: a transaction the gateway cannot void is still refused delivery when it is paid. */
  private async voidTransactions(transactionIds: readonly string[]): Promise<void> {
    for (const id of transactionIds) {
      try {
        await this.gateway.cancelTransaction(id);
      } catch (error) {
        this.logger.warn(`Could not void transaction ${id} at the gateway: ${(error as Error).message}`);
      }
    }
  }

  /** Creates the purchase (once; a racing second request finds it created). */
  private async createPurchase(
    purchaseId: string,
    basketId: string,
    basket: BasketState,
    now: Date,
  ): Promise<{ state: PurchaseState; position: LogPosition | null }> {
    const stream = purchaseStreamId(purchaseId);
    const existing = await this.aggregates.load(stream, purchaseDecider);
    if (existing.state.status !== 'none') return { state: existing.state, position: null };
    const documents = await Promise.all(
      basket.lines.map(async (line) => {
        const { state } = await this.aggregates.load(documentStreamId(line.documentId), documentDecider);
        const uploaderName = state.status === 'none' ? '' : await this.uploaderName(state.uploaderId);
        return purchaseDocumentFacts(line.documentId, state, uploaderName);
      }),
    );
    const result = await retryOnConflict(() =>
      this.aggregates.handle(stream, purchaseDecider, {
        type: 'CreatePurchase',
        data: {
          purchaseId,
          basketId,
          confirmation: basket.confirmation,
          lines: basket.lines,
          documents,
          rates: this.rates,
        },
        context: { actorId: basket.confirmation?.buyerId ?? 'anonymous', now },
      }),
    );
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    return { state, position: result.position };
  }

  private async uploaderName(uploaderId: string): Promise<string> {
    const { state } = await this.aggregates.load(profileStreamId(uploaderId), profileDecider);
    return state.registered ? fullName(state.details) : '';
  }

  private async startTransaction(state: Exclude<PurchaseState, { status: 'none' }>, customerIp: string) {
    try {
      return await this.gateway.createTransaction({
        reference: state.purchaseId,
        amount: state.total,
        currency: 'EUR',
        customer: {
          email: state.payer.email,
          ip: customerIp,
          // The chosen bank's country (the transaction then offers it), else the buyer's.
          country: bankLinkCountry(state.paymentMethod) ?? state.payer.country?.toLowerCase() ?? SHOP_COUNTRY,
          locale: state.language,
        },
        ...this.links.gatewayCallbackUrls(state.language),
      });
    } catch (error) {
      if (error instanceof PaymentGatewayError) {
        this.logger.error(error.message);
        throw new DomainError('PAYMENT.GATEWAY_UNAVAILABLE');
      }
      throw error;
    }
  }
}
