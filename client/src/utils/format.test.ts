import { describe, expect, it } from 'vitest';
import { normalizeSpaces } from '../test/render-app';
import { formatAmount, formatDate, formatDateTime, formatMoney, formatPrice } from './format';

describe('money', () => {
  it('shows cents as euros with two decimals in each language', () => {
    expect(normalizeSpaces(formatMoney(1240, 'et'))).toBe('12,40 €');
    expect(formatMoney(1240, 'en')).toBe('€12.40');
    expect(normalizeSpaces(formatMoney(0, 'et'))).toBe('0,00 €');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(normalizeSpaces(formatMoney(5, 'et'))).toBe('0,05 €');
  });

  it('the price formatter always shows two decimals', () => {
    expect(normalizeSpaces(formatPrice(3000, 'et'))).toBe('30,00 €');
    expect(formatPrice(3000, 'en')).toBe('€30.00');
  });

  it('amounts are whole euros without decimals (SPEC §9), rounded half up', () => {
    expect(normalizeSpaces(formatAmount(3000, 'et'))).toBe('30 €');
    expect(formatAmount(3000, 'en')).toBe('€30');
    expect(normalizeSpaces(formatAmount(100_000, 'et'))).toBe('1000 €');
    expect(formatAmount(100_000, 'en')).toBe('€1,000');
    expect(normalizeSpaces(formatAmount(15_049, 'et'))).toBe('150 €');
    expect(formatAmount(15_050, 'en')).toBe('€151');
    expect(normalizeSpaces(formatAmount(1_234_567, 'et'))).toBe('12 346 €');
  });
});

describe('money written as Intl.NumberFormat writes it', () => {
  const intl = (language: 'et' | 'en', digits: number) =>
    new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-US', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  // Every digit count up to billions, both signs, group boundaries, rounding halves and negative zero.
  const cents = [
    0, -0, 1, 5, 9, 10, 99, 100, 101, 149, 150, 151, 250, 999, 1000, 9999, 10_000, 99_999, 100_000, 100_001,
    999_999, 1_000_000, 1_234_567, 9_999_999, 10_000_000, 123_456_789, 100_000_000_000, -1, -49, -50, -51,
    -150, -250, -99_999, -100_000, -1_234_567,
  ];
  let seed = 7;
  for (let i = 0; i < 300; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    cents.push((seed % 2_000_000_000) - 1_000_000_000);
  }

  it.each(['et', 'en'] as const)('prices in %s: the same text, character for character', (language) => {
    const expected = intl(language, 2);
    for (const value of cents) expect(formatPrice(value, language)).toBe(expected.format(value / 100));
  });

  it.each(['et', 'en'] as const)('whole-euro amounts in %s: the same text', (language) => {
    const expected = intl(language, 0);
    for (const value of cents) {
      expect(formatAmount(value, language)).toBe(expected.format(Math.round(value / 100)));
    }
  });
});

describe('dates', () => {
  it('shows DD.MM.YYYY', () => {
    expect(formatDate('2025-03-04T12:00:00.000Z')).toBe('04.03.2025');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31.12.2025');
    expect(formatDateTime(new Date(2025, 0, 2, 8, 5))).toBe('02.01.2025 08:05');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
