import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { formatMoney } from '../../../utils/format';
import { shopDay } from '../../../utils/period';
import { saveDownload } from '../../../utils/save-download';
import { fieldMessages } from '../../../api/http';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { type SepaFormat, useExportSepa } from '../api/export-sepa';
import './admin-payouts.css';
import { Card } from '../../../components/Card';
import { DataTable } from '../../../components/DataTable';
import { FormField, TextField } from '../../../components/FormField';
import { payoutColumns } from '../../../components/payout-columns';
import { LoadError } from '../../../components/LoadError';

const FILTERS = ['requested', 'executed', 'rejected', 'all'] as const;

/**
 * Today, or the Monday after a weekend: banks execute SEPA transfers on TARGET2 business days only. The
 * server knows the holidays too and names the next business day when a date falls on one.
 */
function firstWeekday(day: string): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
type FilterName = (typeof FILTERS)[number];

/** Admin payouts (route adminpayouts): requested / paid filter, selection and the SEPA file for the bank. */
export function AdminPayoutsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.PAYOUTS'));
  const language = useLanguage();
  const path = useLocalizedPath();
  const isAdmin = useSessionUser()?.isAdmin === true;
  const [params, setParams] = useSearchParams();
  const filter: FilterName = (FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as FilterName)
    : 'requested';
  const payouts = useAdminPayouts(filter === 'all' ? null : filter, isAdmin);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [format, setFormat] = useState<SepaFormat>('pain.001.001.09');
  const [executionDate, setExecutionDate] = useState(() => firstWeekday(shopDay()));
  const [exported, setExported] = useState<{
    batchId: string;
    messageId: string;
    count: number;
    controlSum: number;
  } | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const exportSepa = useExportSepa();
  const { errorOccurred, toastShown } = useUiActions();

  if (!isAdmin) {
    return (
      <div className="page">
        <h1 className="page__title">{t('ACCOUNT.PAYOUTS')}</h1>
        <p className="notice notice--danger" role="alert" data-testid="admin-only">
          {t('ERROR.ADMIN_ONLY')}
        </p>
      </div>
    );
  }

  const items = payouts.data?.items ?? [];
  // A payout in an exported file goes into no other file (docs/decisions/payout-files.md).
  const requested = items.filter((p) => p.status === 'requested' && p.batch?.status !== 'exported');
  const chosen = requested.filter((p) => selected.has(p.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const choose = (name: FilterName) => {
    setSelected(new Set());
    setParams({ status: name }, { replace: true });
  };
  const download = () => {
    setDateError(null);
    exportSepa.mutate(
      { payoutIds: chosen.map((p) => p.id), format, executionDate },
      {
        onSuccess: (file) => {
          saveDownload(file, `payouts.${format}.xml`);
          setSelected(new Set());
          const summary = {
            batchId: file.headers.get('x-payout-batch-id') ?? '',
            messageId: file.headers.get('x-sepa-message-id') ?? '',
            count: Number(file.headers.get('x-sepa-count') ?? 0),
            controlSum: Number(file.headers.get('x-sepa-control-sum') ?? 0),
          };
          setExported(summary);
          toastShown({ tone: 'success', text: t('ADMIN_PAYOUTS.EXPORTED', { count: summary.count }) });
        },
        onError: (error) => {
          const messages = fieldMessages(error, (name) => (name === 'executionDate' ? name : null));
          if (messages.executionDate) setDateError(messages.executionDate);
          else errorOccurred(error);
        },
      },
    );
  };

  return (
    <div className="page admin-payouts">
      <h1 className="page__title">{t('ACCOUNT.PAYOUTS')}</h1>
      <p>
        <Link to={path('adminpayoutbatches')} data-testid="payout-batches-link">
          {t('PAYOUT_BATCHES.TITLE')}
        </Link>
      </p>
      <div className="admin-payouts__filters" role="group" aria-label={t('ADMIN_PAYOUTS.FILTER')}>
        {FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className={`button button--small ${filter === name ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={filter === name}
            onClick={() => choose(name)}
            data-testid={`payouts-filter-${name}`}
          >
            {t(`ADMIN_PAYOUTS.FILTER_${name.toUpperCase()}`)}
          </button>
        ))}
      </div>

      {payouts.isPending && <TableSkeleton />}
      {payouts.isError && <LoadError onRetry={payouts.refetch} error={payouts.error} />}
      {payouts.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="admin-payouts-none">
          {t('ADMIN_PAYOUTS.NONE')}
        </p>
      )}
      {items.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.PAYOUTS')}
          testId="admin-payouts"
          rows={items}
          rowKey={(p) => p.id}
          rowAttributes={(p) => ({ 'data-testid': 'admin-payout-row', 'data-payout-id': p.id })}
          columns={[
            {
              key: 'select',
              header: t('ADMIN_PAYOUTS.SELECT'),
              hiddenHeader: true,
              cell: (p) =>
                requested.includes(p) && (
                  <input
                    type="checkbox"
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                    aria-label={t('ADMIN_PAYOUTS.SELECT_PAYOUT', { name: p.payeeName })}
                    data-testid="admin-payout-select"
                  />
                ),
            },
            ...payoutColumns(t, (p) => (
              <Link to={path('adminpayoutedit', { id: p.id })} data-testid="admin-payout-edit">
                {p.payeeName}
              </Link>
            )),
            {
              key: 'batch',
              header: t('PAYOUT_BATCHES.FILE'),
              cell: (p) =>
                p.batch ? (
                  <Link
                    to={path('adminpayoutbatch', { id: p.batch.batchId })}
                    data-testid="admin-payout-batch"
                  >
                    {p.batch.messageId}
                  </Link>
                ) : (
                  '–'
                ),
            },
          ]}
        />
      )}

      {requested.length > 0 && (
        <Card className="sepa-export" title={t('ADMIN_PAYOUTS.SEPA_TITLE')} titleId="sepa-export-title">
          <div className="sepa-export__fields">
            <FormField id="sepa-format" label={t('ADMIN_PAYOUTS.SEPA_FORMAT')}>
              {(control) => (
                <select
                  {...control}
                  className="field__control"
                  value={format}
                  onChange={(e) => setFormat(e.target.value as SepaFormat)}
                  data-testid="sepa-format"
                >
                  <option value="pain.001.001.09">pain.001.001.09</option>
                  <option value="pain.001.001.03">pain.001.001.03</option>
                </select>
              )}
            </FormField>
            <TextField
              id="sepa-date"
              label={t('ADMIN_PAYOUTS.SEPA_EXECUTION_DATE')}
              hint={t('ADMIN_PAYOUTS.SEPA_EXECUTION_DATE_HINT')}
              error={dateError ?? undefined}
              errorTestId="sepa-date-error"
              type="date"
              value={executionDate}
              onChange={setExecutionDate}
              data-testid="sepa-date"
            />
          </div>
          <p className="hint" aria-live="polite" data-testid="sepa-selection">
            {t('ADMIN_PAYOUTS.SEPA_SELECTED', {
              count: chosen.length,
              sum: formatMoney(
                chosen.reduce((s, p) => s + p.netAmount, 0),
                language,
              ),
            })}
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={chosen.length === 0 || exportSepa.isPending}
            onClick={download}
            data-testid="sepa-export"
          >
            {t('ADMIN_PAYOUTS.SEPA_EXPORT')}
          </button>
        </Card>
      )}
      {exported && (
        <p className="notice" data-testid="sepa-exported">
          {t('ADMIN_PAYOUTS.SEPA_DONE', {
            messageId: exported.messageId,
            count: exported.count,
            sum: formatMoney(exported.controlSum, language),
          })}{' '}
          <Link to={path('adminpayoutbatch', { id: exported.batchId })} data-testid="sepa-exported-batch">
            {t('PAYOUT_BATCHES.OPEN', { messageId: exported.messageId })}
          </Link>
        </p>
      )}
    </div>
  );
}
