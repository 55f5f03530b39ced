/** The ledger's calendar: Estonian days (Europe/Tallinn), the company's books' time zone. */
const TALLINN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Tallinn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Tallinn's offsets are whole hours, so a UTC hour has one Estonian day: remembered per hour (bounded). */
const byUtcHour = new Map<string, string>();

/** A moment as `toISOString` writes it (UTC, milliseconds, Z): its first 13 characters are its UTC hour. */
export const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** The Estonian calendar day (YYYY-MM-DD) of a moment given as ISO-8601. */
export function ledgerDay(isoMoment: string): string {
  // Events record their moments as toISOString writes them: the hour is read off the text, no Date made
  // (a rebuild asks this for nearly every money event). Any other ISO-8601 form is read by Date.
  const hour = CANONICAL_UTC.test(isoMoment)
    ? isoMoment.slice(0, 13)
    : new Date(isoMoment).toISOString().slice(0, 13);
  let day = byUtcHour.get(hour);
  if (day === undefined) {
    day = TALLINN_DAY.format(new Date(isoMoment));
    if (byUtcHour.size > 100_000) byUtcHour.clear();
    byUtcHour.set(hour, day);
  }
  return day;
}
