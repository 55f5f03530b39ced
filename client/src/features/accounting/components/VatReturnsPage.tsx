import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Download } from '../../../api/http';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { useTranslation } from '../../../i18n';
import { Card } from '../../../components/Card';
import { type Column, DataTable } from '../../../components/DataTable';
import { FormField } from '../../../components/FormField';
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

/** A line of a return: what it is, its taxable amount and VAT (empty where the form has none), its purchases. */
interface ReturnLine {
  readonly key: string;
  readonly testId?: string;
  readonly label: string;
  readonly rate?: string;
  readonly taxable: number | null;
  readonly vat?: number | null;
  readonly sales: VatSaleRef[] | null;
}

const amount = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : <Money cents={cents} />;

/** One table for every part of the returns: the line, its rate where it has one, the figures, the purchases. */
function ReturnTable({
  caption,
  testId,
  labelHeader,
  lines,
  withRate = false,
  withVat = true,
}: {
  caption: string;
  testId: string;
  labelHeader: string;
  lines: readonly ReturnLine[];
  withRate?: boolean;
  withVat?: boolean;
}) {
  const { t } = useTranslation();
  const columns: Column<ReturnLine>[] = [
    { key: 'label', header: labelHeader, rowHeader: true, cell: (line) => line.label },
    ...(withRate
      ? [{ key: 'rate', header: t('VAT_RETURNS.RATE'), num: true, cell: (l: ReturnLine) => l.rate }]
      : []),
    { key: 'taxable', header: t('VAT_RETURNS.TAXABLE'), num: true, cell: (line) => amount(line.taxable) },
    ...(withVat
      ? [{ key: 'vat', header: t('VAT_RETURNS.VAT'), num: true, cell: (l: ReturnLine) => amount(l.vat) }]
      : []),
    {
      key: 'sales',
      header: t('VAT_RETURNS.PURCHASES'),
      cell: (line) => (line.sales === null ? '' : <Purchases sales={line.sales} />),
    },
  ];
  return (
    <DataTable
      caption={caption}
      testId={testId}
      card={false}
      rows={lines}
      rowKey={(line) => line.key}
      rowAttributes={(line) => ({ 'data-testid': line.testId })}
      columns={columns}
    />
  );
}

function Kmd({ month }: { month: string }) {
  const { t } = useTranslation();
  const kmd = useKmdReturn(month);
  const data = kmd.data;
  if (kmd.isPending) return <TableSkeleton />;
  if (kmd.isError || !data) return <LoadError onRetry={kmd.refetch} />;
  const lines: ReturnLine[] = [
    ...data.lines.map((line) => ({
      key: line.key,
      testId: `kmd-line-${line.key}`,
      label: kmdLineLabel(t, line.key),
      taxable: line.key === '4' ? null : line.taxableAmount,
      vat: line.key === '3' || line.key === '3.1' ? null : line.vatAmount,
      sales: line.key === '4' ? null : line.sales,
    })),
    {
      key: 'oss',
      testId: 'kmd-oss',
      label: t('VAT_RETURNS.OSS_ON_KMD'),
      taxable: data.oss.taxableAmount,
      vat: data.oss.vatAmount,
      sales: data.oss.sales,
    },
    {
      key: 'outside-eu',
      testId: 'kmd-outside-eu',
      label: t('VAT_RETURNS.OUTSIDE_EU'),
      taxable: data.outsideEu.taxableAmount,
      vat: null,
      sales: data.outsideEu.sales,
    },
  ];
  return (
    <>
      <Reconciled reconciliation={data.reconciliation} testId="kmd-reconciliation" />
      <ReturnTable
        caption={t('VAT_RETURNS.KMD_TITLE')}
        testId="kmd-lines"
        labelHeader={t('VAT_RETURNS.LINE')}
        lines={lines}
      />
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
        <ReturnTable
          caption={t('VAT_RETURNS.VD_TITLE')}
          testId="kmd-vd"
          labelHeader={t('VAT_RETURNS.VAT_NUMBER')}
          withVat={false}
          lines={data.ecSalesList.map((entry) => ({
            key: entry.vatNumber,
            label: entry.vatNumber,
            taxable: entry.taxableAmount,
            sales: entry.sales,
          }))}
        />
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
        <ReturnTable
          caption={t('VAT_RETURNS.OSS_TITLE')}
          testId="oss-lines"
          labelHeader={t('VAT_RETURNS.COUNTRY')}
          withRate
          lines={data.lines.map((line) => ({
            key: line.key,
            testId: `oss-line-${line.key}`,
            label: countryName(line.country, language),
            rate: `${ratePercent(line.rate ?? 0, language)} %`,
            taxable: line.taxableAmount,
            vat: line.vatAmount,
            sales: line.sales,
          }))}
        />
      )}
    </>
  );
}

/** A return's card: its period field, its CSV export, and the return itself. */
function ReturnSection({
  title,
  titleId,
  field,
  exportButton,
  children,
}: {
  title: string;
  titleId: string;
  field: ReactNode;
  exportButton: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} titleId={titleId} className="report-section">
      <div className="accounting-filters">
        {field}
        {exportButton}
      </div>
      {children}
    </Card>
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
  const exportButton = (testId: string, label: string, download: () => Promise<Download>, name: string) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void download().then((file) => saveDownload(file, name), errorOccurred)}
      data-testid={testId}
    >
      {label}
    </button>
  );

  return (
    <AuditorOnly title={t('ACCOUNT.VAT_RETURNS')}>
      <div className="page accounting">
        <h1 className="page__title">{t('VAT_RETURNS.TITLE')}</h1>
        <ReturnSection
          title={t('VAT_RETURNS.KMD_TITLE')}
          titleId="vat-kmd-title"
          field={
            <FormField id="vat-month" label={t('VAT_RETURNS.MONTH')}>
              {(tie) => (
                <input
                  {...tie}
                  type="month"
                  className="field__control"
                  value={month}
                  onChange={(e) => MONTH.test(e.target.value) && change('month', e.target.value)}
                  data-testid="vat-month"
                />
              )}
            </FormField>
          }
          exportButton={exportButton(
            'kmd-csv',
            t('VAT_RETURNS.EXPORT_KMD'),
            () => downloadKmdCsv(month),
            `kmd-${month}.csv`,
          )}
        >
          <Kmd month={month} />
        </ReturnSection>
        <ReturnSection
          title={t('VAT_RETURNS.OSS_TITLE')}
          titleId="vat-oss-title"
          field={
            <FormField id="vat-quarter" label={t('VAT_RETURNS.QUARTER')}>
              {(tie) => (
                <select
                  {...tie}
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
              )}
            </FormField>
          }
          exportButton={exportButton(
            'oss-csv',
            t('VAT_RETURNS.EXPORT_OSS'),
            () => downloadOssCsv(quarter),
            `oss-return-${quarter}.csv`,
          )}
        >
          <Oss quarter={quarter} />
        </ReturnSection>
      </div>
    </AuditorOnly>
  );
}
