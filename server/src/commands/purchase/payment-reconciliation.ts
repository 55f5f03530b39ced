import { Inject, Injectable, Logger } from '@nestjs/common';
import { purchaseDecider } from '../../domain/purchase/purchase.decider';
import { purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import {
  type GatewayTransaction,
  PAYMENT_GATEWAY,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../infrastructure/payments/payment-gateway.port';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { PurchaseFollowUps } from './purchase-follow-ups';
import { commandForTransaction, transactionReport } from './transaction-outcome';

/**
 * What the gateway said about a pending purchase's transactions, once recorded:
 * - `paid`: one was completed (the purchase is paid now, or its money is owed back if it had ended);
 * - `ended`: every one was cancelled or expired there (the purchase is cancelled now);
 * - `in-progress`: the payer is paying right now (PENDING): nothing to record, and not to be expired;
 * - `not-started`: the payer never opened the payment (CREATED): nothing to record;
 * - `no-transaction`: none was started, or the gateway knows none of them;
 * - `unreachable`: the gateway could not be asked; nothing may be decided without it;
 * - `not-pending`: the purchase is no longer waiting.
 */
export type GatewayCheck =
  'paid' | 'ended' | 'in-progress' | 'not-started' | 'no-transaction' | 'unreachable' | 'not-pending';

/**
 * Asks the gateway about a pending purchase (MakeCommerce's `GET /v1/transactions/{id}` for each of its
 * transactions) and records what it says, exactly as if its message had arrived: a payment completed
 * while the shop was down, or whose return and notification were lost, is paid and delivered. The sweep
 * asks before it expires a purchase, and the server asks about every pending purchase when it starts
 * (docs/decisions/no-payment-lost-while-the-shop-is-down.md).
 */
@Injectable()
export class PaymentReconciliation {
  private readonly logger = new Logger(PaymentReconciliation.name);

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly followUps: PurchaseFollowUps,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(purchaseId: string): Promise<{ outcome: GatewayCheck; position: LogPosition | null }> {
    const stream = purchaseStreamId(purchaseId);
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status !== 'pending') return { outcome: 'not-pending', position: null };
    if (state.transactionIds.length === 0) return { outcome: 'no-transaction', position: null };
    const transactions: GatewayTransaction[] = [];
    try {
      for (const id of state.transactionIds) {
        const transaction = await this.gateway.getTransaction(id);
        // Only a transaction made for this purchase speaks for it.
        if (transaction !== null && transaction.reference === purchaseId) transactions.push(transaction);
      }
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      this.logger.warn(`Could not ask the gateway about purchase ${purchaseId}: ${error.message}`);
      return { outcome: 'unreachable', position: null };
    }
    const completed = transactions.find((t) => t.status === 'completed');
    if (!completed) {
      if (transactions.some((t) => t.status === 'pending')) return { outcome: 'in-progress', position: null };
      if (transactions.some((t) => t.status === 'created')) return { outcome: 'not-started', position: null };
    }
    const word = completed ?? transactions.at(-1);
    if (word === undefined) return { outcome: 'no-transaction', position: null };
    const result = await retryOnConflict(async () => {
      const command = commandForTransaction(
        purchaseId,
        this.gateway.provider,
        word,
        transactionReport(word),
        'transaction-check',
        this.clock.now(),
      );
      return command === null
        ? { position: null, events: [] }
        : this.aggregates.handle(stream, purchaseDecider, command);
    });
    if (result.events.length > 0) {
      this.logger.log(`The gateway says purchase ${purchaseId} is ${word.status}: recorded`);
    }
    const position = (await this.followUps.afterGatewayWord(purchaseId, result.events)) ?? result.position;
    return { outcome: completed ? 'paid' : 'ended', position };
  }
}
