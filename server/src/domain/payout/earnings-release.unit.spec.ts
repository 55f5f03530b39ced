import { EARNINGS_HOLD_DAYS, earningsReleasedAt } from './earnings-release';

/** The release as date arithmetic gives it, for any ISO-8601 moment. */
function byDate(paidAt: string): string {
  return new Date(Date.parse(paidAt) + EARNINGS_HOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

describe('earningsReleasedAt', () => {
  it('releases 14 days after the payment, to the millisecond, across months, years and a leap day', () => {
    expect(earningsReleasedAt('2026-03-05T09:15:00.123Z')).toBe('2026-03-19T09:15:00.123Z');
    expect(earningsReleasedAt('2026-12-25T23:59:59.999Z')).toBe('2027-01-08T23:59:59.999Z');
    expect(earningsReleasedAt('2028-02-20T00:00:00.000Z')).toBe('2028-03-05T00:00:00.000Z');
    expect(earningsReleasedAt('2027-02-20T00:00:00.000Z')).toBe('2027-03-06T00:00:00.000Z');
  });

  it('gives what date arithmetic gives for every fifth hour of two years, the same day asked twice included', () => {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let hour = 0; hour < 2 * 366 * 24; hour += 5) {
      const paidAt = new Date(start + hour * 3_600_000 + (hour % 1000)).toISOString();
      expect(earningsReleasedAt(paidAt)).toBe(byDate(paidAt));
      expect(earningsReleasedAt(paidAt)).toBe(byDate(paidAt));
    }
  });

  it('reads other ISO-8601 forms (an offset, no milliseconds, the hour 24) as the moment they name', () => {
    expect(earningsReleasedAt('2026-03-29T02:30:00+02:00')).toBe('2026-04-12T00:30:00.000Z');
    expect(earningsReleasedAt('2026-10-25T03:30:00Z')).toBe('2026-11-08T03:30:00.000Z');
    expect(earningsReleasedAt('2026-10-25T24:00:00.000Z')).toBe('2026-11-09T00:00:00.000Z');
  });

  it('refuses a time that is not one, as date arithmetic does', () => {
    expect(() => earningsReleasedAt('2026-10-25T99:99:99.999Z')).toThrow(RangeError);
  });
});
