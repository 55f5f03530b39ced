/**
 * The shop's calendar: its books count Estonian days (Europe/Tallinn), as the server's ledger does
 * (server/src/domain/ledger/ledger-day.ts), wherever the person's browser is. 'en-CA' writes YYYY-MM-DD.
 */
const SHOP_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Tallinn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day of a moment as YYYY-MM-DD (what date inputs and the API's periods use). */
export function shopDay(moment: Date = new Date()): string {
  return SHOP_DAY.format(moment);
}

/** The day before a YYYY-MM-DD day (calendar arithmetic, no time zone). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The year so far in the shop's calendar: 1 January to today. */
export function yearToDate(now: Date = new Date()): { from: string; to: string } {
  const today = shopDay(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' without time-zone arithmetic. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
}
