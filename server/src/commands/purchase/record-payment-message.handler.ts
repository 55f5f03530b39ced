import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type PurchaseCommand, purchaseDecider } from '../../domain/purchase/purchase.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import { isUuid } from '../../domain/shared/ids';
import { type PurchaseEvent, purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
  PaymentMessageRejectedError,
  type VerifiedPaymentMessage,
} from '../../infrastructure/payments/payment-gateway.port';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { PurchaseFollowUps } from './purchase-follow-ups';
import { PurchaseMails } from './purchase-mails';
import {
  type PaymentMessageOutcome,
  type PaymentMessageRoute,
  RecordPaymentMessageCommand,
} from './record-payment-message.command';

/**
 * A payment is dated when the buyer completed it at the gateway, not when a message about it reached us:
 * the return and the notification race, and a notification that arrives late (the shop was down) must not
 * move a sale to another day, or another month of the accountant's report. A gateway time ahead of ours
 * (clock skew) is taken as now.
 */
function paidAt(completedAt: Date | null, now: Date): Date {
  return completedAt !== null && completedAt.getTime() <= now.getTime() ? completedAt : now;
}

/**
 * Believes a gateway message only after the port verified its MAC and read the transaction back; then the
 * transaction's own status moves the purchase: completed → paid as of the gateway's completion time (once; the return and the notification
 * race, the loser finds it paid), cancelled → cancelled (the buyer's cancel, else a failed payment),
 * expired → cancelled. Nothing moves a paid purchase back. Then the follow-ups run: a paid purchase is
 * completed (basket, invoice number, mail); an ended one reopens its basket, and a failed one is mailed.
 */
@CommandHandler(RecordPaymentMessageCommand)
export class RecordPaymentMessageHandler implements ICommandHandler<
  RecordPaymentMessageCommand,
  PaymentMessageOutcome
> {
  private readonly logger = new Logger(RecordPaymentMessageHandler.name);

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly followUps: PurchaseFollowUps,
    private readonly mails: PurchaseMails,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ message, route }: RecordPaymentMessageCommand): Promise<PaymentMessageOutcome> {
    const verified = await this.verify(message);
    const purchaseId = verified.transaction.reference;
    if (!isUuid(purchaseId)) throw new DomainError('PAYMENT.UNKNOWN_REFERENCE');
    const stream = purchaseStreamId(purchaseId);
    const result = await retryOnConflict(async () => {
      const { state } = await this.aggregates.load(stream, purchaseDecider);
      if (state.status === 'none') throw new DomainError('PAYMENT.UNKNOWN_REFERENCE');
      const command = this.commandFor(purchaseId, verified, route);
      return command === null
        ? { position: null, events: [] }
        : this.aggregates.handle(stream, purchaseDecider, command);
    });
    let position: LogPosition | null = result.position;
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status === 'none') throw new DomainError('PAYMENT.UNKNOWN_REFERENCE');

    if (result.events.some((e) => e.type === 'PurchasePaid')) {
      position = (await this.safely(() => this.followUps.complete(purchaseId))) ?? position;
    } else if (state.status === 'canceled') {
      position =
        (await this.safely(() => this.followUps.reopenBasket(state.basketId, purchaseId))) ?? position;
      const failed = (result.events as readonly PurchaseEvent[]).some(
        (e) => e.type === 'PurchaseCanceled' && e.data.reason === 'payment-failed',
      );
      if (failed) await this.safely(() => this.mails.paymentFailed(state));
    }
    return { purchaseId, language: state.language, status: state.status, position };
  }

  private async verify(message: RecordPaymentMessageCommand['message']): Promise<VerifiedPaymentMessage> {
    try {
      return await this.gateway.verifyMessage(message);
    } catch (error) {
      if (error instanceof PaymentMessageRejectedError) {
        this.logger.warn(`Rejected a payment message: ${error.reason}`);
        throw new DomainError('PAYMENT.MESSAGE_REJECTED');
      }
      if (error instanceof PaymentGatewayError) {
        this.logger.error(error.message);
        throw new DomainError('PAYMENT.GATEWAY_UNAVAILABLE');
      }
      throw error;
    }
  }

  private commandFor(
    purchaseId: string,
    { transaction, message }: VerifiedPaymentMessage,
    route: PaymentMessageRoute,
  ): PurchaseCommand | null {
    const now = this.clock.now();
    const context: CommandContext = { actorId: SYSTEM_ACTOR, now };
    switch (transaction.status) {
      case 'completed':
        return {
          type: 'RecordPayment',
          data: {
            purchaseId,
            provider: this.gateway.provider,
            transactionId: transaction.id,
            amount: transaction.amount,
            currency: transaction.currency,
            providerResponse: message,
          },
          context: { ...context, now: paidAt(transaction.completedAt, now) },
        };
      case 'canceled':
      case 'expired':
        return {
          type: 'RecordPaymentFailure',
          data: {
            purchaseId,
            reason:
              transaction.status === 'expired'
                ? 'expired'
                : route === 'cancel'
                  ? 'buyer-canceled'
                  : 'payment-failed',
            providerResponse: message,
          },
          context,
        };
      case 'created':
      case 'pending':
        return null;
    }
  }

  /** Follow-ups never undo the recorded payment: a failure is logged and the purchase sweep retries. */
  private async safely<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      this.logger.error('A purchase follow-up failed; the purchase sweep will retry', error as Error);
      return null;
    }
  }
}
