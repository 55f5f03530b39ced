import { MAX_DOCUMENT_PRICE, divideRoundHalfUp, isValidPrice } from './money';

describe('divideRoundHalfUp', () => {
  it.each([
    [0, 5, 0],
    [10, 5, 2], // exact
    [11, 5, 2], // 2.2 → down
    [12, 5, 2], // 2.4 → down
    [13, 5, 3], // 2.6 → up
    [1, 2, 1], // 0.5 → up
    [3, 2, 2], // 1.5 → up
    [5, 2, 3], // 2.5 → up (not to even)
    [49, 100, 0], // 0.49 → down
    [50, 100, 1], // 0.50 → up
    [7, 1, 7], // denominator 1
    [2_400_000, 12_400, 194], // 193.548… → 194
  ])('%i / %i = %i', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('is exact for the largest price times the VAT rate', () => {
    expect(divideRoundHalfUp(MAX_DOCUMENT_PRICE * 2400, 12_400)).toBe(19_355);
  });

  it.each([
    ['a negative numerator', -1, 5],
    ['a zero denominator', 1, 0],
    ['a negative denominator', 1, -5],
    ['a fractional numerator', 1.5, 5],
    ['a fractional denominator', 1, 2.5],
    ['NaN', Number.NaN, 5],
    ['Infinity', Number.POSITIVE_INFINITY, 5],
    ['an unsafe integer', Number.MAX_SAFE_INTEGER + 1, 5],
  ])('throws a RangeError for %s', (_case, numerator, denominator) => {
    expect(() => divideRoundHalfUp(numerator, denominator)).toThrow(RangeError);
  });
});

describe('isValidPrice', () => {
  it.each([0, 1, 1240, MAX_DOCUMENT_PRICE])('accepts %p cents', (price) => {
    expect(isValidPrice(price)).toBe(true);
  });

  it.each([-1, 0.5, MAX_DOCUMENT_PRICE + 1, Number.NaN, '1240', null, undefined])('rejects %p', (price) => {
    expect(isValidPrice(price)).toBe(false);
  });

  it('has a maximum of 1000 euro (SPEC §9)', () => {
    expect(MAX_DOCUMENT_PRICE).toBe(100_000);
  });
});
