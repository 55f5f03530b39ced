import type { Cents } from '../domain/shared/money';
import type { DomainEvent } from './domain-event';

/**
 * The payout files handed to the bank (SEPA pain.001 batches). One stream, `payout-batches`, holds every
 * batch: whether a payout may go into a file is decided on that stream's revision, so two exports, or an
 * export and a rejection, can never both take the same payout (docs/decisions/payout-files.md).
 */
export const PAYOUT_BATCHES_STREAM = 'payout-batches';

/** One transfer of a batch, as the file carries it. */
export interface PayoutBatchLine {
  readonly payoutId: string;
  readonly uploaderId: string;
  /** The transfer's EndToEndId: the payout id without dashes. */
  readonly endToEndId: string;
  /** The account holder's name in the SEPA character set. */
  readonly creditorName: string;
  readonly iban: string;
  readonly netAmount: Cents;
}

/** The admin exported a pain.001 file: its payouts may go into no other file while it is open. */
export type PayoutBatchExported = DomainEvent<
  'PayoutBatchExported',
  {
    readonly batchId: string;
    /** 1, 2, 3, …: the batches' own gap-free numbering. */
    readonly number: number;
    /** GrpHdr/MsgId: the bank's duplicate check knows a file by it. */
    readonly messageId: string;
    readonly format: 'pain.001.001.09' | 'pain.001.001.03';
    /** ReqdExctnDt, a TARGET2 business day. */
    readonly executionDate: string;
    /** GrpHdr/CreDtTm. */
    readonly createdAt: string;
    readonly debtor: { readonly name: string; readonly iban: string; readonly bic: string };
    readonly payouts: readonly PayoutBatchLine[];
    readonly count: number;
    readonly controlSum: Cents;
    /** The file itself, kept in the blob store: every download of the batch is these bytes. */
    readonly file: {
      readonly name: string;
      readonly blobKey: string;
      readonly sha256: string;
      readonly bytes: number;
    };
    readonly exportedBy: string;
    readonly exportedAt: string;
  }
>;

/** The admin recorded that the bank executed the batch: every payout still in it is paid. */
export type PayoutBatchExecuted = DomainEvent<
  'PayoutBatchExecuted',
  {
    readonly batchId: string;
    readonly messageId: string;
    /** The bank's execution date. */
    readonly executionDate: string;
    /** The payouts paid: the batch's, less those withdrawn from it. */
    readonly payoutIds: readonly string[];
    readonly executedBy: string;
    readonly executedAt: string;
  }
>;

/**
 * The admin took a payout out of the files before rejecting it: it can never go into a file again. When
 * it was in an exported batch, the admin confirmed that the bank did not pay it (recorded here, with the
 * batch).
 */
export type PayoutWithdrawn = DomainEvent<
  'PayoutWithdrawn',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly batchId: string | null;
    readonly messageId: string | null;
    /** The admin's word that the bank did not pay it; true whenever batchId is set. */
    readonly bankDidNotPayConfirmed: boolean;
    readonly reason: string;
    readonly withdrawnBy: string;
    readonly withdrawnAt: string;
  }
>;

export type PayoutBatchEvent = PayoutBatchExported | PayoutBatchExecuted | PayoutWithdrawn;
