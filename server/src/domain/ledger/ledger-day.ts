/** The ledger's calendar: Estonian days (Europe/Tallinn), the company's books' time zone. */
const TALLINN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Tallinn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Estonian calendar day (YYYY-MM-DD) of a moment given as ISO-8601. */
export function ledgerDay(isoMoment: string): string {
  return TALLINN_DAY.format(new Date(isoMoment));
}
