import { EARNINGS_HOLD_DAYS, EARNINGS_HOLD_REASON } from '../../domain/payout/earnings-release';
import type { PayoutView } from '../../projections/money/payouts.read-model';
import type { SaleLineView } from '../../projections/money/sales.read-model';
import type { Balance } from './money.views';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** What the payouts hold on to: every payout that was not rejected. */
export const drawnBy = (payouts: readonly PayoutView[]): number =>
  sum(payouts.filter((p) => p.status !== 'rejected').map((p) => p.amount));

/** Earnings whose release date has come. */
export const releasedEarnings = (lines: readonly SaleLineView[], now: Date): number =>
  sum(lines.filter((l) => Date.parse(l.releasedAt) <= now.getTime()).map((l) => l.uploaderEarnings));

/** The uploader's balance from their sales and payouts, as of `now`. */
export function balanceOf(
  lines: readonly SaleLineView[],
  payouts: readonly PayoutView[],
  now: Date,
): Balance {
  const drawn = drawnBy(payouts);
  const released = releasedEarnings(lines, now);
  const pending = new Map<string, number>();
  for (const line of lines) {
    if (Date.parse(line.releasedAt) > now.getTime() && line.uploaderEarnings !== 0)
      pending.set(line.releasedAt, (pending.get(line.releasedAt) ?? 0) + line.uploaderEarnings);
  }
  const releases = [...pending]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([releasedAt, amount]) => ({ releasedAt, amount }));
  const held = sum(releases.map((r) => r.amount));
  // Below zero when a refund took back earnings already paid out: later earnings net it off first.
  const available = released - drawn;
  return {
    available,
    held,
    owed: available + held,
    releases,
    holdDays: EARNINGS_HOLD_DAYS,
    holdReason: EARNINGS_HOLD_REASON,
  };
}
