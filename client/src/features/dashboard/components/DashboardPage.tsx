import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import type { Dashboard } from '../../../api/money-types';
import { LazyMoneyBarChart } from '../../../components/charts/LazyMoneyBarChart';
import { Fact, FactsCard } from '../../../components/Facts';
import { Money } from '../../../components/Money';
import { PeriodFields } from '../../../components/PeriodFields';
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
    <Fact label={label}>
      <Money cents={cents} format="amount" testId={testId} />
    </Fact>
  );
  const count = (label: string, value: number, testId: string) => (
    <Fact label={label} testId={testId}>
      {value}
    </Fact>
  );

  return (
    <div className="page dashboard">
      <h1 className="page__title">{t('ACCOUNT.DASHBOARD')}</h1>
      <fieldset className="dashboard__period">
        <legend className="visually-hidden">{t('SALES.PERIOD')}</legend>
        <PeriodFields prefix="dashboard" from={period.from} to={period.to} onChange={change} />
      </fieldset>
      {dashboard.isPending && <TableSkeleton />}
      {dashboard.isError && <LoadError onRetry={dashboard.refetch} error={dashboard.error} />}
      {data && (
        <>
          <FactsCard className="dashboard-figures-card" listClassName="dashboard-figures">
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
          </FactsCard>
          <FactsCard className="dashboard-figures-card" listClassName="dashboard-figures">
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
          </FactsCard>
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
