import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { yearToDate } from '../../../utils/period';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period in the address (?from=&to=), the year so far by default; `valid` is false when its From is
 * after its To (a link typed or kept by hand): the screen does not ask for it, the picker says why.
 */
export function usePeriodParams(): { from: string; to: string; valid: boolean } {
  const [params] = useSearchParams();
  const fallback = yearToDate();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = { from: DAY.test(from) ? from : fallback.from, to: DAY.test(to) ? to : fallback.to };
  return { ...period, valid: period.from <= period.to };
}

/**
 * From/to date fields that keep the period in the address, so a period can be linked and reloaded. A From
 * after the To is said at the fields and never reaches the address: the screen keeps the figures of the
 * period before (and the server is never asked for a period it would refuse).
 */
export function PeriodPicker({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const period = usePeriodParams();
  const [draft, setDraft] = useState({ from: period.from, to: period.to });
  // Another address (a link, Back): the fields show its period again.
  const [seen, setSeen] = useState(period);
  if (seen.from !== period.from || seen.to !== period.to) {
    setSeen(period);
    setDraft({ from: period.from, to: period.to });
  }

  const change = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (!DAY.test(next.from) || !DAY.test(next.to) || next.from > next.to) return;
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('from', next.from);
        params.set('to', next.to);
        return params;
      },
      { replace: true },
    );
  };

  const reversed = DAY.test(draft.from) && DAY.test(draft.to) && draft.from > draft.to;
  const errorId = `${idPrefix}-error`;
  const invalid = reversed ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
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
          value={draft.from}
          onChange={(event) => change('from', event.target.value)}
          {...invalid}
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
          value={draft.to}
          onChange={(event) => change('to', event.target.value)}
          {...invalid}
          data-testid="period-to"
        />
      </div>
      <p
        className="field__error period-picker__error"
        id={errorId}
        aria-live="polite"
        data-testid="period-error"
      >
        {reversed ? t(period.valid ? 'SALES.PERIOD_FROM_AFTER_TO' : 'SALES.PERIOD_FROM_AFTER_TO_ALONE') : ''}
      </p>
    </fieldset>
  );
}
