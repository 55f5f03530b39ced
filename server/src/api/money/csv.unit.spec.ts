import { CSV_DIALECTS, csvCellText, euros, toCsv } from './csv';

describe('CSV for the user’s spreadsheet', () => {
  it('Estonian: `;` between fields, the decimal comma, fields holding `;` quoted, the UTF-8 byte order mark', () => {
    const rows = [
      ['document', 'amount_eur'],
      ['Tööleping; lisa', euros(1240, CSV_DIALECTS.et)],
      ['Lease, "commercial"', euros(-99, CSV_DIALECTS.et)],
    ];
    expect(toCsv(rows, CSV_DIALECTS.et)).toBe(
      '\ufeffdocument;amount_eur\r\n"Tööleping; lisa";12,40\r\n"Lease, ""commercial""";-0,99\r\n',
    );
  });

  it('English as before (commas, the decimal point), with the byte order mark', () => {
    expect(toCsv([['a,b', euros(1240)]], CSV_DIALECTS.en)).toBe('\ufeff"a,b",12.40\r\n');
  });
});
describe('CSV exports', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1+cmd|/C calc', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'neutralises a cell that a spreadsheet would run as a formula: %j',
    (cell) => {
      expect(csvCellText(cell)).toBe(`'${cell}`);
      expect(toCsv([[cell]]).replace(/^\ufeff"?|"?\r\n$/g, '')).toMatch(/^'/);
    },
  );

  it('leaves plain numbers, negative amounts included, as numbers so a column still sums', () => {
    expect(toCsv([[euros(-1240), -3, 7, '0.50']])).toBe('\ufeff-12.40,-3,7,0.50\r\n');
    expect(toCsv([[euros(-1240, CSV_DIALECTS.et), '-0,50']], CSV_DIALECTS.et)).toBe('\ufeff-12,40;-0,50\r\n');
  });

  it('leaves ordinary text alone and quotes fields as RFC 4180 says', () => {
    expect(toCsv([['Kadri Tamm', 'a, b', 'say "hi"', null]])).toBe(
      '\ufeffKadri Tamm,"a, b","say ""hi""",\r\n',
    );
  });
});
