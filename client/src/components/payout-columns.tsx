import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Payout } from '../api/money-types';
import { formatDay } from '../utils/period';
import type { Column } from './DataTable';
import { PayoutStatusBadge } from './PayoutStatusBadge';

/**
 * A payout's columns, the same on My payouts and the admin's payouts (SPEC §2: user, IBAN, amount, transfer
 * fee, payout date), so both lists read alike; `payee` lets the admin's list link the name to the payout.
 */
export function payoutColumns(
  t: TFunction,
  payee: (payout: Payout) => ReactNode = (payout) => payout.payeeName,
  dateTestId?: string,
): Column<Payout>[] {
  return [
    { key: 'payee', header: t('PAYOUT.USER'), cell: payee },
    { key: 'iban', header: t('PAYOUT.IBAN'), className: 'iban', cell: (p) => p.iban },
    { key: 'amount', header: t('PAYOUT.AMOUNT'), money: (p) => p.amount },
    { key: 'transferFee', header: t('PAYOUT.TRANSFER_FEE'), money: (p) => p.transferFee },
    { key: 'netAmount', header: t('PAYOUT.NET_AMOUNT'), money: (p) => p.netAmount },
    { key: 'requestedAt', header: t('PAYOUT.REQUESTED_AT'), date: (p) => p.requestedAt },
    {
      key: 'executionDate',
      header: t('PAYOUT.PAYOUT_DATE'),
      testId: dateTestId,
      cell: (p) => (p.executionDate ? formatDay(p.executionDate) : '–'),
    },
    {
      key: 'status',
      header: t('PAYOUT.STATUS_COLUMN'),
      cell: (p) => (
        <>
          <PayoutStatusBadge status={p.status} />
          {p.reason && <span className="hint payout-reason">{p.reason}</span>}
        </>
      ),
    },
  ];
}
