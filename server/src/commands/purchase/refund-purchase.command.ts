import { Command } from '@nestjs/cqrs';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import type { RefundAsk, RefundAttempt } from './purchase-refunds';

/** What a refund came to at the gateway, and the log position written (read-your-writes). */
export interface RefundOutcome {
  readonly refundId: string;
  readonly outcome: RefundAttempt;
  readonly position: LogPosition | null;
}

/** An admin refunds a paid purchase (some or all of its documents) or a payment owed back, with a reason. */
export class RefundPurchaseCommand extends Command<RefundOutcome> {
  constructor(
    readonly ask: RefundAsk,
    readonly actorId: string,
  ) {
    super();
  }
}

/** An admin asks the gateway again for a refund it answered "still processing" (or did not answer). */
export class RetryRefundCommand extends Command<RefundOutcome> {
  constructor(
    readonly purchaseId: string,
    readonly refundId: string,
  ) {
    super();
  }
}
