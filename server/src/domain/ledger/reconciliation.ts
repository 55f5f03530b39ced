import type { Cents } from '../shared/money';
import { ACCOUNTS, type AccountGroup, type Movement, accountGroup } from './accounts';
import type { LedgerEntry } from './posting';

/** Debit and credit sums of one account group's movements of one kind. */
export interface Turnover {
  readonly debit: Cents;
  readonly credit: Cents;
}

/** Turnover by `${group}|${movement}`. */
export type TurnoverTable = Readonly<Record<string, Turnover>>;

export const turnoverKey = (group: AccountGroup, movement: Movement): string => `${group}|${movement}`;

/** Adds a posting's entries to a turnover table (a new table; the input is left alone). */
export function addToTurnover(table: TurnoverTable, entries: readonly LedgerEntry[]): TurnoverTable {
  const next: Record<string, Turnover> = { ...table };
  for (const entry of entries) {
    const key = turnoverKey(accountGroup(entry.account), entry.movement);
    const before = next[key] ?? { debit: 0, credit: 0 };
    next[key] = { debit: before.debit + entry.debit, credit: before.credit + entry.credit };
  }
  return next;
}

/** Sums turnover tables (e.g. the days of a period). */
export function sumTurnover(tables: readonly TurnoverTable[]): TurnoverTable {
  const sum: Record<string, Turnover> = {};
  for (const table of tables) {
    for (const [key, t] of Object.entries(table)) {
      const before = sum[key] ?? { debit: 0, credit: 0 };
      sum[key] = { debit: before.debit + t.debit, credit: before.credit + t.credit };
    }
  }
  return sum;
}

/** Which ledger movements a figure is made of: `side` says whether debits or credits count (or both, as a balance). */
export interface FigureSource {
  readonly group: AccountGroup;
  readonly movement: Movement | null;
  readonly side: 'debit' | 'credit' | 'balance';
  /** 'period': movements within the period; 'before': everything before it (an opening balance); 'through': up to its end. */
  readonly scope: 'period' | 'before' | 'through';
}

export interface ReportLine {
  readonly key: string;
  readonly amount: Cents;
  readonly sources: readonly FigureSource[];
}

/** left = right, or the report does not balance. */
export interface ReportCheck {
  readonly left: Cents;
  readonly right: Cents;
  readonly balances: boolean;
}

export interface ReportSection {
  readonly key: string;
  readonly lines: readonly ReportLine[];
  readonly check: ReportCheck;
}

export interface ReconciliationReport {
  /** First and last day of the period, YYYY-MM-DD (Estonian calendar days). */
  readonly from: string;
  readonly to: string;
  readonly sections: readonly ReportSection[];
  /** Every section balances. */
  readonly balances: boolean;
}

const side = (table: TurnoverTable, group: AccountGroup, movement: Movement, which: 'debit' | 'credit') =>
  table[turnoverKey(group, movement)]?.[which] ?? 0;

/** Credit minus debit over every movement of a group (a liability's or income's balance). */
function creditBalance(table: TurnoverTable, group: AccountGroup): Cents {
  let balance = 0;
  for (const [key, t] of Object.entries(table)) {
    if (key.startsWith(`${group}|`)) balance += t.credit - t.debit;
  }
  return balance;
}

function totals(table: TurnoverTable): { debit: Cents; credit: Cents } {
  let debit = 0;
  let credit = 0;
  for (const t of Object.values(table)) {
    debit += t.debit;
    credit += t.credit;
  }
  return { debit, credit };
}

const check = (left: Cents, right: Cents): ReportCheck => ({ left, right, balances: left === right });

const src = (
  group: AccountGroup,
  movement: Movement | null,
  sideOf: FigureSource['side'],
  scope: FigureSource['scope'] = 'period',
): FigureSource => ({ group, movement, side: sideOf, scope });

/**
 * The accountant's reconciliation of a period from the ledger's turnover before it (`opening`) and within
 * it (`period`). Three sections must balance (docs/decisions/reconciliation-report.md):
 * - payments: received − refunded = Estonian VAT + OSS VAT + service fees + uploaders' share (licence fees
 *   after the service fee), each net of what refunds reversed;
 * - uploaders: owed at the start + their share = payouts + transfer fees + owed at the end;
 * - payouts: in process at the start + requested = paid + in process at the end;
 * and the trial balance: the period's debits equal its credits.
 */
export function reconcile(
  from: string,
  to: string,
  opening: TurnoverTable,
  period: TurnoverTable,
): ReconciliationReport {
  const payable: AccountGroup = 'uploader-payables';
  const received = side(period, ACCOUNTS.buyerPayments, 'payment-received', 'debit');
  const refunded = side(period, ACCOUNTS.buyerPayments, 'payment-refunded', 'credit');
  // A refund debits the VAT account with the same movement the sale credited: the VAT is net of refunds.
  const vat =
    side(period, ACCOUNTS.vatPayable, 'vat', 'credit') - side(period, ACCOUNTS.vatPayable, 'vat', 'debit');
  const ossVat =
    side(period, ACCOUNTS.ossVatPayable, 'vat', 'credit') -
    side(period, ACCOUNTS.ossVatPayable, 'vat', 'debit');
  const serviceFees =
    side(period, ACCOUNTS.serviceFees, 'service-fee', 'credit') -
    side(period, ACCOUNTS.serviceFees, 'service-fee-refunded', 'debit');
  const share =
    side(period, payable, 'earned', 'credit') - side(period, payable, 'earnings-refunded', 'debit');
  const shareSources = [src(payable, 'earned', 'credit'), src(payable, 'earnings-refunded', 'debit')];

  const openingOwed = creditBalance(opening, payable);
  const payouts =
    side(period, ACCOUNTS.payoutsInProcess, 'payout-requested', 'credit') -
    side(period, ACCOUNTS.payoutsInProcess, 'payout-rejected', 'debit');
  const transferFees =
    side(period, ACCOUNTS.transferFees, 'transfer-fee', 'credit') -
    side(period, ACCOUNTS.transferFees, 'transfer-fee-returned', 'debit');
  const closingOwed = openingOwed + creditBalance(period, payable);

  const openingInProcess = creditBalance(opening, ACCOUNTS.payoutsInProcess);
  const paid = side(period, ACCOUNTS.payoutsPaid, 'payout-paid', 'credit');
  const closingInProcess = openingInProcess + creditBalance(period, ACCOUNTS.payoutsInProcess);

  const { debit: debits, credit: credits } = totals(period);

  const sections: ReportSection[] = [
    {
      key: 'PAYMENTS',
      lines: [
        {
          key: 'PAYMENTS_RECEIVED',
          amount: received,
          sources: [src(ACCOUNTS.buyerPayments, 'payment-received', 'debit')],
        },
        {
          key: 'REFUNDS',
          amount: refunded,
          sources: [src(ACCOUNTS.buyerPayments, 'payment-refunded', 'credit')],
        },
        {
          key: 'VAT',
          amount: vat,
          sources: [src(ACCOUNTS.vatPayable, 'vat', 'credit'), src(ACCOUNTS.vatPayable, 'vat', 'debit')],
        },
        {
          key: 'OSS_VAT',
          amount: ossVat,
          sources: [
            src(ACCOUNTS.ossVatPayable, 'vat', 'credit'),
            src(ACCOUNTS.ossVatPayable, 'vat', 'debit'),
          ],
        },
        {
          key: 'SERVICE_FEES',
          amount: serviceFees,
          sources: [
            src(ACCOUNTS.serviceFees, 'service-fee', 'credit'),
            src(ACCOUNTS.serviceFees, 'service-fee-refunded', 'debit'),
          ],
        },
        { key: 'UPLOADERS_SHARE', amount: share, sources: shareSources },
      ],
      check: check(received - refunded, vat + ossVat + serviceFees + share),
    },
    {
      key: 'UPLOADERS',
      lines: [
        { key: 'OWED_AT_START', amount: openingOwed, sources: [src(payable, null, 'balance', 'before')] },
        { key: 'UPLOADERS_SHARE', amount: share, sources: shareSources },
        {
          key: 'PAYOUTS',
          amount: payouts,
          sources: [
            src(ACCOUNTS.payoutsInProcess, 'payout-requested', 'credit'),
            src(ACCOUNTS.payoutsInProcess, 'payout-rejected', 'debit'),
          ],
        },
        {
          key: 'TRANSFER_FEES',
          amount: transferFees,
          sources: [
            src(ACCOUNTS.transferFees, 'transfer-fee', 'credit'),
            src(ACCOUNTS.transferFees, 'transfer-fee-returned', 'debit'),
          ],
        },
        { key: 'OWED_AT_END', amount: closingOwed, sources: [src(payable, null, 'balance', 'through')] },
      ],
      check: check(openingOwed + share, payouts + transferFees + closingOwed),
    },
    {
      key: 'PAYOUTS',
      lines: [
        {
          key: 'IN_PROCESS_AT_START',
          amount: openingInProcess,
          sources: [src(ACCOUNTS.payoutsInProcess, null, 'balance', 'before')],
        },
        {
          key: 'PAYOUTS',
          amount: payouts,
          sources: [
            src(ACCOUNTS.payoutsInProcess, 'payout-requested', 'credit'),
            src(ACCOUNTS.payoutsInProcess, 'payout-rejected', 'debit'),
          ],
        },
        { key: 'PAID_OUT', amount: paid, sources: [src(ACCOUNTS.payoutsPaid, 'payout-paid', 'credit')] },
        {
          key: 'IN_PROCESS_AT_END',
          amount: closingInProcess,
          sources: [src(ACCOUNTS.payoutsInProcess, null, 'balance', 'through')],
        },
      ],
      check: check(openingInProcess + payouts, paid + closingInProcess),
    },
    {
      key: 'TRIAL_BALANCE',
      lines: [
        { key: 'DEBITS', amount: debits, sources: [] },
        { key: 'CREDITS', amount: credits, sources: [] },
      ],
      check: check(debits, credits),
    },
  ];
  return { from, to, sections, balances: sections.every((s) => s.check.balances) };
}
