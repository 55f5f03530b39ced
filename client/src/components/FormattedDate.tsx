import { formatDate } from '../utils/format';

export function FormattedDate({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return <time dateTime={value}>{formatDate(value)}</time>;
}
