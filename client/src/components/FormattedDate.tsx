import { formatDate, formatShopDate } from '../utils/format';

/**
 * A date as DD.MM.YYYY: the day in the browser's time zone, or with `calendar="shop"` the day in Estonia,
 * for a fact of the shop that a page rendered on the server shows (a document's dates).
 */
export function FormattedDate({ value, calendar }: { value: string | null | undefined; calendar?: 'shop' }) {
  if (!value) return null;
  return <time dateTime={value}>{calendar === 'shop' ? formatShopDate(value) : formatDate(value)}</time>;
}
