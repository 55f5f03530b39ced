import type { TransferFeeRule } from '../../events/payout.events';
import type { Cents } from '../shared/money';

/**
 * SPEC §9: "If accumulated licence fees are 150 euro or less, a 30 euro transfer fee applies per payout."
 * The accumulated licence fees are the uploader's licence fees after the service fee that are released
 * and not yet paid out: their available balance when they ask, whatever part of it they take out
 * (docs/decisions/transfer-fee-on-the-available-balance.md).
 */
export const TRANSFER_FEE_RULE: TransferFeeRule = {
  threshold: 15_000,
  fee: 3_000,
  basis: 'available-balance',
};

/** The transfer fee of a payout asked for when `available` was the uploader's available balance. */
export function transferFeeFor(available: Cents, rule: TransferFeeRule = TRANSFER_FEE_RULE): Cents {
  return available <= rule.threshold ? rule.fee : 0;
}
