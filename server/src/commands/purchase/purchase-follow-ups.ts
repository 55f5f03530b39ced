import { Inject, Injectable, Logger } from '@nestjs/common';
import { basketDecider } from '../../domain/basket/basket.decider';
import { purchaseDecider } from '../../domain/purchase/purchase.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../../domain/shared/command';
import { basketStreamId } from '../../events/basket.events';
import type { DomainEvent } from '../../events/domain-event';
import { type PurchaseEvent, purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { InvoiceNumbers } from '../invoice/invoice-numbers';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { PurchaseAccessKeys } from './purchase-access-keys';
import { PurchaseMails } from './purchase-mails';

/**
 * What follows a purchase's payment or its end, each step recorded as an event and safe to repeat: the
 * basket is converted (its documents leave it), the invoice number is assigned when an invoice was asked
 * for (else the receipt number), and the confirmation mail with the links goes out once. The payment handler runs them at once;
 * the purchase sweep runs them again for any purchase a crash left half done.
 */
@Injectable()
export class PurchaseFollowUps {
  private readonly logger = new Logger(PurchaseFollowUps.name);
  private readonly running = new Map<string, Promise<LogPosition | null>>();

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly invoices: InvoiceNumbers,
    private readonly mails: PurchaseMails,
    private readonly access: PurchaseAccessKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private context(): CommandContext {
    return { actorId: SYSTEM_ACTOR, now: this.clock.now() };
  }

  /** Completes a paid purchase; answers the position of the last event written (null: nothing to do). */
  complete(purchaseId: string): Promise<LogPosition | null> {
    const already = this.running.get(purchaseId);
    if (already) return already;
    const run = this.completeOnce(purchaseId).finally(() => this.running.delete(purchaseId));
    this.running.set(purchaseId, run);
    return run;
  }

  private async completeOnce(purchaseId: string): Promise<LogPosition | null> {
    const stream = purchaseStreamId(purchaseId);
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status !== 'paid') return null;
    let position: LogPosition | null = null;
    const track = (p: LogPosition | null) => {
      if (p !== null && (position === null || p > position)) position = p;
    };
    const converted = await retryOnConflict(() =>
      this.aggregates.handle(basketStreamId(state.basketId), basketDecider, {
        type: 'ConvertBasket',
        data: {
          basketId: state.basketId,
          purchaseId,
          documentIds: state.lines.map((line) => line.documentId),
        },
        context: this.context(),
      }),
    );
    track(converted.position);
    // An invoice when one was asked for, else a receipt: each from its own gap-free series. Purchases
    // from before receipts had a series keep their receipt numbered by the purchase number.
    const invoiceRequested = state.invoice !== null;
    let invoiceNumber: string | null = null;
    if (invoiceRequested || state.vat.reason !== 'before-vat-by-buyer') {
      const assigned = await this.invoices.assignNumber(
        invoiceRequested ? 'invoice' : 'receipt',
        purchaseId,
        { paid: true, invoiceRequested },
      );
      track(assigned.position);
      if (invoiceRequested) invoiceNumber = assigned.number;
    }
    if (!state.confirmationSent) {
      // The mail carries the buyer's access key: a purchase made before keys existed gets one now.
      const access = await this.access.ensure(purchaseId);
      if (access === null) return position;
      track(access.position);
      await this.mails.purchaseConfirmation(access.purchase, invoiceNumber);
      const sent = await retryOnConflict(() =>
        this.aggregates.handle(stream, purchaseDecider, {
          type: 'RecordConfirmationSent',
          data: { purchaseId },
          context: this.context(),
        }),
      );
      track(sent.position);
    }
    return position;
  }

  /**
   * What follows the gateway's word about a purchase (a message, or the shop asking the gateway): a payment
   * completes the purchase; an ending reopens the basket, and a failed payment is mailed to the payer; a
   * payment owed back is only logged here (the admin's purchases screen flags it). Never throws: a failed
   * step is logged and the purchase sweep retries it. Answers the position of the last event written.
   */
  async afterGatewayWord(purchaseId: string, events: readonly DomainEvent[]): Promise<LogPosition | null> {
    const written = events as readonly PurchaseEvent[];
    try {
      if (written.some((e) => e.type === 'PurchasePaid')) return await this.complete(purchaseId);
      const refund = written.find((e) => e.type === 'PurchaseRefundDue');
      if (refund) {
        this.logger.warn(
          `A payment arrived for purchase ${purchaseId} (${refund.data.reason}): flagged as owed back, not delivered`,
        );
        return null;
      }
      const canceled = written.find((e) => e.type === 'PurchaseCanceled');
      if (!canceled) return null;
      const { state } = await this.aggregates.load(purchaseStreamId(purchaseId), purchaseDecider);
      if (state.status === 'none') return null;
      const position = await this.reopenBasket(state.basketId, purchaseId);
      if (canceled.data.reason === 'payment-failed') await this.mails.paymentFailed(state);
      return position;
    } catch (error) {
      this.logger.error('A purchase follow-up failed; the purchase sweep will retry', error as Error);
      return null;
    }
  }

  /**
   * An unpaid purchase ended (cancelled, failed or expired): the basket is unconfirmed again, documents
   * intact, so the buyer can change the details or pay again.
   */
  async reopenBasket(basketId: string, purchaseId: string): Promise<LogPosition | null> {
    const result = await retryOnConflict(() =>
      this.aggregates.handle(basketStreamId(basketId), basketDecider, {
        type: 'CancelBasketConfirmation',
        data: { basketId, purchaseId },
        context: this.context(),
      }),
    );
    return result.position;
  }

  /** Cancels an unpaid purchase past its 30 minutes and reopens its basket. */
  async expire(purchaseId: string): Promise<LogPosition | null> {
    const stream = purchaseStreamId(purchaseId);
    const result = await retryOnConflict(() =>
      this.aggregates.handle(stream, purchaseDecider, {
        type: 'ExpirePurchase',
        data: { purchaseId },
        context: this.context(),
      }),
    );
    if (result.events.length === 0) return result.position;
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status === 'none') return result.position;
    try {
      return (await this.reopenBasket(state.basketId, purchaseId)) ?? result.position;
    } catch (error) {
      this.logger.error(`Could not reopen basket ${state.basketId}`, error as Error);
      return result.position;
    }
  }
}
