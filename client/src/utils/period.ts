const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD (what date inputs and the API's periods use). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The year so far: 1 January to today. */
export function yearToDate(today: Date = new Date()): { from: string; to: string } {
  return { from: `${today.getFullYear()}-01-01`, to: isoDay(today) };
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' without time-zone arithmetic. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
}
