/** Money shapes of docs/api.md ("Sales and payouts", "Accounting"). Amounts are integer euro cents. */

export interface EventRef {
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  position: string;
  occurredAt: string;
  actorId: string | null;
}

export interface Balance {
  available: number;
  held: number;
  owed: number;
  releases: { releasedAt: string; amount: number }[];
  holdDays: number;
  holdReason: string;
}

export interface SalesSummary {
  uploaderId: string;
  period: { from: string; to: string };
  totals: {
    purchased: number;
    serviceFees: number;
    vat: number;
    earned: number;
    pending: number;
    paidOut: number;
    transferFees: number;
    documentsSold: number;
    downloads: number;
  };
  balance: Balance;
  documents: {
    documentId: string;
    title: string;
    slug: string;
    sold: number;
    downloads: number;
    price: number;
    vat: number;
    licenceFee: number;
    serviceFee: number;
    earned: number;
  }[];
  sales: {
    /** A sale, or the refund of one (amounts negative, with the admin's reason). */
    kind: 'sale' | 'refund';
    reason: string | null;
    documentId: string;
    title: string;
    paidAt: string;
    releasedAt: string;
    price: number;
    vat: number;
    licenceFee: number;
    serviceFee: number;
    earned: number;
    eventId: string;
  }[];
  downloads: {
    downloadedAt: string;
    documentId: string;
    documentTitle: string;
    fileTitle: string;
    archive: boolean;
    amount: number;
  }[];
  series: { day: string; earned: number; licenceFees: number }[];
}

export type PayoutStatus = 'requested' | 'executed' | 'rejected';

/** The payout file a payout went into, and how that stands. */
export interface PayoutBatchRef {
  batchId: string;
  messageId: string;
  status: 'exported' | 'executed' | 'withdrawn';
}

export interface Payout {
  id: string;
  uploaderId: string;
  payeeName: string;
  iban: string;
  accountHolder: string;
  /** The name as the bank file writes it (SEPA character set); null for old payouts. */
  accountHolderLatin: string | null;
  accountHolderCheck: 'declared-by-uploader' | 'matched-profile-name';
  amount: number;
  transferFee: number;
  netAmount: number;
  status: PayoutStatus;
  requestedAt: string;
  executionDate: string | null;
  executedAt: string | null;
  executedBy: string | null;
  rejectedAt: string | null;
  rejectedBy: string | null;
  reason: string | null;
  batch: PayoutBatchRef | null;
  events: EventRef[];
}

export interface PayoutPage {
  items: Payout[];
  total: number;
  offset: number;
  limit: number;
}

export interface PayoutRequestInfo {
  payeeName: string;
  balance: Balance;
  transferFeeRule: { threshold: number; fee: number; basis: 'available-balance' | 'amount' };
  /** The fee a payout asked for now pays: decided on the available balance. */
  transferFee: number;
  lastIban: string | null;
  lastAccountHolder: string | null;
  documents: {
    title: string;
    paidAt: string;
    licenceFee: number;
    serviceFee: number;
    earned: number;
    available: number;
  }[];
  licenceFees: number;
  serviceFees: number;
}

export interface LedgerEntry {
  account: string;
  movement: string;
  debit: number;
  credit: number;
}

export interface JournalRow {
  event: EventRef;
  day: string;
  entries: LedgerEntry[];
  amount: number;
  sources: EventRef[];
  purchaseId: string | null;
  payoutId: string | null;
  uploaderIds: string[];
}

export interface JournalPage {
  items: JournalRow[];
  total: number;
  offset: number;
  limit: number;
  amount: number;
}

export interface FigureSource {
  group: string;
  movement: string | null;
  side: 'debit' | 'credit' | 'balance';
  scope: 'period' | 'before' | 'through';
}

export interface ReconciliationReport {
  from: string;
  to: string;
  sections: {
    key: string;
    lines: { key: string; amount: number; sources: FigureSource[] }[];
    check: { left: number; right: number; balances: boolean };
  }[];
  balances: boolean;
}

export interface DashboardFigures {
  /** Net of refunds. */
  sales: number;
  refunds: number;
  vat: number;
  serviceFees: number;
  uploaderEarnings: number;
  transferFees: number;
  payoutsRequested: number;
  payoutsPaid: number;
  purchasesPaid: number;
  documentsSold: number;
  payoutsRequestedCount: number;
  payoutsExecutedCount: number;
  documentsCreated: number;
  documentsPublished: number;
  usersRegistered: number;
}

export interface Dashboard {
  period: { from: string; to: string };
  totals: DashboardFigures & { users: number; documents: number };
  days: (DashboardFigures & { day: string })[];
}

export interface ProjectionReport {
  name: string;
  checkpoint: string | null;
  head: string | null;
  behind: boolean;
  error: string | null;
  rebuild: {
    projection: string;
    events: number;
    eventsPerSecond: number;
    done: boolean;
    startedAt: string;
    finishedAt: string | null;
    error: string | null;
  } | null;
}

/** A payout file (SEPA pain.001 batch) handed to the bank. */
export interface PayoutBatch {
  id: string;
  number: number;
  messageId: string;
  format: string;
  executionDate: string;
  createdAt: string;
  exportedAt: string;
  exportedBy: string;
  count: number;
  controlSum: number;
  fileName: string;
  status: 'exported' | 'executed';
  executedOn: string | null;
  executedAt: string | null;
  executedBy: string | null;
  payouts: {
    payoutId: string;
    uploaderId: string;
    creditorName: string;
    iban: string;
    netAmount: number;
    status: 'exported' | 'executed' | 'withdrawn';
    withdrawal: { reason: string; by: string; at: string; bankDidNotPayConfirmed: boolean } | null;
  }[];
  events: EventRef[];
}

export interface PayoutBatchPage {
  items: PayoutBatch[];
  total: number;
  offset: number;
  limit: number;
}
