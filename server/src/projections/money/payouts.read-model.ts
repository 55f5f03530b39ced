import type { PayoutStatus } from '../../domain/payout/payouts.decider';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';
import type { EventRef } from './event-ref';

export const PAYOUTS_COLLECTION = 'payouts';
export const PAYOUT_BATCHES_COLLECTION = 'payout_batches';

/** The payout file a payout went into, and how that stands. */
export interface PayoutBatchRef {
  readonly batchId: string;
  readonly messageId: string;
  /** exported: the file may be at the bank; executed: paid by it; withdrawn: taken out of it. */
  readonly status: 'exported' | 'executed' | 'withdrawn';
}

/** One payout as uploaders and admins see it; `_id` is the payout id. */
export interface PayoutView extends ReadModel {
  readonly uploaderId: string;
  readonly payeeName: string;
  readonly iban: string;
  readonly accountHolder: string;
  /** The name as the bank file writes it (null for payouts asked for before it was recorded). */
  readonly accountHolderLatin: string | null;
  readonly accountHolderCheck: 'declared-by-uploader' | 'matched-profile-name';
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
  /** The file it is in (the latest), or null. */
  readonly batch: PayoutBatchRef | null;
  /** The payout's events, oldest first. */
  readonly events: readonly EventRef[];
  readonly positionKey: string;
}

/** One transfer of a payout file, and what became of it. */
export interface PayoutBatchLineView {
  readonly payoutId: string;
  readonly uploaderId: string;
  readonly creditorName: string;
  readonly iban: string;
  readonly netAmount: number;
  readonly status: 'exported' | 'executed' | 'withdrawn';
  /** When it was withdrawn (to be rejected): why, by whom, and the admin's word that the bank did not pay it. */
  readonly withdrawal: {
    readonly reason: string;
    readonly by: string;
    readonly at: string;
    readonly bankDidNotPayConfirmed: boolean;
  } | null;
}

/** A payout file (batch) as the admin sees it; `_id` is the batch id. */
export interface PayoutBatchView extends ReadModel {
  readonly number: number;
  readonly messageId: string;
  readonly format: string;
  /** The requested execution date written in the file. */
  readonly executionDate: string;
  readonly createdAt: string;
  readonly exportedAt: string;
  readonly exportedBy: string;
  readonly count: number;
  readonly controlSum: number;
  readonly file: {
    readonly name: string;
    readonly blobKey: string;
    readonly sha256: string;
    readonly bytes: number;
  };
  readonly status: 'exported' | 'executed';
  /** The bank's execution date, as the admin recorded it. */
  readonly executedOn: string | null;
  readonly executedAt: string | null;
  readonly executedBy: string | null;
  readonly payouts: readonly PayoutBatchLineView[];
  readonly events: readonly EventRef[];
  readonly positionKey: string;
}
