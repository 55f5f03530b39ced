import { describe, expect, it } from 'vitest';
import { normalizeSpaces } from '../test/render-app';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('money', () => {
  it('shows cents as euros with two decimals in each language', () => {
    expect(normalizeSpaces(formatMoney(1240, 'et'))).toBe('12,40 €');
    expect(formatMoney(1240, 'en')).toBe('€12.40');
    expect(normalizeSpaces(formatMoney(0, 'et'))).toBe('0,00 €');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(normalizeSpaces(formatMoney(5, 'et'))).toBe('0,05 €');
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
