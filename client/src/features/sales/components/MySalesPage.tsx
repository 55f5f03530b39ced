import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import type { SalesSummary } from '../../../api/money-types';
import { LazyMoneyBarChart } from '../../../components/charts/LazyMoneyBarChart';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { formatDate, formatMoney, formatAmount } from '../../../utils/format';
import { formatDay } from '../../../utils/period';
import { useSales } from '../api/get-sales';
import { PeriodPicker, usePeriodParams } from './PeriodPicker';
import './sales.css';
import { DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';

/** A tile: its figure, and (note) what it counts, said under it. */
function Figure({
  label,
  cents,
  testId,
  note,
}: {
  label: string;
  cents: number;
  testId: string;
  note?: string;
}) {
  return (
    <div className="money-figure">
      <dt className="money-figure__label">{label}</dt>
      <dd className="money-figure__value">
        <Money cents={cents} format="amount" testId={testId} />
      </dd>
      {note && (
        <dd className="money-figure__note" data-testid={`${testId}-note`}>
          {note}
        </dd>
      )}
    </div>
  );
}

/** Earnings per month (or per day for a period of two months or less), for the chart. */
function chartRows(summary: SalesSummary) {
  const { from, to } = summary.period;
  const byDay = Date.parse(to) - Date.parse(from) <= 62 * 86_400_000;
  const rows = new Map<string, { earned: number; licenceFees: number }>();
  for (const point of summary.series) {
    const key = byDay ? formatDay(point.day) : `${point.day.slice(5, 7)}.${point.day.slice(0, 4)}`;
    const row = rows.get(key) ?? { earned: 0, licenceFees: 0 };
    rows.set(key, { earned: row.earned + point.earned, licenceFees: row.licenceFees + point.licenceFees });
  }
  return [...rows].map(([label, row]) => ({ label, ...row }));
}

/** My sales (route usersales): SPEC §2's totals for a period, the balance, documents, sales and downloads. */
export function MySalesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.MY_SALES'));
  const language = useLanguage();
  const path = useLocalizedPath();
  const user = useSessionUser();
  const period = usePeriodParams();
  const sales = useSales(user?.id, period);
  const summary = sales.data;

  return (
    <div className="page money-page">
      <div className="money-page__head">
        <h1 className="page__title">{t('ACCOUNT.MY_SALES')}</h1>
        <Link to={path('userpayout')} className="button button--primary" data-testid="request-payout">
          {t('SALES.REQUEST_PAYOUT')}
        </Link>
      </div>
      <PeriodPicker idPrefix="sales-period" />

      {sales.isPending && <TableSkeleton />}
      {sales.isError && <LoadError onRetry={sales.refetch} error={sales.error} />}
      {summary && (
        <>
          <section aria-labelledby="sales-totals" className="card">
            <h2 id="sales-totals" className="card__title">
              {t('SALES.TOTALS')}
            </h2>
            <dl className="money-figures">
              <Figure
                label={t('SALES.BUYERS_PAID')}
                cents={summary.totals.purchased + summary.totals.vat}
                testId="sales-buyers-paid"
                note={t('SALES.BUYERS_PAID_NOTE')}
              />
              <Figure
                label={t('SALES.PURCHASED')}
                cents={summary.totals.purchased}
                testId="sales-purchased"
                note={t('SALES.PURCHASED_NOTE')}
              />
              <Figure
                label={t('SALES.IN_TOTAL')}
                cents={summary.totals.earned}
                testId="sales-in-total"
                note={t('SALES.IN_TOTAL_NOTE')}
              />
              <Figure
                label={t('SALES.HELD_TILE')}
                cents={summary.balance.held}
                testId="sales-held"
                note={
                  summary.balance.releases[0]
                    ? t(summary.balance.releases.length > 1 ? 'SALES.HELD_UNTIL_FIRST' : 'SALES.HELD_UNTIL', {
                        date: formatDate(summary.balance.releases[0].releasedAt),
                      })
                    : t('SALES.HELD_NONE')
                }
              />
              <Figure
                label={t('SALES.PENDING')}
                cents={summary.totals.pending}
                testId="sales-pending"
                note={t('SALES.PENDING_NOTE')}
              />
              <Figure
                label={t('SALES.PAID_OUT')}
                cents={summary.totals.paidOut}
                testId="sales-paid-out"
                note={t('SALES.PAID_OUT_NOTE')}
              />
            </dl>
            <h3 className="money-page__subtitle">{t('SALES.FEE_SPLIT')}</h3>
            <dl className="money-figures money-figures--small">
              <Figure
                label={t('SALES.LICENCE_FEES')}
                cents={summary.totals.purchased}
                testId="sales-licence-fees"
              />
              <Figure
                label={t('SALES.SERVICE_FEE')}
                cents={summary.totals.serviceFees}
                testId="sales-service-fees"
              />
              <Figure label={t('SALES.VAT')} cents={summary.totals.vat} testId="sales-vat" />
              <Figure
                label={t('SALES.TRANSFER_FEES')}
                cents={summary.totals.transferFees}
                testId="sales-transfer-fees"
              />
            </dl>
          </section>

          <section aria-labelledby="sales-balance" className="card">
            <h2 id="sales-balance" className="card__title">
              {t('SALES.BALANCE')}
            </h2>
            <p className="money-available">
              {t('SALES.AVAILABLE')}: <Money cents={summary.balance.available} testId="sales-available" />
            </p>
            {summary.balance.releases.length > 0 && (
              <>
                <p className="hint">
                  {t('SALES.HELD', { days: summary.balance.holdDays })}{' '}
                  {t(`SALES.HOLD_REASON.${summary.balance.holdReason}`)}
                </p>
                <ul className="money-releases" data-testid="sales-releases">
                  {summary.balance.releases.map((r) => (
                    <li key={r.releasedAt}>
                      <Money cents={r.amount} /> {t('SALES.AVAILABLE_FROM')}{' '}
                      <FormattedDate value={r.releasedAt} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {summary.series.length > 0 && (
            <LazyMoneyBarChart
              caption={t('SALES.CHART_CAPTION', {
                from: formatDay(summary.period.from),
                to: formatDay(summary.period.to),
              })}
              rows={chartRows(summary)}
              series={[
                { key: 'licenceFees', label: t('SALES.LICENCE_FEES'), color: '#8aa9d6' },
                { key: 'earned', label: t('SALES.IN_TOTAL'), color: '#1f5fa8' },
              ]}
              formatValue={(cents) => formatMoney(cents, language)}
              formatAxis={(cents) => formatAmount(cents, language)}
              testId="sales-chart"
            />
          )}

          <section aria-labelledby="sales-documents">
            <h2 id="sales-documents" className="money-page__section">
              {t('SALES.DOCUMENTS')}
            </h2>
            {summary.documents.length === 0 ? (
              <p className="empty-state__text" data-testid="sales-none">
                {t('SALES.NONE')}
              </p>
            ) : (
              <DataTable caption={t('SALES.DOCUMENTS')} testId="sales-documents">
                <thead>
                  <tr>
                    <th scope="col">{t('SALES.DOCUMENT')}</th>
                    <th scope="col" className="table__num">
                      {t('SALES.SOLD')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.DOWNLOADS')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.LICENCE_FEES')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.SERVICE_FEE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.IN_TOTAL')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.documents.map((d) => (
                    <tr key={d.documentId} data-testid="sales-document-row">
                      <th scope="row">{d.title}</th>
                      <td className="table__num">{d.sold}</td>
                      <td className="table__num">{d.downloads}</td>
                      <td className="table__num">
                        <Money cents={d.licenceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.serviceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.earned} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>

          {summary.sales.length > 0 && (
            <section aria-labelledby="sales-list">
              <h2 id="sales-list" className="money-page__section">
                {t('SALES.SALES')}
              </h2>
              <DataTable caption={t('SALES.SALES')} testId="sales-rows">
                <thead>
                  <tr>
                    <th scope="col">{t('SALES.PAID_AT')}</th>
                    <th scope="col">{t('SALES.DOCUMENT')}</th>
                    <th scope="col" className="table__num">
                      {t('SALES.PRICE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.VAT')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.LICENCE_FEE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.SERVICE_FEE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.EARNED')}
                    </th>
                    <th scope="col">{t('SALES.AVAILABLE_FROM_COLUMN')}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.sales.map((s) => (
                    <tr
                      key={`${s.eventId}-${s.documentId}`}
                      data-testid="sales-row"
                      data-kind={s.kind}
                      className={s.kind === 'refund' ? 'sales-row--refund' : undefined}
                    >
                      <td>
                        <FormattedDate value={s.paidAt} />
                      </td>
                      <th scope="row">
                        {s.title}
                        {s.kind === 'refund' && (
                          <span className="hint sales-row__refund" data-testid="sales-refund-reason">
                            {t('SALES.REFUND_LINE', { reason: s.reason ?? '' })}
                          </span>
                        )}
                      </th>
                      <td className="table__num">
                        <Money cents={s.price} />
                      </td>
                      <td className="table__num">
                        <Money cents={s.vat} />
                      </td>
                      <td className="table__num">
                        <Money cents={s.licenceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={s.serviceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={s.earned} />
                      </td>
                      <td>
                        <FormattedDate value={s.releasedAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </section>
          )}

          <section aria-labelledby="sales-downloads">
            <h2 id="sales-downloads" className="money-page__section">
              {t('SALES.DOWNLOAD_HISTORY')}
            </h2>
            {summary.downloads.length === 0 ? (
              <p className="empty-state__text">{t('SALES.NO_DOWNLOADS')}</p>
            ) : (
              <DataTable caption={t('SALES.DOWNLOAD_HISTORY')} testId="sales-downloads">
                <thead>
                  <tr>
                    <th scope="col">{t('SALES.DOWNLOAD_DATE')}</th>
                    <th scope="col">{t('SALES.DOCUMENT')}</th>
                    <th scope="col">{t('SALES.FILE')}</th>
                    <th scope="col" className="table__num">
                      {t('SALES.AMOUNT')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.downloads.map((d, index) => (
                    <tr key={`${d.downloadedAt}-${index}`} data-testid="sales-download-row">
                      <td>
                        <FormattedDate value={d.downloadedAt} />
                      </td>
                      <td>{d.documentTitle}</td>
                      <td>{d.archive ? t('SALES.ALL_FILES_ZIP') : d.fileTitle}</td>
                      <td className="table__num">
                        <Money cents={d.amount} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>
        </>
      )}
    </div>
  );
}
