/**
 * When a sale's earnings may be paid out (docs/decisions/release-of-earnings.md): 14 days after the
 * payment, the window in which a card payment is most often disputed and a bank-link payment is settled
 * to the platform's account. A domain constant, not configuration, so a rebuild of the read models always
 * computes the same release dates as were shown.
 */
export const EARNINGS_HOLD_DAYS = 14;

/** Why earnings are held, as a key the screens translate. */
export const EARNINGS_HOLD_REASON = 'PAYMENT_DISPUTE_WINDOW';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment a sale paid at `paidAt` becomes available for a payout (ISO-8601). */
export function earningsReleasedAt(paidAt: string): string {
  return new Date(Date.parse(paidAt) + EARNINGS_HOLD_DAYS * DAY_MS).toISOString();
}
