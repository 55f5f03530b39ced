import type { TransferFeeRule } from '../../events/payout.events';
import type { Cents } from '../shared/money';

/**
 * SPEC §9: "If accumulated licence fees are 150 euro or less, a 30 euro transfer fee applies per payout."
 * The accumulated licence fees are what the payout draws from the uploader's balance: their licence fees
 * after the service fee, accumulated since they were last paid out (docs/decisions/transfer-fee.md).
 */
export const TRANSFER_FEE_RULE: TransferFeeRule = { threshold: 15_000, fee: 3_000 };

/** The transfer fee a payout drawing `amount` from the balance pays under `rule`. */
export function transferFeeFor(amount: Cents, rule: TransferFeeRule = TRANSFER_FEE_RULE): Cents {
  return amount <= rule.threshold ? rule.fee : 0;
}
