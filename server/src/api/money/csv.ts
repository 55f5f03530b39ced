/**
 * A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-` or `@`, or with a tab or a
 * carriage return (which some spreadsheets skip before looking for a formula). A plain decimal number
 * ("-12.40", or "-12,40" with the decimal comma) is a number, not a formula, and stays as it is so the column still sums.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The text of one cell, neutralised against formula injection (OWASP's advice): a cell that would start
 * a formula gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
export function csvCellText(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * How a spreadsheet in the user's locale reads a CSV file (docs/decisions/csv-for-the-users-spreadsheet.md):
 * Estonian Excel and LibreOffice split on `;` and read `12,40` as a number; English ones split on `,` and
 * read `12.40`.
 */
export interface CsvDialect {
  readonly separator: ',' | ';';
  readonly decimalComma: boolean;
}

export const CSV_DIALECTS: Readonly<Record<'et' | 'en', CsvDialect>> = {
  et: { separator: ';', decimalComma: true },
  en: { separator: ',', decimalComma: false },
};

/** The byte order mark that tells Excel the file is UTF-8, so õ, ä, ö, ü, š and ž read as letters. */
export const UTF8_BOM = '\ufeff';

/**
 * RFC 4180 CSV in the dialect's separator: CRLF lines, fields quoted when they need it, formulas
 * neutralised, the UTF-8 byte order mark first.
 */
export function toCsv(
  rows: readonly (readonly (string | number | null)[])[],
  dialect: CsvDialect = CSV_DIALECTS.en,
): string {
  const special = dialect.separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  const field = (value: string | number | null): string => {
    const text = csvCellText(value);
    return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${UTF8_BOM}${rows.map((row) => row.map(field).join(dialect.separator)).join('\r\n')}\r\n`;
}

/** Cents as euros with two decimals for spreadsheets: "12.40", or "12,40" with the decimal comma. */
export const euros = (cents: number, dialect: CsvDialect = CSV_DIALECTS.en): string => {
  const text = (cents / 100).toFixed(2);
  return dialect.decimalComma ? text.replace('.', ',') : text;
};
