import type { Language } from '../i18n';

const LOCALES: Record<Language, string> = { et: 'et-EE', en: 'en-GB' };

const moneyFormatters = new Map<Language, Intl.NumberFormat>();

/** Integer euro cents -> '12,40 €' (et) or '€12.40' (en). */
export function formatMoney(cents: number, language: Language): string {
  let formatter = moneyFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(language, formatter);
  }
  return formatter.format(cents / 100);
}

const wholeFormatters = new Map<Language, Intl.NumberFormat>();

/** Integer euro cents -> '12 €' (et) or '€12' (en): SPEC §9's money without decimals, rounded. */
export function formatWholeEuros(cents: number, language: Language): string {
  let formatter = wholeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    wholeFormatters.set(language, formatter);
  }
  return formatter.format(cents / 100);
}

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
