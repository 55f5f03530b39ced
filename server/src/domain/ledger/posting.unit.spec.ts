import type { PurchaseLine } from '../../events/purchase.events';
import { UPLOADER_ID } from '../testing/command-context.builders';
import { aPurchaseLine, payoutRequested, purchaseCreated, purchasePaid } from '../testing/money.builders';
import { ACCOUNTS, uploaderPayable } from './accounts';
import { ledgerDay } from './ledger-day';
import { addToTurnover, reconcile } from './reconciliation';
import { UnbalancedPostingError, entriesFor, purchaseSplit } from './posting';

const OTHER = 'user-other-uploader';
const PURCHASE = 'purchase-1';

describe('ledger postings', () => {
  it('posts a paid purchase: received in full, owed onwards as VAT, service fee and each uploader’s share', () => {
    const lines: PurchaseLine[] = [
      aPurchaseLine(1240),
      aPurchaseLine(1000, { uploaderId: OTHER }),
      aPurchaseLine(1240),
    ];
    const split = purchaseSplit(purchaseCreated(PURCHASE, lines).data);
    expect(entriesFor(purchasePaid(PURCHASE, 3480), split, 'test')).toEqual([
      { account: ACCOUNTS.buyerPayments, movement: 'payment-received', debit: 3480, credit: 0 },
      { account: ACCOUNTS.vatPayable, movement: 'vat', debit: 0, credit: 240 + 194 + 240 },
      { account: ACCOUNTS.serviceFees, movement: 'service-fee', debit: 0, credit: 200 + 161 + 200 },
      { account: uploaderPayable(UPLOADER_ID), movement: 'earned', debit: 0, credit: 1600 },
      { account: uploaderPayable(OTHER), movement: 'earned', debit: 0, credit: 645 },
    ]);
  });

  it('posts a refund: the refunded lines’ VAT, service fee and earnings reversed, the money out; the report still balances', () => {
    const lines: PurchaseLine[] = [aPurchaseLine(1240), aPurchaseLine(1000, { uploaderId: OTHER })];
    const split = purchaseSplit(purchaseCreated(PURCHASE, lines).data);
    const line = lines[1]!;
    const refund = {
      type: 'PurchaseRefundCompleted' as const,
      data: {
        purchaseId: PURCHASE,
        refundId: 'refund-1',
        kind: 'sale' as const,
        transactionId: 'tx',
        amount: line.price,
        lines: [line],
        reason: 'Vale dokument',
        gatewayRefundId: 'gw',
        gatewayStatus: 'created' as const,
        refundedAt: '2026-03-20T10:00:00.000Z',
        providerResponse: null,
      },
    };
    const reversed = entriesFor(refund, split, 'test');
    expect(reversed).toEqual([
      { account: ACCOUNTS.vatPayable, movement: 'vat', debit: line.vat, credit: 0 },
      { account: ACCOUNTS.serviceFees, movement: 'service-fee-refunded', debit: line.serviceFee, credit: 0 },
      {
        account: uploaderPayable(OTHER),
        movement: 'earnings-refunded',
        debit: line.uploaderEarnings,
        credit: 0,
      },
      { account: ACCOUNTS.buyerPayments, movement: 'payment-refunded', debit: 0, credit: line.price },
    ]);
    const paidEntries = entriesFor(purchasePaid(PURCHASE, 2240), split, 'test');
    const report = reconcile(
      '2026-03-01',
      '2026-03-31',
      {},
      addToTurnover(addToTurnover({}, paidEntries), reversed),
    );
    expect(report.balances).toBe(true);
    const payments = report.sections.find((s) => s.key === 'PAYMENTS')!;
    expect(payments.lines.find((l) => l.key === 'REFUNDS')?.amount).toBe(line.price);
    expect(payments.lines.find((l) => l.key === 'VAT')?.amount).toBe(lines[0]!.vat);
    // A refund of a payment that was never a sale posts nothing.
    expect(
      entriesFor({ ...refund, data: { ...refund.data, kind: 'payment-due', lines: [] } }, split, 'test'),
    ).toEqual([]);
  });

  it('posts a payout request: the amount drawn, the net to the bank queue, the transfer fee as income', () => {
    expect(entriesFor(payoutRequested({ amount: 10_000, availableBefore: 10_000 }), null, 'test')).toEqual([
      { account: uploaderPayable(UPLOADER_ID), movement: 'drawn', debit: 10_000, credit: 0 },
      { account: ACCOUNTS.payoutsInProcess, movement: 'payout-requested', debit: 0, credit: 7_000 },
      { account: ACCOUNTS.transferFees, movement: 'transfer-fee', debit: 0, credit: 3_000 },
    ]);
  });

  it('refuses (throws) a payment that does not equal the purchase’s split', () => {
    const split = purchaseSplit(purchaseCreated(PURCHASE, [aPurchaseLine(1240)]).data);
    expect(() => entriesFor(purchasePaid(PURCHASE, 1241), split, 'purchase-1@3')).toThrow(
      new UnbalancedPostingError('purchase-1@3', 'debits 1241 ≠ credits 1240 (cents)'),
    );
  });

  it('refuses a split whose line does not add up (price ≠ VAT + service fee + earnings)', () => {
    const broken = aPurchaseLine(1240, { uploaderEarnings: 801 });
    const split = purchaseSplit(purchaseCreated(PURCHASE, [broken]).data);
    expect(() => entriesFor(purchasePaid(PURCHASE, 1240), split, 'x')).toThrow(UnbalancedPostingError);
  });

  it('refuses a payment of a purchase it never saw created', () => {
    expect(() => entriesFor(purchasePaid(PURCHASE, 1240), null, 'x')).toThrow(/no PurchaseCreated was seen/);
  });

  it('refuses negative amounts even when they balance', () => {
    expect(() =>
      entriesFor(payoutRequested({ amount: -5, transferFee: 0, netAmount: -5 }), null, 'x'),
    ).toThrow(UnbalancedPostingError);
  });

  it('books by Estonian calendar day', () => {
    expect(ledgerDay('2026-03-14T21:59:59.000Z')).toBe('2026-03-14');
    expect(ledgerDay('2026-03-14T22:00:00.000Z')).toBe('2026-03-15'); // midnight in Tallinn (UTC+2)
    expect(ledgerDay('2026-07-14T21:00:00.000Z')).toBe('2026-07-15'); // summer time (UTC+3)
  });
});
