/**
 * A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-` or `@`, or with a tab or a
 * carriage return (which some spreadsheets skip before looking for a formula). A plain decimal number
 * ("-12.40") is a number, not a formula, and stays as it is so the column still sums.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The text of one cell, neutralised against formula injection (OWASP's advice): a cell that would start
 * a formula gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
export function csvCellText(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** RFC 4180 CSV: comma-separated, CRLF lines, fields quoted when they need it, formulas neutralised. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null): string => {
    const text = csvCellText(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Cents as euros with two decimals and a point ("1240" → "12.40"), for spreadsheets. */
export const euros = (cents: number): string => (cents / 100).toFixed(2);
