import {
  EU_MEMBER_STATES,
  STANDARD_VAT_RATES,
  countryOfVatNumber,
  isMemberState,
  standardVatRate,
  vatNumberPrefix,
} from './eu-vat-rates';

/**
 * The standard rate each member state charges on electronically supplied services, on a day in late 2026
 * and on the day before its latest change, as the European Commission's table of VAT rates states them.
 */
const EXPECTED_2026: Record<(typeof EU_MEMBER_STATES)[number], number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

describe('EU standard VAT rates (data with the day each applies from)', () => {
  it('knows exactly the 27 member states', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(Object.keys(STANDARD_VAT_RATES).sort()).toEqual([...EU_MEMBER_STATES].sort());
    expect(isMemberState('GB')).toBe(false);
    expect(isMemberState('NO')).toBe(false);
    expect(isMemberState('XI')).toBe(false);
  });

  it.each(EU_MEMBER_STATES)('%s: the standard rate on 26.11.2026', (country) => {
    expect(standardVatRate(country, '2026-11-26')).toBe(EXPECTED_2026[country]);
  });

  it.each([
    ['FI', '2024-08-31', 2400, '2024-09-01', 2550],
    ['EE', '2025-06-30', 2200, '2025-07-01', 2400],
    ['EE', '2023-12-31', 2000, '2024-01-01', 2200],
    ['SK', '2024-12-31', 2000, '2025-01-01', 2300],
    ['RO', '2025-07-31', 1900, '2025-08-01', 2100],
    ['LU', '2023-12-31', 1600, '2024-01-01', 1700],
    ['DE', '2020-12-31', 1600, '2021-01-01', 1900],
  ] as const)('%s changes on the day: %s %d, %s %d', (country, before, oldRate, from, newRate) => {
    expect(standardVatRate(country, before)).toBe(oldRate);
    expect(standardVatRate(country, from)).toBe(newRate);
  });

  it('lists each state’s rates oldest first, so the last one started applies', () => {
    for (const rates of Object.values(STANDARD_VAT_RATES)) {
      const days = rates.map((r) => r.from);
      expect(days).toEqual([...days].sort());
    }
  });

  it('has no rate for a day before its data starts', () => {
    expect(() => standardVatRate('AT', '2015-12-31')).toThrow(RangeError);
  });

  it('writes Greece’s VAT numbers with EL, and reads XI numbers as the United Kingdom’s for services', () => {
    expect(vatNumberPrefix('GR')).toBe('EL');
    expect(vatNumberPrefix('FI')).toBe('FI');
    expect(countryOfVatNumber('EL094259216')).toBe('GR');
    expect(countryOfVatNumber('XI123456789')).toBe('GB');
    expect(countryOfVatNumber('FI20774740')).toBe('FI');
  });
});
