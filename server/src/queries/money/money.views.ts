import type { AccountGroup } from '../../domain/ledger/accounts';
import type { LedgerEntry } from '../../domain/ledger/posting';
import type { ReconciliationReport } from '../../domain/ledger/reconciliation';
import type { PayoutStatus } from '../../domain/payout/payouts.decider';
import type { TransferFeeRule } from '../../events/payout.events';
import type { EventRef } from '../../projections/money/event-ref';
import type { PayoutBatchLineView, PayoutBatchRef } from '../../projections/money/payouts.read-model';

/** A period of Estonian calendar days, both ends included (YYYY-MM-DD). */
export interface Period {
  readonly from: string;
  readonly to: string;
}

/** docs/api.md SalesSummary: "My sales" for one uploader and period. */
export interface SalesSummary {
  readonly uploaderId: string;
  readonly period: Period;
  readonly totals: {
    /** Licence fees of the documents bought in the period (prices without VAT). */
    readonly purchased: number;
    readonly serviceFees: number;
    readonly vat: number;
    /** "In total": licence fees after the service fee — what the uploader earned. */
    readonly earned: number;
    /** Payouts requested in the period and not yet paid (what the transfers will carry). */
    readonly pending: number;
    /** Payouts paid in the period (by execution date). */
    readonly paidOut: number;
    /** Transfer fees of the period's payouts that were not rejected. */
    readonly transferFees: number;
    readonly documentsSold: number;
    readonly documentsRefunded: number;
    readonly downloads: number;
  };
  readonly balance: Balance;
  readonly documents: readonly DocumentSales[];
  readonly sales: readonly SaleRow[];
  readonly downloads: readonly DownloadRow[];
  /** Earnings per day of the period that had sales, for the chart. */
  readonly series: readonly { readonly day: string; readonly earned: number; readonly licenceFees: number }[];
}

/** What the uploader may be paid now, and when the rest becomes available. */
export interface Balance {
  readonly available: number;
  /** Earned but not yet released. */
  readonly held: number;
  /** Everything the platform owes the uploader: available + held. */
  readonly owed: number;
  readonly releases: readonly { readonly releasedAt: string; readonly amount: number }[];
  readonly holdDays: number;
  /** A key the client translates. */
  readonly holdReason: string;
}

export interface DocumentSales {
  readonly documentId: string;
  readonly title: string;
  readonly slug: string;
  readonly sold: number;
  /** How many of its sales were refunded in the period. */
  readonly refunded: number;
  readonly downloads: number;
  readonly price: number;
  readonly vat: number;
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly earned: number;
}

/** One of the uploader's own sold lines: no purchase id, nothing of the buyer, nothing of other lines. */
export interface SaleRow {
  /** A sale, or the refund of one (its amounts negative, with the admin's reason). */
  readonly kind: 'sale' | 'refund';
  readonly reason: string | null;
  readonly documentId: string;
  readonly title: string;
  readonly paidAt: string;
  readonly releasedAt: string;
  readonly price: number;
  readonly vat: number;
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly earned: number;
  readonly eventId: string;
}

export interface DownloadRow {
  readonly downloadedAt: string;
  readonly documentId: string;
  readonly documentTitle: string;
  readonly fileTitle: string;
  readonly archive: boolean;
  /** The uploader's earnings from the bought document the file belongs to. */
  readonly amount: number;
}

/** docs/api.md Payout. */
export interface PayoutDto {
  readonly id: string;
  readonly uploaderId: string;
  readonly payeeName: string;
  readonly iban: string;
  readonly accountHolder: string;
  /** The name as the bank file writes it (SEPA character set); null for old payouts. */
  readonly accountHolderLatin: string | null;
  /** How "the account is in your name" stood: the uploader's word, or (old payouts) the profile name. */
  readonly accountHolderCheck: 'declared-by-uploader' | 'matched-profile-name';
  readonly amount: number;
  readonly transferFee: number;
  readonly netAmount: number;
  readonly status: PayoutStatus;
  readonly requestedAt: string;
  readonly executionDate: string | null;
  readonly executedAt: string | null;
  readonly executedBy: string | null;
  readonly rejectedAt: string | null;
  readonly rejectedBy: string | null;
  readonly reason: string | null;
  /** The payout file it went into (the latest), and how that stands. */
  readonly batch: PayoutBatchRef | null;
  readonly events: readonly EventRef[];
}

export interface PayoutPage {
  readonly items: readonly PayoutDto[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** docs/api.md PayoutRequestInfo: what the payout request screen shows before the uploader confirms. */
export interface PayoutRequestInfo {
  readonly payeeName: string;
  readonly balance: Balance;
  readonly transferFeeRule: TransferFeeRule;
  /** The transfer fee a payout asked for now pays (SPEC §9 on the available balance). */
  readonly transferFee: number;
  /** From the uploader's last payout, to fill the form. */
  readonly lastIban: string | null;
  readonly lastAccountHolder: string | null;
  /** The bought documents whose earnings make up the available amount (oldest are paid out first). */
  readonly documents: readonly {
    readonly title: string;
    readonly paidAt: string;
    readonly licenceFee: number;
    readonly serviceFee: number;
    readonly earned: number;
    /** The part of `earned` still in the available amount. */
    readonly available: number;
  }[];
  readonly licenceFees: number;
  readonly serviceFees: number;
}

/** A journal row: one money event and its entries. */
export interface JournalRow {
  readonly event: EventRef;
  readonly day: string;
  readonly entries: readonly LedgerEntry[];
  readonly amount: number;
  readonly sources: readonly EventRef[];
  readonly purchaseId: string | null;
  readonly payoutId: string | null;
  readonly uploaderIds: readonly string[];
}

export interface JournalPage {
  readonly items: readonly JournalRow[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  /** Σ of the matching rows' debits (= credits). */
  readonly amount: number;
}

export interface JournalFilter {
  readonly from?: string;
  readonly to?: string;
  readonly group?: AccountGroup;
  readonly movement?: string;
  readonly payoutId?: string;
  readonly purchaseId?: string;
  readonly uploaderId?: string;
}

export type { ReconciliationReport };

/** docs/api.md Dashboard. */
export interface Dashboard {
  readonly period: Period;
  readonly totals: DashboardFigures & { readonly users: number; readonly documents: number };
  readonly days: readonly (DashboardFigures & { readonly day: string })[];
}

export interface DashboardFigures {
  /** What buyers paid in the period, net of what was refunded to them in it (cents). */
  readonly sales: number;
  /** What was refunded to buyers in the period (cents). */
  readonly refunds: number;
  readonly vat: number;
  readonly serviceFees: number;
  readonly uploaderEarnings: number;
  readonly transferFees: number;
  readonly payoutsRequested: number;
  readonly payoutsPaid: number;
  readonly purchasesPaid: number;
  readonly documentsSold: number;
  readonly payoutsRequestedCount: number;
  readonly payoutsExecutedCount: number;
  readonly documentsCreated: number;
  readonly documentsPublished: number;
  readonly usersRegistered: number;
}

/** docs/api.md PayoutBatch: a payout file handed to the bank. */
export interface PayoutBatchDto {
  readonly id: string;
  readonly number: number;
  readonly messageId: string;
  readonly format: string;
  readonly executionDate: string;
  readonly createdAt: string;
  readonly exportedAt: string;
  readonly exportedBy: string;
  readonly count: number;
  readonly controlSum: number;
  readonly fileName: string;
  readonly status: 'exported' | 'executed';
  readonly executedOn: string | null;
  readonly executedAt: string | null;
  readonly executedBy: string | null;
  readonly payouts: readonly PayoutBatchLineView[];
  readonly events: readonly EventRef[];
}

export interface PayoutBatchPage {
  readonly items: readonly PayoutBatchDto[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}
