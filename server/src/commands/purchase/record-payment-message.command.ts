import { Command } from '@nestjs/cqrs';
import type { PurchaseStatus } from '../../domain/purchase/purchase.decider';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import type { GatewayMessage } from '../../infrastructure/payments/payment-gateway.port';

/** How a gateway message arrived: the buyer's return, the buyer's cancel, or the gateway's notification. */
export type PaymentMessageRoute = 'return' | 'cancel' | 'notification';

export interface PaymentMessageOutcome {
  readonly purchaseId: string;
  readonly language: 'et' | 'en';
  /** The purchase's status after the message (a repeated or late message leaves it as it was). */
  readonly status: PurchaseStatus;
  readonly position: LogPosition | null;
  /** The buyer's access key, for the return route's redirect (null for the cancel and the notification). */
  readonly accessKey: string | null;
}

/** A MakeCommerce return, cancel or notification message (`json` + `mac`) to verify and act on. */
export class RecordPaymentMessageCommand extends Command<PaymentMessageOutcome> {
  constructor(
    readonly message: GatewayMessage,
    readonly route: PaymentMessageRoute,
  ) {
    super();
  }
}
