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
    ['2025-01-01', 'NEW_YEARS_DAY'],
    ['2025-04-18', 'GOOD_FRIDAY'],
    ['2025-04-21', 'EASTER_MONDAY'],
    ['2025-05-01', 'LABOUR_DAY'],
    ['2025-12-25', 'CHRISTMAS_DAY'],
    ['2025-12-26', 'DECEMBER_26'],
    ['2026-01-01', 'NEW_YEARS_DAY'],
    ['2026-04-03', 'GOOD_FRIDAY'],
    ['2026-04-06', 'EASTER_MONDAY'],
    ['2026-05-01', 'LABOUR_DAY'],
    ['2026-12-25', 'CHRISTMAS_DAY'],
    ['2027-03-26', 'GOOD_FRIDAY'],
    ['2027-03-29', 'EASTER_MONDAY'],
  ])('is closed on %s (%s)', (day, reason) => {
    expect(target2ClosingReason(day)).toBe(reason);
    expect(isTarget2BusinessDay(day)).toBe(false);
  });

  it('is closed at weekends and open on other weekdays, national holidays included', () => {
    expect(target2ClosingReason('2026-11-28')).toBe('SATURDAY');
    expect(target2ClosingReason('2026-11-29')).toBe('SUNDAY');
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
