/** RFC 4180 CSV: comma-separated, CRLF lines, fields quoted when they need it. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null): string => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Cents as euros with two decimals and a point ("1240" → "12.40"), for spreadsheets. */
export const euros = (cents: number): string => (cents / 100).toFixed(2);
