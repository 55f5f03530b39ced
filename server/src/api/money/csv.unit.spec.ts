import { CSV_DIALECTS, euros, toCsv } from './csv';

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
