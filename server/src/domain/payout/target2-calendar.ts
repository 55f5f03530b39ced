/**
 * TARGET2's (since March 2023: T2's) business days, on which SEPA credit transfers settle. The ECB's
 * long-term calendar (Governing Council, 14 December 2000, in force since 2002 "until further notice",
 * kept for T2): closed on Saturdays and Sundays and on the days below. Easter is the Western
 * (Gregorian) one, "according to the calendar applicable at the seat of the ECB".
 * docs/decisions/payout-files.md.
 */
export const TARGET2_CLOSING_DAYS = {
  /** Closed every year on these days (MM-DD). */
  fixed: [
    { monthDay: '01-01', code: 'NEW_YEARS_DAY' },
    { monthDay: '05-01', code: 'LABOUR_DAY' },
    { monthDay: '12-25', code: 'CHRISTMAS_DAY' },
    { monthDay: '12-26', code: 'DECEMBER_26' },
  ],
  /** Closed on these days counted from Easter Sunday. */
  fromEaster: [
    { days: -2, code: 'GOOD_FRIDAY' },
    { days: 1, code: 'EASTER_MONDAY' },
  ],
} as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The date of Western Easter Sunday in `year` (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Why TARGET2 is closed on `day` (YYYY-MM-DD) — SATURDAY, SUNDAY or a closing day's code, a message key
 * under TARGET2. — or null on a business day.
 */
export function target2ClosingReason(day: string): string | null {
  const match = ISO_DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  const date = new Date(`${day}T00:00:00.000Z`);
  const weekday = date.getUTCDay();
  if (weekday === 6) return 'SATURDAY';
  if (weekday === 0) return 'SUNDAY';
  const fixed = TARGET2_CLOSING_DAYS.fixed.find((d) => d.monthDay === day.slice(5));
  if (fixed) return fixed.code;
  const easter = Date.parse(`${easterSunday(Number(match[1]))}T00:00:00.000Z`);
  const movable = TARGET2_CLOSING_DAYS.fromEaster.find(
    (d) => dayOf(new Date(easter + d.days * DAY_MS)) === day,
  );
  return movable ? movable.code : null;
}

export function isTarget2BusinessDay(day: string): boolean {
  return target2ClosingReason(day) === null;
}

/** The first TARGET2 business day on or after `day`. */
export function nextTarget2BusinessDay(day: string): string {
  let at = Date.parse(`${day}T00:00:00.000Z`);
  while (!isTarget2BusinessDay(dayOf(new Date(at)))) at += DAY_MS;
  return dayOf(new Date(at));
}
