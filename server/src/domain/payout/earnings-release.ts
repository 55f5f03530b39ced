import { CANONICAL_UTC } from '../ledger/ledger-day';

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

/** UTC day → the UTC day EARNINGS_HOLD_DAYS later (bounded). */
const releaseDays = new Map<string, string>();

/** The moment a sale paid at `paidAt` becomes available for a payout (ISO-8601). */
export function earningsReleasedAt(paidAt: string): string {
  if (!CANONICAL_UTC.test(paidAt))
    return new Date(Date.parse(paidAt) + EARNINGS_HOLD_DAYS * DAY_MS).toISOString();
  // UTC days are all 24 hours long: the release keeps the time of day and moves the date, which is
  // worked out once per day (a rebuild asks this for every paid sale).
  const day = paidAt.slice(0, 10);
  let released = releaseDays.get(day);
  if (released === undefined) {
    released = new Date(Date.parse(`${day}T00:00:00.000Z`) + EARNINGS_HOLD_DAYS * DAY_MS)
      .toISOString()
      .slice(0, 10);
    if (releaseDays.size > 10_000) releaseDays.clear();
    releaseDays.set(day, released);
  }
  return released + paidAt.slice(10);
}
