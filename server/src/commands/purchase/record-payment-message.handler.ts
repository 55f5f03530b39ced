import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { purchaseDecider } from '../../domain/purchase/purchase.decider';
import { DomainError } from '../../domain/shared/domain-error';
import { isUuid } from '../../domain/shared/ids';
import { purchaseStreamId } from '../../events/purchase.events';
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
import { PurchaseAccessKeys } from './purchase-access-keys';
import { PurchaseFollowUps } from './purchase-follow-ups';
import { type PaymentMessageOutcome, RecordPaymentMessageCommand } from './record-payment-message.command';
import { commandForTransaction } from './transaction-outcome';

/**
 * Believes a gateway message only after the port verified its MAC and read the transaction back; then the
 * transaction's own status moves the purchase (transaction-outcome.ts): completed → paid as of the
 * gateway's completion time (once; the return and the notification race, the loser finds it paid; money
 * for a purchase that already ended is owed back instead), cancelled or expired → cancelled. Nothing moves
 * a paid purchase back. Then the follow-ups run, and the buyer's return is sent on with their access key.
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
    private readonly access: PurchaseAccessKeys,
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
      const command = commandForTransaction(
        purchaseId,
        this.gateway.provider,
        verified.transaction,
        verified.message,
        route,
        this.clock.now(),
      );
      return command === null
        ? { position: null, events: [] }
        : this.aggregates.handle(stream, purchaseDecider, command);
    });
    let position: LogPosition | null = result.position;
    position = (await this.followUps.afterGatewayWord(purchaseId, result.events)) ?? position;
    // The buyer comes back to their purchase with its key (issued now for a purchase that has none).
    const access = route === 'return' ? await this.access.ensure(purchaseId) : null;
    if (access?.position) position = access.position > (position ?? 0n) ? access.position : position;
    const { state, recorded } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status === 'none') throw new DomainError('PAYMENT.UNKNOWN_REFERENCE');
    // A message that changes nothing (the gateway's own notification recorded the payment a moment
    // earlier) still answers once the read side has what the log says, so the buyer never sees "pending".
    const last = recorded.at(-1)?.position ?? null;
    if (last !== null && (position === null || last > position)) position = last;
    return {
      purchaseId,
      language: state.language,
      status: state.status,
      position,
      accessKey: access?.key ?? null,
    };
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
}
