import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { LoadError } from '../../../components/LoadError';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { useUiActions } from '../../../stores/ui-store';
import { countryName } from '../../../utils/countries';
import { saveDownload } from '../../../utils/save-download';
import { ratePercent } from '../../../utils/vat-rate';
import {
  type VatReconciliation,
  type VatSaleRef,
  downloadKmdCsv,
  downloadOssCsv,
  useKmdReturn,
  useOssReturn,
} from '../api/get-vat-returns';
import { AuditorOnly } from './AuditorOnly';
import './accounting.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const QUARTER = /^\d{4}-Q[1-4]$/;

/** This month in Estonian time, `YYYY-MM`, and its quarter. */
function current(): { month: string; quarter: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date());
  const month = day.slice(0, 7);
  return { month, quarter: `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}` };
}

/** KMD's line numbers as text keys (a key may not hold i18next's dots): `3.1` → `L3_1`, `1²` → `L1_2`. */
const KMD_LINE_KEYS: Readonly<Record<string, string>> = {
  '1': 'L1',
  '1¹': 'L1_1',
  '1²': 'L1_2',
  '3': 'L3',
  '3.1': 'L3_1',
  '4': 'L4',
};

function kmdLineLabel(t: TFunction, key: string): string {
  const textKey = KMD_LINE_KEYS[key];
  return textKey ? t(`VAT_RETURNS.KMD_LINE.${textKey}`) : key;
}

/** The purchases behind a figure, each opening the journal at its postings. */
function Purchases({ sales }: { sales: VatSaleRef[] }) {
  const path = useLocalizedPath();
  if (sales.length === 0) return <>—</>;
  return (
    <ul className="vat-returns__purchases">
      {sales.map((sale) => (
        <li key={sale.purchaseId}>
          <Link to={`${path('accountingjournal')}?purchaseId=${sale.purchaseId}`}>
            {sale.documentNumber ?? sale.purchaseNumber}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Reconciled({ reconciliation, testId }: { reconciliation: VatReconciliation; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const euros = (cents: number) =>
    new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-US', {
      style: 'currency',
      currency: 'EUR',
    }).format(cents / 100);
  return (
    <p
      className={`notice ${reconciliation.balances ? 'notice--success' : 'notice--danger'}`}
      role="status"
      data-testid={testId}
      data-balances={reconciliation.balances}
    >
      {reconciliation.balances
        ? t('VAT_RETURNS.RECONCILED', { ledger: euros(reconciliation.ledger) })
        : t('VAT_RETURNS.NOT_RECONCILED', {
            ledger: euros(reconciliation.ledger),
            returned: euros(reconciliation.returned),
          })}
    </p>
  );
}

function Kmd({ month }: { month: string }) {
  const { t } = useTranslation();
  const kmd = useKmdReturn(month);
  const data = kmd.data;
  if (kmd.isPending) return <TableSkeleton />;
  if (kmd.isError || !data) return <LoadError onRetry={kmd.refetch} />;
  return (
    <>
      <Reconciled reconciliation={data.reconciliation} testId="kmd-reconciliation" />
      <table className="table" data-testid="kmd-lines">
        <caption className="visually-hidden">{t('VAT_RETURNS.KMD_TITLE')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('VAT_RETURNS.LINE')}</th>
            <th scope="col" className="table__num">
              {t('VAT_RETURNS.TAXABLE')}
            </th>
            <th scope="col" className="table__num">
              {t('VAT_RETURNS.VAT')}
            </th>
            <th scope="col">{t('VAT_RETURNS.PURCHASES')}</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={line.key} data-testid={`kmd-line-${line.key}`}>
              <th scope="row">{kmdLineLabel(t, line.key)}</th>
              <td className="table__num">{line.key === '4' ? '' : <Money cents={line.taxableAmount} />}</td>
              <td className="table__num">
                {line.key === '3' || line.key === '3.1' ? '' : <Money cents={line.vatAmount} />}
              </td>
              <td>{line.key === '4' ? '' : <Purchases sales={line.sales} />}</td>
            </tr>
          ))}
          <tr data-testid="kmd-oss">
            <th scope="row">{t('VAT_RETURNS.OSS_ON_KMD')}</th>
            <td className="table__num">
              <Money cents={data.oss.taxableAmount} />
            </td>
            <td className="table__num">
              <Money cents={data.oss.vatAmount} />
            </td>
            <td>
              <Purchases sales={data.oss.sales} />
            </td>
          </tr>
          <tr data-testid="kmd-outside-eu">
            <th scope="row">{t('VAT_RETURNS.OUTSIDE_EU')}</th>
            <td className="table__num">
              <Money cents={data.outsideEu.taxableAmount} />
            </td>
            <td className="table__num" />
            <td>
              <Purchases sales={data.outsideEu.sales} />
            </td>
          </tr>
        </tbody>
      </table>
      <p className="hint">
        {t('VAT_RETURNS.VAT_BY_FORM', {
          amount: (data.vatDueByForm / 100).toFixed(2),
          charged: (data.vatDue / 100).toFixed(2),
        })}
      </p>
      <h3>{t('VAT_RETURNS.VD_TITLE')}</h3>
      {data.ecSalesList.length === 0 ? (
        <p className="hint">{t('VAT_RETURNS.NONE')}</p>
      ) : (
        <table className="table" data-testid="kmd-vd">
          <caption className="visually-hidden">{t('VAT_RETURNS.VD_TITLE')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('VAT_RETURNS.VAT_NUMBER')}</th>
              <th scope="col" className="table__num">
                {t('VAT_RETURNS.TAXABLE')}
              </th>
              <th scope="col">{t('VAT_RETURNS.PURCHASES')}</th>
            </tr>
          </thead>
          <tbody>
            {data.ecSalesList.map((entry) => (
              <tr key={entry.vatNumber}>
                <th scope="row">{entry.vatNumber}</th>
                <td className="table__num">
                  <Money cents={entry.taxableAmount} />
                </td>
                <td>
                  <Purchases sales={entry.sales} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function Oss({ quarter }: { quarter: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const oss = useOssReturn(quarter);
  const data = oss.data;
  if (oss.isPending) return <TableSkeleton />;
  if (oss.isError || !data) return <LoadError onRetry={oss.refetch} />;
  return (
    <>
      <Reconciled reconciliation={data.reconciliation} testId="oss-reconciliation" />
      {data.lines.length === 0 ? (
        <p className="hint">{t('VAT_RETURNS.NONE')}</p>
      ) : (
        <table className="table" data-testid="oss-lines">
          <caption className="visually-hidden">{t('VAT_RETURNS.OSS_TITLE')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('VAT_RETURNS.COUNTRY')}</th>
              <th scope="col" className="table__num">
                {t('VAT_RETURNS.RATE')}
              </th>
              <th scope="col" className="table__num">
                {t('VAT_RETURNS.TAXABLE')}
              </th>
              <th scope="col" className="table__num">
                {t('VAT_RETURNS.VAT')}
              </th>
              <th scope="col">{t('VAT_RETURNS.PURCHASES')}</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.key} data-testid={`oss-line-${line.key}`}>
                <th scope="row">{countryName(line.country, language)}</th>
                <td className="table__num">{ratePercent(line.rate ?? 0, language)} %</td>
                <td className="table__num">
                  <Money cents={line.taxableAmount} />
                </td>
                <td className="table__num">
                  <Money cents={line.vatAmount} />
                </td>
                <td>
                  <Purchases sales={line.sales} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * The accountant's VAT returns (route accountingvat): a month's KMD figures and a quarter's One-Stop Shop
 * return, each figure with the purchases behind it and reconciled with the ledger, each exported as CSV.
 */
export function VatReturnsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.VAT_RETURNS'));
  const [params, setParams] = useSearchParams();
  const { errorOccurred } = useUiActions();
  const now = current();
  const month = MONTH.test(params.get('month') ?? '') ? params.get('month')! : now.month;
  const quarter = QUARTER.test(params.get('quarter') ?? '') ? params.get('quarter')! : now.quarter;
  const change = (field: 'month' | 'quarter', value: string) =>
    setParams({ month, quarter, [field]: value }, { replace: true });
  const year = Number(now.quarter.slice(0, 4));
  const quarters = [year, year - 1].flatMap((y) => [4, 3, 2, 1].map((q) => `${y}-Q${q}`));

  return (
    <AuditorOnly title={t('ACCOUNT.VAT_RETURNS')}>
      <div className="page accounting">
        <h1 className="page__title">{t('VAT_RETURNS.TITLE')}</h1>
        <section className="card report-section" aria-labelledby="vat-kmd-title">
          <h2 id="vat-kmd-title" className="card__title">
            {t('VAT_RETURNS.KMD_TITLE')}
          </h2>
          <div className="accounting-filters">
            <div className="field">
              <label htmlFor="vat-month" className="field__label">
                {t('VAT_RETURNS.MONTH')}
              </label>
              <input
                id="vat-month"
                type="month"
                className="field__control"
                value={month}
                onChange={(e) => MONTH.test(e.target.value) && change('month', e.target.value)}
                data-testid="vat-month"
              />
            </div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void downloadKmdCsv(month).then(
                  (file) => saveDownload(file, `kmd-${month}.csv`),
                  errorOccurred,
                )
              }
              data-testid="kmd-csv"
            >
              {t('VAT_RETURNS.EXPORT_KMD')}
            </button>
          </div>
          <Kmd month={month} />
        </section>
        <section className="card report-section" aria-labelledby="vat-oss-title">
          <h2 id="vat-oss-title" className="card__title">
            {t('VAT_RETURNS.OSS_TITLE')}
          </h2>
          <div className="accounting-filters">
            <div className="field">
              <label htmlFor="vat-quarter" className="field__label">
                {t('VAT_RETURNS.QUARTER')}
              </label>
              <select
                id="vat-quarter"
                className="field__control"
                value={quarter}
                onChange={(e) => change('quarter', e.target.value)}
                data-testid="vat-quarter"
              >
                {(quarters.includes(quarter) ? quarters : [quarter, ...quarters]).map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void downloadOssCsv(quarter).then(
                  (file) => saveDownload(file, `oss-return-${quarter}.csv`),
                  errorOccurred,
                )
              }
              data-testid="oss-csv"
            >
              {t('VAT_RETURNS.EXPORT_OSS')}
            </button>
          </div>
          <Oss quarter={quarter} />
        </section>
      </div>
    </AuditorOnly>
  );
}
