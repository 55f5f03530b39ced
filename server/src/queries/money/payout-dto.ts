import type { PayoutBatchView, PayoutView } from '../../projections/money/payouts.read-model';
import type { PayoutBatchDto, PayoutDto } from './money.views';

export function toPayoutDto(view: PayoutView): PayoutDto {
  return {
    id: view._id,
    uploaderId: view.uploaderId,
    payeeName: view.payeeName,
    iban: view.iban,
    accountHolder: view.accountHolder,
    accountHolderLatin: view.accountHolderLatin ?? null,
    accountHolderCheck: view.accountHolderCheck ?? 'matched-profile-name',
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
    batch: view.batch ?? null,
    events: view.events,
  };
}

export function toPayoutBatchDto(view: PayoutBatchView): PayoutBatchDto {
  return {
    id: view._id,
    number: view.number,
    messageId: view.messageId,
    format: view.format,
    executionDate: view.executionDate,
    createdAt: view.createdAt,
    exportedAt: view.exportedAt,
    exportedBy: view.exportedBy,
    count: view.count,
    controlSum: view.controlSum,
    fileName: view.file.name,
    status: view.status,
    executedOn: view.executedOn,
    executedAt: view.executedAt,
    executedBy: view.executedBy,
    payouts: view.payouts,
    events: view.events,
  };
}
