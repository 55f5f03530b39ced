/** The ledger's calendar: Estonian days (Europe/Tallinn), the company's books' time zone. */
const TALLINN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Tallinn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Tallinn's offsets are whole hours, so a UTC hour has one Estonian day: remembered per hour (bounded). */
const byUtcHour = new Map<string, string>();

/** The Estonian calendar day (YYYY-MM-DD) of a moment given as ISO-8601. */
export function ledgerDay(isoMoment: string): string {
  const date = new Date(isoMoment);
  const hour = date.toISOString().slice(0, 13);
  let day = byUtcHour.get(hour);
  if (day === undefined) {
    day = TALLINN_DAY.format(date);
    if (byUtcHour.size > 100_000) byUtcHour.clear();
    byUtcHour.set(hour, day);
  }
  return day;
}
