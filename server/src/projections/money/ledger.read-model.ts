import type { Movement } from '../../domain/ledger/accounts';
import type { LedgerEntry, PurchaseSplit } from '../../domain/ledger/posting';
import type { TurnoverTable } from '../../domain/ledger/reconciliation';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';
import type { EventRef } from './event-ref';

export const LEDGER_POSTINGS = 'ledger_postings';
export const LEDGER_TURNOVER = 'ledger_turnover';
export const LEDGER_PURCHASES = 'ledger_purchases';

/** One money event's balanced entries (the journal's row); `_id` is the event id. */
export interface PostingView extends ReadModel {
  readonly event: EventRef;
  readonly positionKey: string;
  /** Estonian calendar day of the event, YYYY-MM-DD. */
  readonly day: string;
  readonly entries: readonly LedgerEntry[];
  /** Σ debits (= Σ credits). */
  readonly amount: number;
  /** The events whose facts the posting used besides its own (a payment's PurchaseCreated). */
  readonly sources: readonly EventRef[];
  readonly purchaseId: string | null;
  readonly payoutId: string | null;
  readonly uploaderIds: readonly string[];
  /** For filtering the journal: the `group|movement` keys the entries touch. */
  readonly movements: readonly string[];
}

/** One Estonian day's turnover by `group|movement`; `_id` is the day. */
export interface TurnoverView extends ReadModel {
  readonly day: string;
  readonly table: TurnoverTable;
}

/** The split a purchase's PurchaseCreated wrote, kept until its payment posts; `_id` is the purchase id. */
export interface LedgerPurchaseView extends ReadModel {
  readonly split: PurchaseSplit;
  readonly created: EventRef;
}

export type { Movement };
