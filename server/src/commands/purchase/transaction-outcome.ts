import type { PurchaseCommand } from '../../domain/purchase/purchase.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../../domain/shared/command';
import type { GatewayTransaction } from '../../infrastructure/payments/payment-gateway.port';

/** Where the gateway's word about a transaction came from. */
export type GatewayWordSource = 'return' | 'cancel' | 'notification' | 'transaction-check';

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
 * What the transaction's own status, as the gateway reports it, does to the purchase: completed → paid
 * as of the gateway's completion time, cancelled → cancelled (the buyer's cancel when it came by the
 * cancel route, else a failed payment), expired → cancelled as expired; created or pending → nothing yet.
 */
export function commandForTransaction(
  purchaseId: string,
  provider: string,
  transaction: GatewayTransaction,
  providerResponse: Readonly<Record<string, unknown>>,
  source: GatewayWordSource,
  now: Date,
): PurchaseCommand | null {
  const context: CommandContext = { actorId: SYSTEM_ACTOR, now };
  switch (transaction.status) {
    case 'completed':
      return {
        type: 'RecordPayment',
        data: {
          purchaseId,
          provider,
          transactionId: transaction.id,
          amount: transaction.amount,
          currency: transaction.currency,
          providerResponse,
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
              : source === 'cancel'
                ? 'buyer-canceled'
                : 'payment-failed',
          providerResponse,
        },
        context,
      };
    case 'created':
    case 'pending':
      return null;
  }
}

/** The transaction as the gateway reported it when the shop asked (kept as the provider's response). */
export function transactionReport(transaction: GatewayTransaction): Readonly<Record<string, unknown>> {
  return {
    source: 'transaction-check',
    transaction: transaction.id,
    reference: transaction.reference,
    status: transaction.status,
    amount: transaction.amount,
    currency: transaction.currency,
    completedAt: transaction.completedAt?.toISOString() ?? null,
  };
}
