import type { Cents } from '../domain/shared/money';
import type { DomainEvent } from './domain-event';

/**
 * An uploader's payouts (SPEC §3 Payout, §4 requested → executed). They live in one stream per uploader,
 * `payouts-<uploaderId>`: the uploader's balance is the consistency boundary, so two requests racing for
 * the same money race for the same stream revision and only one can win (docs/decisions/payouts-and-the-balances-consistency-boundary.md).
 */

/** SPEC §9's transfer fee rule as it was applied to a payout, written into the event. */
export interface TransferFeeRule {
  /** Accumulated licence fees at or below this pay the fee. */
  readonly threshold: Cents;
  readonly fee: Cents;
  /**
   * Which figure was held against the threshold: the uploader's available balance when they asked
   * (since v2, docs/decisions/transfer-fee-on-the-available-balance.md) or, before that, the payout's amount.
   */
  readonly basis: 'available-balance' | 'amount';
}

/**
 * How "the account is in the user's name" (SPEC §5) stood when the payout was asked for: the uploader's
 * own declaration (since v2; nobody can verify it: docs/decisions/account-holder-name.md) or, before,
 * a comparison with the name the uploader typed into their profile.
 */
export type AccountHolderCheck = 'declared-by-uploader' | 'matched-profile-name';

/** The uploader asked for a payout; the amount leaves their available balance at once. */
export type PayoutRequested = DomainEvent<
  'PayoutRequested',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    /** The uploader's name on their profile when they asked (the payee). */
    readonly payeeName: string;
    /** Electronic format, no spaces, upper case (EE382200221020145685). */
    readonly iban: string;
    /** The account holder's name as the uploader gave it. */
    readonly accountHolder: string;
    /** The same name in the SEPA character set, as the bank file carries it (null before v2). */
    readonly accountHolderLatin: string | null;
    readonly accountHolderCheck: AccountHolderCheck;
    /**
     * What the payout draws from the balance: the uploader's accumulated licence fees after the service
     * fee. The transfer fee rule looks at this amount.
     */
    readonly amount: Cents;
    /** Charged on this payout (SPEC §9): 30 € when `availableBefore` is 150 € or less, else 0. */
    readonly transferFee: Cents;
    /** amount − transferFee: what the bank transfer carries. */
    readonly netAmount: Cents;
    /** The available balance this payout drew on, as it stood when it was requested. */
    readonly availableBefore: Cents;
    readonly transferFeeRule: TransferFeeRule;
    readonly requestedAt: string;
  }
>;

/** An admin recorded that the bank transfer was made (SPEC §4: paid with a date set by an admin). */
export type PayoutExecuted = DomainEvent<
  'PayoutExecuted',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly netAmount: Cents;
    /** The bank's execution date, YYYY-MM-DD, as the admin entered it. */
    readonly executionDate: string;
    /** The payout file the bank paid it in (since v2; null before files were recorded). */
    readonly batchId: string | null;
    readonly messageId: string | null;
    readonly executedBy: string;
    readonly executedAt: string;
  }
>;

/** An admin refused the payout; its amount returns to the uploader's balance and the fee is not charged. */
export type PayoutRejected = DomainEvent<
  'PayoutRejected',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    /** Returned to the balance (the payout's amount). */
    readonly amount: Cents;
    /** No longer charged. */
    readonly transferFee: Cents;
    readonly netAmount: Cents;
    readonly reason: string;
    /**
     * The payout file it had been exported in, whose payment the admin confirmed the bank did not make
     * (since v2); null when it was in no file.
     */
    readonly batchId: string | null;
    readonly messageId: string | null;
    readonly rejectedBy: string;
    readonly rejectedAt: string;
  }
>;

export type PayoutEvent = PayoutRequested | PayoutExecuted | PayoutRejected;

/** The uploader's payouts: the one stream whose revision serialises every change to their balance. */
export const payoutsStreamId = (uploaderId: string): string => `payouts-${uploaderId}`;
