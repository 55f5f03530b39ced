import { dayBefore, shopDay, yearToDate } from './period';

describe('the shop’s calendar (Estonian days, as the books count them)', () => {
  it('given a moment after midnight in Tallinn but not yet in UTC, then today is already the next day', () => {
    // 23:14 UTC on 25 November is 01:14 on the 26th in Tallinn (UTC+2 in winter).
    expect(shopDay(new Date('2026-11-25T23:14:00Z'))).toBe('2026-11-26');
    expect(shopDay(new Date('2026-11-25T21:59:00Z'))).toBe('2026-11-25');
    // Summer time: UTC+3.
    expect(shopDay(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-02');
  });

  it('given New Year’s night in Tallinn, then the year so far is the new year’s first day', () => {
    expect(yearToDate(new Date('2026-12-31T22:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(yearToDate(new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('given a day, then the day before it is counted on the calendar, across months and years', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});
