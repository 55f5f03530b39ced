import fc from 'fast-check';
import { splitPrice } from '../shared/fees';
import { documentVat } from './document-vat';

describe('VAT on the whole document (one rate, rounded once)', () => {
  it('prints rate × taxable amount to the cent: 24 % × 88.15 = 21.16', () => {
    expect(documentVat([4000, 3210, 1605], 2400)).toMatchObject({
      taxableAmount: 8815,
      vat: 2116,
      total: 10931,
    });
  });

  it('for any basket and rate: VAT = round(rate × taxable), the lines’ shares add up to it, each within a cent of its own', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 1700, 1900, 2000, 2100, 2200, 2300, 2400, 2500, 2550, 2700),
        (prices, rate) => {
          const nets = prices.map((p) => splitPrice(p, { vatRate: 2400, serviceFeeRate: 2000 }).licenceFee);
          const result = documentVat(nets, rate);
          const taxable = nets.reduce((a, b) => a + b, 0);
          expect(result.taxableAmount).toBe(taxable);
          // Half up on the exact product, in integers: |100 × VAT − taxable × rate / 100| ≤ 50.
          expect(Math.abs(result.vat * 10_000 - taxable * rate)).toBeLessThanOrEqual(5_000);
          expect(result.total).toBe(taxable + result.vat);
          expect(result.lineVat.reduce((a, b) => a + b, 0)).toBe(result.vat);
          result.lineVat.forEach((share, i) => {
            expect(Math.abs(share * 10_000 - nets[i]! * rate)).toBeLessThan(10_000);
            expect(share).toBeGreaterThanOrEqual(0);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
