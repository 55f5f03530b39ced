import { DEFAULT_FEE_RATES, type FeeRates, splitPrice } from './fees';
import { MAX_DOCUMENT_PRICE } from './money';

/**
 * docs decision "Prices and VAT": a price is a VAT-inclusive consumer price. VAT = price × rate / (1 + rate);
 * licence fee = price − VAT; service fee = 20 % of the licence fee, deducted; the uploader earns the rest.
 * Each line is rounded on its own, half up.
 */
describe('splitPrice', () => {
  it('uses 24 % VAT and a 20 % service fee by default', () => {
    expect(DEFAULT_FEE_RATES).toEqual({ vatRate: 2400, serviceFeeRate: 2000 });
  });

  describe('worked examples at 24 % VAT and 20 % service fee', () => {
    it.each`
      price     | vat      | licenceFee | serviceFee | uploaderEarnings | note
      ${1240}   | ${240}   | ${1000}    | ${200}     | ${800}           | ${'12.40 € divides exactly'}
      ${1000}   | ${194}   | ${806}     | ${161}     | ${645}           | ${'VAT 193.548… → 194; service fee 161.2 → 161'}
      ${0}      | ${0}     | ${0}       | ${0}       | ${0}             | ${'a free document'}
      ${1}      | ${0}     | ${1}       | ${0}       | ${1}             | ${'VAT 0.19… → 0'}
      ${100}    | ${19}    | ${81}      | ${16}      | ${65}            | ${'VAT 19.35… → 19; service fee 16.2 → 16'}
      ${1500}   | ${290}   | ${1210}    | ${242}     | ${968}           | ${'VAT 290.32… → 290'}
      ${100000} | ${19355} | ${80645}   | ${16129}   | ${64516}         | ${'the 1000 € maximum: VAT 19354.83… → 19355'}
    `(
      '$price cents → VAT $vat, licence fee $licenceFee, service fee $serviceFee, uploader $uploaderEarnings ($note)',
      ({ price, vat, licenceFee, serviceFee, uploaderEarnings }) => {
        expect(splitPrice(price, DEFAULT_FEE_RATES)).toEqual({
          price,
          vat,
          licenceFee,
          serviceFee,
          uploaderEarnings,
        });
      },
    );
  });

  describe('rounding is half up, per line', () => {
    // At 24 % VAT (price × 6/31) and a 20 % service fee (licence fee / 5) no integer price is ever exactly
    // half-way, so the half-up rule is shown with rates where it is: 20 % VAT (price / 6) and a 15 % service fee.
    it('never meets an exact half at the default rates, for any price up to the maximum', () => {
      const isHalf = (numerator: number, denominator: number) =>
        2 * (numerator % denominator) === denominator;
      const halfWay: number[] = [];
      for (let price = 0; price <= MAX_DOCUMENT_PRICE; price++) {
        const { licenceFee } = splitPrice(price, DEFAULT_FEE_RATES);
        if (isHalf(price * 2400, 12_400) || isHalf(licenceFee * 2000, 10_000)) halfWay.push(price);
      }
      expect(halfWay).toEqual([]);
    });

    it('rounds a VAT of exactly 0.5 cents up (3 cents at 20 % VAT)', () => {
      expect(splitPrice(3, { vatRate: 2000, serviceFeeRate: 2000 })).toEqual({
        price: 3,
        vat: 1,
        licenceFee: 2,
        serviceFee: 0,
        uploaderEarnings: 2,
      });
    });

    it('rounds a VAT of exactly 1.5 cents up (9 cents at 20 % VAT)', () => {
      expect(splitPrice(9, { vatRate: 2000, serviceFeeRate: 2000 })).toEqual({
        price: 9,
        vat: 2,
        licenceFee: 7,
        serviceFee: 1,
        uploaderEarnings: 6,
      });
    });

    it('rounds a service fee of exactly 1.5 cents up (12 cents, 24 % VAT, 15 % service fee)', () => {
      expect(splitPrice(12, { vatRate: 2400, serviceFeeRate: 1500 })).toEqual({
        price: 12,
        vat: 2,
        licenceFee: 10,
        serviceFee: 2,
        uploaderEarnings: 8,
      });
    });
  });

  it('adds up: VAT + service fee + uploader earnings = price, for every price from 0 to 1000 €', () => {
    const wrong: number[] = [];
    for (let price = 0; price <= MAX_DOCUMENT_PRICE; price++) {
      const split = splitPrice(price, DEFAULT_FEE_RATES);
      const parts = [split.vat, split.licenceFee, split.serviceFee, split.uploaderEarnings];
      if (
        split.vat + split.serviceFee + split.uploaderEarnings !== price ||
        split.licenceFee !== price - split.vat ||
        parts.some((part) => !Number.isSafeInteger(part) || part < 0)
      ) {
        wrong.push(price);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('works at another VAT rate: 22 %', () => {
    const rates: FeeRates = { vatRate: 2200, serviceFeeRate: 2000 };
    expect(splitPrice(1220, rates)).toEqual({
      price: 1220,
      vat: 220,
      licenceFee: 1000,
      serviceFee: 200,
      uploaderEarnings: 800,
    });
    // 1000 × 22/122 = 180.33… → 180; 820 × 0.2 = 164.
    expect(splitPrice(1000, rates)).toEqual({
      price: 1000,
      vat: 180,
      licenceFee: 820,
      serviceFee: 164,
      uploaderEarnings: 656,
    });
  });

  it('charges no VAT at a 0 % rate', () => {
    expect(splitPrice(1000, { vatRate: 0, serviceFeeRate: 2000 })).toEqual({
      price: 1000,
      vat: 0,
      licenceFee: 1000,
      serviceFee: 200,
      uploaderEarnings: 800,
    });
  });
});
