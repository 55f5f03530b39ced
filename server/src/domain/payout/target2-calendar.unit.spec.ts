import {
  easterSunday,
  isTarget2BusinessDay,
  nextTarget2BusinessDay,
  target2ClosingReason,
} from './target2-calendar';

describe('the TARGET2 calendar', () => {
  it('finds Western Easter Sunday', () => {
    expect([2024, 2025, 2026, 2027, 2028, 2029, 2030, 2038, 2285].map((year) => easterSunday(year))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
      '2038-04-25',
      '2285-03-22',
    ]);
  });

  // The ECB's published TARGET2 closing days that fall on weekdays, 2025 and 2026.
  it.each([
    ['2025-01-01', "New Year's Day"],
    ['2025-04-18', 'Good Friday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-05-01', 'Labour Day'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', '26 December'],
    ['2026-01-01', "New Year's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-01', 'Labour Day'],
    ['2026-12-25', 'Christmas Day'],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
  ])('is closed on %s (%s)', (day, reason) => {
    expect(target2ClosingReason(day)).toBe(reason);
    expect(isTarget2BusinessDay(day)).toBe(false);
  });

  it('is closed at weekends and open on other weekdays, national holidays included', () => {
    expect(target2ClosingReason('2026-11-28')).toBe('Saturday');
    expect(target2ClosingReason('2026-11-29')).toBe('Sunday');
    // Estonia's Independence Day, Victory Day and Christmas Eve are no TARGET2 holidays.
    for (const day of ['2026-02-24', '2026-06-23', '2026-12-24', '2026-11-26', '2025-12-31'])
      expect(isTarget2BusinessDay(day)).toBe(true);
  });

  it('names the next business day', () => {
    expect(nextTarget2BusinessDay('2026-11-26')).toBe('2026-11-26');
    expect(nextTarget2BusinessDay('2026-11-28')).toBe('2026-11-30');
    // Christmas Day is a Friday in 2026: Friday, then the weekend, then Monday the 28th.
    expect(nextTarget2BusinessDay('2026-12-25')).toBe('2026-12-28');
    // Good Friday to Easter Monday 2026: Tuesday the 7th.
    expect(nextTarget2BusinessDay('2026-04-03')).toBe('2026-04-07');
  });
});
