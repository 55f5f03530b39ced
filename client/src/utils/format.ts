import type { Language } from '../i18n';

/**
 * SPEC §9: money as the Estonian (et-EE) and US-English (en-US) locales write euros, written out here
 * rather than by Intl.NumberFormat, whose first use costs a page tens of milliseconds of ICU start-up
 * (four times that on a slow phone; README "Performance of the pages"). format.test.ts checks every
 * form against Intl.NumberFormat itself: et "12 345,67 €" (no-break space between groups, none for
 * four digits, U+2212 minus), en "-€12,345.67".
 */
const NO_BREAK_SPACE = '\u00a0';
const STYLES: Record<
  Language,
  { group: string; minimumGrouping: number; decimal: string; minus: string; symbolFirst: boolean }
> = {
  et: { group: NO_BREAK_SPACE, minimumGrouping: 2, decimal: ',', minus: '\u2212', symbolFirst: false },
  en: { group: ',', minimumGrouping: 1, decimal: '.', minus: '-', symbolFirst: true },
};

/** Groups a run of digits in threes from the right, once it has at least 3 + minimumGrouping digits. */
function groupDigits(digits: string, separator: string, minimumGrouping: number): string {
  if (digits.length < 3 + minimumGrouping) return digits;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(separator);
}

/** A whole number of units (cents with two decimals, or euros with none), signed, in the language's form. */
function euros(units: number, decimals: 0 | 2, language: Language): string {
  const style = STYLES[language];
  const negative = units < 0 || Object.is(units, -0);
  const whole = Math.round(Math.abs(units));
  const integer = decimals === 2 ? Math.floor(whole / 100) : whole;
  let number = groupDigits(String(integer), style.group, style.minimumGrouping);
  if (decimals === 2) number += style.decimal + String(whole % 100).padStart(2, '0');
  const sign = negative ? style.minus : '';
  return style.symbolFirst ? `${sign}€${number}` : `${sign}${number}${NO_BREAK_SPACE}€`;
}

/**
 * The price formatter of SPEC §9, two decimals: integer euro cents -> '12,40 €' (et) or '€12.40'
 * (en). For every sum that is charged or paid: document prices, basket lines and totals, purchases,
 * fees, payouts (docs/decisions/money-format.md).
 */
export function formatPrice(cents: number, language: Language): string {
  return euros(cents, 2, language);
}

/**
 * Money in euros without decimals (SPEC §9): 100000 -> '1000 €' / '€1,000'. For round figures and
 * overviews where cents say nothing: limits and fees stated in texts (1000 €, 150 €, 30 €), summary
 * tiles and chart axes. Rounds half up to whole euros.
 */
export function formatAmount(cents: number, language: Language): string {
  return euros(Math.round(cents / 100), 0, language);
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

let shopCalendar: Intl.DateTimeFormat | null = null;

/**
 * DD.MM.YYYY of the day it was in Estonia (Europe/Tallinn, the shop's calendar: utils/period.ts), the
 * same wherever it is written: the server renders a page in its own time zone and the browser then
 * shows the same page in its own, and both must write the same day.
 */
export function formatShopDate(value: string | Date | null | undefined): string {
  const date = value == null ? null : parse(value);
  if (!date) return '';
  // Made on first use: a page without dates does not pay for ICU's time zone data.
  shopCalendar ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const [year, month, day] = shopCalendar.format(date).split('-');
  return `${day}.${month}.${year}`;
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
