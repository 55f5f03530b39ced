import type { PayoutView } from '../../projections/money/payouts.read-model';
import type { PayoutDto } from './money.views';

export function toPayoutDto(view: PayoutView): PayoutDto {
  return {
    id: view._id,
    uploaderId: view.uploaderId,
    payeeName: view.payeeName,
    iban: view.iban,
    accountHolder: view.accountHolder,
    amount: view.amount,
    transferFee: view.transferFee,
    netAmount: view.netAmount,
    status: view.status,
    requestedAt: view.requestedAt,
    executionDate: view.executionDate,
    executedAt: view.executedAt,
    executedBy: view.executedBy,
    rejectedAt: view.rejectedAt,
    rejectedBy: view.rejectedBy,
    reason: view.reason,
    events: view.events,
  };
}
