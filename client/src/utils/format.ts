import type { Language } from '../i18n';

/** SPEC §9: money in the Estonian and US-English locales. */
const LOCALES: Record<Language, string> = { et: 'et-EE', en: 'en-US' };

type MoneyFormat = 'price' | 'amount';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, format: MoneyFormat): Intl.NumberFormat {
  const key = `${language}:${format}`;
  let cached = formatters.get(key);
  if (!cached) {
    const digits = format === 'price' ? 2 : 0;
    cached = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * The price formatter of SPEC §9, two decimals: integer euro cents -> '12,40 €' (et) or '€12.40'
 * (en). For every sum that is charged or paid: document prices, basket lines and totals, purchases,
 * fees, payouts (docs/decisions.md "Money format").
 */
export function formatPrice(cents: number, language: Language): string {
  return formatter(language, 'price').format(cents / 100);
}

/**
 * Money in euros without decimals (SPEC §9): 100000 -> '1000 €' / '€1,000'. For round figures and
 * overviews where cents say nothing: limits and fees stated in texts (1000 €, 150 €, 30 €), summary
 * tiles and chart axes. Rounds half up to whole euros.
 */
export function formatAmount(cents: number, language: Language): string {
  return formatter(language, 'amount').format(Math.round(cents / 100));
}

/** Integer euro cents -> '12,40 €' (et) or '€12.40' (en): the price formatter. */
export const formatMoney = formatPrice;

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY in the browser's time zone; '' for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value == null ? null : parse(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** DD.MM.YYYY HH:mm in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value == null ? null : parse(value);
  if (!date) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

/** HH:mm in the browser's time zone. */
export function formatTime(value: string | Date): string {
  const date = parse(value);
  if (!date) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
