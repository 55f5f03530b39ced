import type { PayoutStatus } from '../../domain/payout/payouts.decider';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';
import type { EventRef } from './event-ref';

export const PAYOUTS_COLLECTION = 'payouts';

/** One payout as uploaders and admins see it; `_id` is the payout id. */
export interface PayoutView extends ReadModel {
  readonly uploaderId: string;
  readonly payeeName: string;
  readonly iban: string;
  readonly accountHolder: string;
  /** Drawn from the balance. */
  readonly amount: number;
  readonly transferFee: number;
  /** What the transfer carries. */
  readonly netAmount: number;
  readonly availableBefore: number;
  readonly status: PayoutStatus;
  readonly requestedAt: string;
  readonly requestedDay: string;
  readonly executionDate: string | null;
  readonly executedAt: string | null;
  readonly executedBy: string | null;
  readonly rejectedAt: string | null;
  readonly rejectedBy: string | null;
  readonly reason: string | null;
  /** The payout's events, oldest first. */
  readonly events: readonly EventRef[];
  readonly positionKey: string;
}
