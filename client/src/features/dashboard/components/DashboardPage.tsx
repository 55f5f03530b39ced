import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import type { Dashboard } from '../../../api/money-types';
import { LazyMoneyBarChart } from '../../../components/charts/LazyMoneyBarChart';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { formatMoney, formatAmount } from '../../../utils/format';
import { formatDay, yearToDate } from '../../../utils/period';
import { useDashboard } from '../api/get-dashboard';
import './dashboard.css';
import { LoadError } from '../../../components/LoadError';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Months of the period (or days, for two months or less), summing the daily figures. */
function byMonth(dashboard: Dashboard, pick: (d: Dashboard['days'][number]) => Record<string, number>) {
  const { from, to } = dashboard.period;
  const byDay = Date.parse(to) - Date.parse(from) <= 62 * 86_400_000;
  const rows = new Map<string, Record<string, number>>();
  for (const day of dashboard.days) {
    const key = byDay ? formatDay(day.day) : `${day.day.slice(5, 7)}.${day.day.slice(0, 4)}`;
    const row = rows.get(key) ?? {};
    for (const [name, value] of Object.entries(pick(day))) row[name] = (row[name] ?? 0) + value;
    rows.set(key, row);
  }
  return [...rows].map(([label, values]) => ({ label, ...values }));
}

/** The admin dashboard (route dashboard): sales, fees, VAT, payouts, documents and users over a period. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.DASHBOARD'));
  const language = useLanguage();
  const isAdmin = useSessionUser()?.isAdmin === true;
  const [params, setParams] = useSearchParams();
  const fallback = yearToDate();
  const period = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : fallback.from,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : fallback.to,
  };
  const dashboard = useDashboard(period, isAdmin);
  const data = dashboard.data;

  if (!isAdmin) {
    return (
      <div className="page">
        <h1 className="page__title">{t('ACCOUNT.DASHBOARD')}</h1>
        <p className="notice notice--danger" role="alert" data-testid="admin-only">
          {t('ERROR.ADMIN_ONLY')}
        </p>
      </div>
    );
  }
  const change = (field: 'from' | 'to', value: string) => {
    if (DAY.test(value)) setParams({ ...period, [field]: value }, { replace: true });
  };
  const money = (label: string, cents: number, testId: string) => (
    <div className="dashboard-figure">
      <dt>{label}</dt>
      <dd>
        <Money cents={cents} format="amount" testId={testId} />
      </dd>
    </div>
  );
  const count = (label: string, value: number, testId: string) => (
    <div className="dashboard-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );

  return (
    <div className="page dashboard">
      <h1 className="page__title">{t('ACCOUNT.DASHBOARD')}</h1>
      <fieldset className="dashboard__period">
        <legend className="visually-hidden">{t('SALES.PERIOD')}</legend>
        <div className="field">
          <label htmlFor="dashboard-from" className="field__label">
            {t('SALES.FROM')}
          </label>
          <input
            id="dashboard-from"
            type="date"
            className="field__control"
            value={period.from}
            max={period.to}
            onChange={(e) => change('from', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="dashboard-to" className="field__label">
            {t('SALES.TO')}
          </label>
          <input
            id="dashboard-to"
            type="date"
            className="field__control"
            value={period.to}
            min={period.from}
            onChange={(e) => change('to', e.target.value)}
          />
        </div>
      </fieldset>
      {dashboard.isPending && <TableSkeleton />}
      {dashboard.isError && <LoadError onRetry={dashboard.refetch} error={dashboard.error} />}
      {data && (
        <>
          <dl className="dashboard-figures card">
            {money(t('DASHBOARD.SALES'), data.totals.sales, 'dashboard-sales')}
            {money(t('DASHBOARD.REFUNDS'), data.totals.refunds, 'dashboard-refunds')}
            {money(t('DASHBOARD.VAT'), data.totals.vat, 'dashboard-vat')}
            {money(t('DASHBOARD.SERVICE_FEES'), data.totals.serviceFees, 'dashboard-service-fees')}
            {money(t('DASHBOARD.TRANSFER_FEES'), data.totals.transferFees, 'dashboard-transfer-fees')}
            {money(t('DASHBOARD.UPLOADER_EARNINGS'), data.totals.uploaderEarnings, 'dashboard-earnings')}
            {money(
              t('DASHBOARD.PAYOUTS_REQUESTED'),
              data.totals.payoutsRequested,
              'dashboard-payouts-requested',
            )}
            {money(t('DASHBOARD.PAYOUTS_PAID'), data.totals.payoutsPaid, 'dashboard-payouts-paid')}
          </dl>
          <dl className="dashboard-figures card">
            {count(t('DASHBOARD.PURCHASES'), data.totals.purchasesPaid, 'dashboard-purchases')}
            {count(t('DASHBOARD.DOCUMENTS_SOLD'), data.totals.documentsSold, 'dashboard-documents-sold')}
            {count(
              t('DASHBOARD.DOCUMENTS_CREATED'),
              data.totals.documentsCreated,
              'dashboard-documents-created',
            )}
            {count(t('DASHBOARD.DOCUMENTS_PUBLISHED_NOW'), data.totals.documents, 'dashboard-documents')}
            {count(
              t('DASHBOARD.USERS_REGISTERED'),
              data.totals.usersRegistered,
              'dashboard-users-registered',
            )}
            {count(t('DASHBOARD.USERS_NOW'), data.totals.users, 'dashboard-users')}
          </dl>
          {data.days.length > 0 && (
            <>
              <LazyMoneyBarChart
                caption={t('DASHBOARD.CHART_SALES')}
                rows={byMonth(data, (d) => ({
                  vat: d.vat,
                  serviceFees: d.serviceFees,
                  uploaderEarnings: d.uploaderEarnings,
                }))}
                series={[
                  { key: 'uploaderEarnings', label: t('DASHBOARD.UPLOADER_EARNINGS'), color: '#1f5fa8' },
                  { key: 'serviceFees', label: t('DASHBOARD.SERVICE_FEES'), color: '#2f9e6b' },
                  { key: 'vat', label: t('DASHBOARD.VAT'), color: '#c9821b' },
                ]}
                formatValue={(c) => formatMoney(c, language)}
                formatAxis={(c) => formatAmount(c, language)}
                testId="dashboard-chart-sales"
              />
              <LazyMoneyBarChart
                caption={t('DASHBOARD.CHART_PAYOUTS')}
                rows={byMonth(data, (d) => ({
                  payoutsRequested: d.payoutsRequested,
                  payoutsPaid: d.payoutsPaid,
                }))}
                series={[
                  { key: 'payoutsRequested', label: t('DASHBOARD.PAYOUTS_REQUESTED'), color: '#8aa9d6' },
                  { key: 'payoutsPaid', label: t('DASHBOARD.PAYOUTS_PAID'), color: '#1f5fa8' },
                ]}
                formatValue={(c) => formatMoney(c, language)}
                formatAxis={(c) => formatAmount(c, language)}
                testId="dashboard-chart-payouts"
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
