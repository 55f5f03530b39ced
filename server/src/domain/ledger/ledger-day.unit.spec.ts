import { ledgerDay } from './ledger-day';

describe('ledgerDay', () => {
  it("gives the Estonian day of a moment written as toISOString writes it, across midnight and the clock's changes", () => {
    // Winter: UTC+2.
    expect(ledgerDay('2026-01-15T21:59:59.999Z')).toBe('2026-01-15');
    expect(ledgerDay('2026-01-15T22:00:00.000Z')).toBe('2026-01-16');
    // Summer: UTC+3.
    expect(ledgerDay('2026-07-15T20:59:59.999Z')).toBe('2026-07-15');
    expect(ledgerDay('2026-07-15T21:00:00.000Z')).toBe('2026-07-16');
    // The night the clocks go forward (29 March 2026, 03:00 → 04:00) and back (25 October 2026).
    expect(ledgerDay('2026-03-28T22:00:00.000Z')).toBe('2026-03-29');
    expect(ledgerDay('2026-10-24T21:00:00.000Z')).toBe('2026-10-25');
  });

  it('reads any other ISO-8601 form of the same moment the same way', () => {
    expect(ledgerDay('2026-01-15T23:30:00+02:00')).toBe('2026-01-15');
    expect(ledgerDay('2026-01-16T00:30:00+02:00')).toBe('2026-01-16');
    expect(ledgerDay('2026-07-15T21:30:00Z')).toBe('2026-07-16');
    expect(ledgerDay('2026-07-15T21:30:00.000Z')).toBe('2026-07-16');
    expect(ledgerDay('2026-01-15T24:00:00.000Z')).toBe('2026-01-16');
  });

  it('refuses a moment that is not one', () => {
    expect(() => ledgerDay('not a moment')).toThrow(RangeError);
    expect(() => ledgerDay('2026-13-45T99:00:00.000Z')).toThrow(RangeError);
  });
});
