import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import type { SalesSummary } from '../../../api/money-types';
import { LazyMoneyBarChart } from '../../../components/charts/LazyMoneyBarChart';
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
import { Card } from '../../../components/Card';
import { DataTable } from '../../../components/DataTable';
import { BalanceReleases, earningsColumns } from './sales-parts';
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
          <Card title={t('SALES.TOTALS')} titleId="sales-totals">
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
          </Card>

          <Card title={t('SALES.BALANCE')} titleId="sales-balance">
            <p className="money-available">
              {t('SALES.AVAILABLE')}: <Money cents={summary.balance.available} testId="sales-available" />
            </p>
            <BalanceReleases balance={summary.balance} testId="sales-releases" />
          </Card>

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

          <DataTable
            title={t('SALES.DOCUMENTS')}
            titleId="sales-documents"
            testId="sales-documents"
            empty={
              <p className="empty-state__text" data-testid="sales-none">
                {t('SALES.NONE')}
              </p>
            }
            rows={summary.documents}
            rowKey={(d) => d.documentId}
            rowAttributes={() => ({ 'data-testid': 'sales-document-row' })}
            columns={[
              { key: 'title', header: t('SALES.DOCUMENT'), rowHeader: true, cell: (d) => d.title },
              { key: 'sold', header: t('SALES.SOLD'), num: true, cell: (d) => d.sold },
              { key: 'downloads', header: t('SALES.DOWNLOADS'), num: true, cell: (d) => d.downloads },
              { key: 'licenceFee', header: t('SALES.LICENCE_FEES'), money: (d) => d.licenceFee },
              { key: 'serviceFee', header: t('SALES.SERVICE_FEE'), money: (d) => d.serviceFee },
              { key: 'earned', header: t('SALES.IN_TOTAL'), money: (d) => d.earned },
            ]}
          />

          {summary.sales.length > 0 && (
            <DataTable
              title={t('SALES.SALES')}
              titleId="sales-list"
              testId="sales-rows"
              rows={summary.sales}
              rowKey={(s) => `${s.eventId}-${s.documentId}`}
              rowAttributes={(s) => ({
                'data-testid': 'sales-row',
                'data-kind': s.kind,
                className: s.kind === 'refund' ? 'sales-row--refund' : undefined,
              })}
              columns={[
                { key: 'paidAt', header: t('SALES.PAID_AT'), date: (s) => s.paidAt },
                {
                  key: 'title',
                  header: t('SALES.DOCUMENT'),
                  rowHeader: true,
                  cell: (s) => (
                    <>
                      {s.title}
                      {s.kind === 'refund' && (
                        <span className="hint sales-row__refund" data-testid="sales-refund-reason">
                          {t('SALES.REFUND_LINE', { reason: s.reason ?? '' })}
                        </span>
                      )}
                    </>
                  ),
                },
                { key: 'price', header: t('SALES.PRICE'), money: (s) => s.price },
                { key: 'vat', header: t('SALES.VAT'), money: (s) => s.vat },
                ...earningsColumns<(typeof summary.sales)[number]>(t),
                { key: 'releasedAt', header: t('SALES.AVAILABLE_FROM_COLUMN'), date: (s) => s.releasedAt },
              ]}
            />
          )}

          <DataTable
            title={t('SALES.DOWNLOAD_HISTORY')}
            titleId="sales-downloads"
            testId="sales-downloads"
            empty={<p className="empty-state__text">{t('SALES.NO_DOWNLOADS')}</p>}
            rows={summary.downloads}
            rowKey={(d, index) => `${d.downloadedAt}-${index}`}
            rowAttributes={() => ({ 'data-testid': 'sales-download-row' })}
            columns={[
              { key: 'downloadedAt', header: t('SALES.DOWNLOAD_DATE'), date: (d) => d.downloadedAt },
              { key: 'document', header: t('SALES.DOCUMENT'), cell: (d) => d.documentTitle },
              {
                key: 'file',
                header: t('SALES.FILE'),
                cell: (d) => (d.archive ? t('SALES.ALL_FILES_ZIP') : d.fileTitle),
              },
              { key: 'amount', header: t('SALES.AMOUNT'), money: (d) => d.amount },
            ]}
          />
        </>
      )}
    </div>
  );
}
