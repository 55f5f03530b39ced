import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { yearToDate } from '../../../utils/period';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (?from=&to=), the year so far by default. */
export function usePeriodParams(): { from: string; to: string } {
  const [params] = useSearchParams();
  const fallback = yearToDate();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { from: DAY.test(from) ? from : fallback.from, to: DAY.test(to) ? to : fallback.to };
}

/** From/to date fields that keep the period in the address, so a period can be linked and reloaded. */
export function PeriodPicker({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const period = usePeriodParams();
  const change = (field: 'from' | 'to', value: string) => {
    if (!DAY.test(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', field === 'from' ? value : period.from);
        next.set('to', field === 'to' ? value : period.to);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <fieldset className="period-picker">
      <legend className="visually-hidden">{t('SALES.PERIOD')}</legend>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`} className="field__label">
          {t('SALES.FROM')}
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          className="field__control"
          value={period.from}
          max={period.to}
          onChange={(event) => change('from', event.target.value)}
          data-testid="period-from"
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`} className="field__label">
          {t('SALES.TO')}
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          className="field__control"
          value={period.to}
          min={period.from}
          onChange={(event) => change('to', event.target.value)}
          data-testid="period-to"
        />
      </div>
    </fieldset>
  );
}
