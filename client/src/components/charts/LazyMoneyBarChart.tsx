import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '../../i18n';
import { Spinner } from '../Spinner';
import './charts.css';
import type { ChartProps } from './chart-types';

const MoneyBarChart = lazy(() => import('./MoneyBarChart'));

/**
 * A bar chart in a figure with its caption, and the same figures as a table for screen readers (a chart
 * alone is not accessible). The chart code loads only when a chart is shown.
 */
export function LazyMoneyBarChart({
  caption,
  testId,
  ...props
}: ChartProps & { caption: string; testId?: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <figure className="money-chart" aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId} className="money-chart__caption">
        {caption}
      </figcaption>
      <div className="money-chart__plot">
        <Suspense fallback={<Spinner />}>
          <MoneyBarChart {...props} />
        </Suspense>
      </div>
      {/* The figures for screen readers; a table ignores the hiding class's size, so a box wraps it. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('SALES.PERIOD')}</th>
              {props.series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {props.series.map((s) => (
                  <td key={s.key}>{props.formatValue(Number(row[s.key] ?? 0))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
