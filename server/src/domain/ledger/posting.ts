import type { PayoutExecuted, PayoutRejected, PayoutRequested } from '../../events/payout.events';
import type { PurchaseCreated, PurchasePaid, PurchaseRefundCompleted } from '../../events/purchase.events';
import type { Cents } from '../shared/money';
import { ACCOUNTS, type Movement, uploaderPayable } from './accounts';

/** One side of a posting: an amount on the debit or the credit side of an account. */
export interface LedgerEntry {
  readonly account: string;
  readonly movement: Movement;
  readonly debit: Cents;
  readonly credit: Cents;
}

/** A posting whose debits and credits differ, or with a negative or fractional amount: the ledger stops. */
export class UnbalancedPostingError extends Error {
  constructor(what: string, problem: string) {
    super(`Unbalanced posting for ${what}: ${problem}`);
    this.name = 'UnbalancedPostingError';
  }
}

const debit = (account: string, movement: Movement, amount: Cents): LedgerEntry => ({
  account,
  movement,
  debit: amount,
  credit: 0,
});
const credit = (account: string, movement: Movement, amount: Cents): LedgerEntry => ({
  account,
  movement,
  debit: 0,
  credit: amount,
});

/** Debits equal credits and every amount is a non-negative whole number of cents; else it throws. */
export function assertBalanced(entries: readonly LedgerEntry[], what: string): void {
  let debits = 0;
  let credits = 0;
  for (const entry of entries) {
    for (const amount of [entry.debit, entry.credit]) {
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new UnbalancedPostingError(what, `${entry.account} has the amount ${amount}`);
    }
    debits += entry.debit;
    credits += entry.credit;
  }
  if (debits !== credits)
    throw new UnbalancedPostingError(what, `debits ${debits} ≠ credits ${credits} (cents)`);
}

/** What a purchase owes whom, from the split its PurchaseCreated wrote (never recomputed from prices). */
export interface PurchaseSplit {
  readonly purchaseId: string;
  readonly vat: Cents;
  /** Where the VAT is owed: Estonia (vat-payable) or another member state through the OSS (oss-vat-payable). */
  readonly vatAccount?: string;
  readonly serviceFee: Cents;
  /** Each uploader's earnings from the purchase's lines, in the order the lines name them. */
  readonly earnings: readonly { readonly uploaderId: string; readonly amount: Cents }[];
}

/** The VAT account of a VAT treatment: only OSS sales owe another member state's VAT. */
export function vatAccountOf(treatment: PurchaseCreated['data']['vat']['treatment']): string {
  return treatment === 'oss' ? ACCOUNTS.ossVatPayable : ACCOUNTS.vatPayable;
}

export function purchaseSplit(created: PurchaseCreated['data']): PurchaseSplit {
  const earnings = new Map<string, Cents>();
  let vat = 0;
  let serviceFee = 0;
  for (const line of created.lines) {
    vat += line.vat;
    serviceFee += line.serviceFee;
    earnings.set(line.uploaderId, (earnings.get(line.uploaderId) ?? 0) + line.uploaderEarnings);
  }
  return {
    purchaseId: created.purchaseId,
    vat,
    vatAccount: vatAccountOf(created.vat.treatment),
    serviceFee,
    earnings: [...earnings].map(([uploaderId, amount]) => ({ uploaderId, amount })),
  };
}

/**
 * The buyer's payment: received in full, owed onwards as VAT (to Estonia, or through the OSS to the
 * consumer's member state; none on a reverse charge or outside the EU), the service fee and the uploaders'
 * earnings.
 */
export function purchasePaidEntries(split: PurchaseSplit, paid: PurchasePaid['data']): LedgerEntry[] {
  return [
    debit(ACCOUNTS.buyerPayments, 'payment-received', paid.amount),
    ...(split.vat > 0 ? [credit(split.vatAccount ?? ACCOUNTS.vatPayable, 'vat', split.vat)] : []),
    credit(ACCOUNTS.serviceFees, 'service-fee', split.serviceFee),
    ...split.earnings
      .filter((e) => e.amount > 0)
      .map((e) => credit(uploaderPayable(e.uploaderId), 'earned', e.amount)),
  ];
}

/**
 * A completed refund of a sale reverses exactly what the sale posted for the refunded lines: the money leaves
 * the buyers' payments, the VAT is owed no more (to the same account the sale credited, so the VAT return of
 * the refund's period nets it), the service fee is given up and the uploaders' earnings are taken back (an
 * uploader already paid out goes below zero, and later earnings net it off). A refund of a payment that was
 * never a sale (owed back) posts nothing: its payment was never booked as a sale either.
 */
export function refundCompletedEntries(
  split: PurchaseSplit,
  refund: PurchaseRefundCompleted['data'],
): LedgerEntry[] {
  if (refund.kind !== 'sale') return [];
  const earnings = new Map<string, Cents>();
  let vat = 0;
  let serviceFee = 0;
  for (const line of refund.lines) {
    vat += line.vat;
    serviceFee += line.serviceFee;
    earnings.set(line.uploaderId, (earnings.get(line.uploaderId) ?? 0) + line.uploaderEarnings);
  }
  return [
    ...(vat > 0 ? [debit(split.vatAccount ?? ACCOUNTS.vatPayable, 'vat', vat)] : []),
    ...(serviceFee > 0 ? [debit(ACCOUNTS.serviceFees, 'service-fee-refunded', serviceFee)] : []),
    ...[...earnings]
      .filter(([, amount]) => amount > 0)
      .map(([uploaderId, amount]) => debit(uploaderPayable(uploaderId), 'earnings-refunded', amount)),
    credit(ACCOUNTS.buyerPayments, 'payment-refunded', refund.amount),
  ];
}

/** A payout draws its amount from the uploader: the net goes to the bank queue, the fee is income. */
export function payoutRequestedEntries(requested: PayoutRequested['data']): LedgerEntry[] {
  const entries = [
    debit(uploaderPayable(requested.uploaderId), 'drawn', requested.amount),
    credit(ACCOUNTS.payoutsInProcess, 'payout-requested', requested.netAmount),
  ];
  if (requested.transferFee > 0)
    entries.push(credit(ACCOUNTS.transferFees, 'transfer-fee', requested.transferFee));
  return entries;
}

/** The bank sent the transfer. */
export function payoutExecutedEntries(executed: PayoutExecuted['data']): LedgerEntry[] {
  return [
    debit(ACCOUNTS.payoutsInProcess, 'payout-paid', executed.netAmount),
    credit(ACCOUNTS.payoutsPaid, 'payout-paid', executed.netAmount),
  ];
}

/** A rejected payout is undone: the net leaves the bank queue, the fee is returned, the uploader is owed again. */
export function payoutRejectedEntries(rejected: PayoutRejected['data']): LedgerEntry[] {
  const entries = [debit(ACCOUNTS.payoutsInProcess, 'payout-rejected', rejected.netAmount)];
  if (rejected.transferFee > 0)
    entries.push(debit(ACCOUNTS.transferFees, 'transfer-fee-returned', rejected.transferFee));
  entries.push(credit(uploaderPayable(rejected.uploaderId), 'returned', rejected.amount));
  return entries;
}

/** The events that move money, and so post to the ledger. */
export type MoneyEvent =
  PurchasePaid | PurchaseRefundCompleted | PayoutRequested | PayoutExecuted | PayoutRejected;

export const MONEY_EVENT_TYPES: ReadonlySet<string> = new Set<MoneyEvent['type']>([
  'PurchasePaid',
  'PurchaseRefundCompleted',
  'PayoutRequested',
  'PayoutExecuted',
  'PayoutRejected',
]);

/**
 * The balanced entries a money event posts. A payment needs its purchase's split (from PurchaseCreated);
 * every posting is checked, and an unbalanced one throws, which stops the ledger at that event.
 */
export function entriesFor(event: MoneyEvent, split: PurchaseSplit | null, what: string): LedgerEntry[] {
  let entries: LedgerEntry[];
  switch (event.type) {
    case 'PurchasePaid':
      if (!split) throw new UnbalancedPostingError(what, 'no PurchaseCreated was seen for this purchase');
      entries = purchasePaidEntries(split, event.data);
      break;
    case 'PurchaseRefundCompleted':
      if (!split) throw new UnbalancedPostingError(what, 'no PurchaseCreated was seen for this purchase');
      entries = refundCompletedEntries(split, event.data);
      break;
    case 'PayoutRequested':
      entries = payoutRequestedEntries(event.data);
      break;
    case 'PayoutExecuted':
      entries = payoutExecutedEntries(event.data);
      break;
    case 'PayoutRejected':
      entries = payoutRejectedEntries(event.data);
      break;
  }
  assertBalanced(entries, what);
  return entries;
}
