import { csvCellText, euros, toCsv } from './csv';

describe('CSV exports', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1+cmd|/C calc', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'neutralises a cell that a spreadsheet would run as a formula: %j',
    (cell) => {
      expect(csvCellText(cell)).toBe(`'${cell}`);
      expect(toCsv([[cell]]).replace(/^"|"?\r\n$/g, '')).toMatch(/^'/);
    },
  );

  it('leaves plain numbers, negative amounts included, as numbers so a column still sums', () => {
    expect(toCsv([[euros(-1240), -3, 7, '0.50']])).toBe('-12.40,-3,7,0.50\r\n');
  });

  it('leaves ordinary text alone and quotes fields as RFC 4180 says', () => {
    expect(toCsv([['Kadri Tamm', 'a, b', 'say "hi"', null]])).toBe('Kadri Tamm,"a, b","say ""hi""",\r\n');
  });
});
