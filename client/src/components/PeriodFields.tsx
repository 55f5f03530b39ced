import { useTranslation } from '../i18n';
import { TextField } from './FormField';

/**
 * A period's two labelled date fields, "From" and "To", each bounded by the other (dashboard, the
 * accountant's report and journal). Ids and test ids are `<prefix>-from` and `<prefix>-to`.
 */
export function PeriodFields({
  prefix,
  from,
  to,
  onChange,
  testIds = false,
}: {
  prefix: string;
  from: string;
  to: string;
  onChange: (field: 'from' | 'to', value: string) => void;
  /** Give the inputs test ids (where a test reaches them by one). */
  testIds?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-from`}
        label={t('SALES.FROM')}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(value) => onChange('from', value)}
        data-testid={testIds ? `${prefix}-from` : undefined}
      />
      <TextField
        id={`${prefix}-to`}
        label={t('SALES.TO')}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(value) => onChange('to', value)}
        data-testid={testIds ? `${prefix}-to` : undefined}
      />
    </>
  );
}
