import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { PayoutBatch } from '../../../api/money-types';
import { DataTable } from '../../../components/DataTable';
import { Fact, FactsCard } from '../../../components/Facts';
import { TextField } from '../../../components/FormField';
import { FormattedDate } from '../../../components/FormattedDate';
import { LoadError } from '../../../components/LoadError';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useTranslation } from '../../../i18n';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { formatDay, shopDay } from '../../../utils/period';
import { saveDownload } from '../../../utils/save-download';
import {
  downloadPayoutBatchFile,
  useExecutePayoutBatch,
  usePayoutBatch,
  usePayoutBatches,
} from '../api/payout-batches';
import '../../../components/payout-status.css';
import { ActionCard } from './PayoutParts';
import './admin-payouts.css';

function AdminOnly({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="notice notice--danger" role="alert" data-testid="admin-only">
        {t('ERROR.ADMIN_ONLY')}
      </p>
    </div>
  );
}

function BatchStatus({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge badge--payout-${batch.status === 'executed' ? 'executed' : 'requested'}`}
      data-testid="batch-status"
    >
      {t(`PAYOUT_BATCHES.STATUS.${batch.status}`)}
    </span>
  );
}

/** Downloads the batch's file again: the same bytes, the same MsgId, as when it was exported. */
function DownloadAgain({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  const { errorOccurred } = useUiActions();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveDownload(await downloadPayoutBatchFile(batch.id), batch.fileName);
    } catch (error) {
      errorOccurred(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      onClick={() => void download()}
      data-testid="batch-download"
    >
      {t('PAYOUT_BATCHES.DOWNLOAD_AGAIN')}
    </button>
  );
}

/** Payout files (route adminpayoutbatches): every SEPA file handed to the bank, newest first. */
export function PayoutBatchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('PAYOUT_BATCHES.TITLE'));
  const path = useLocalizedPath();
  const isAdmin = useSessionUser()?.isAdmin === true;
  const batches = usePayoutBatches(isAdmin);
  if (!isAdmin) return <AdminOnly title={t('PAYOUT_BATCHES.TITLE')} />;
  const items = batches.data?.items ?? [];
  return (
    <div className="page admin-payouts">
      <p>
        <Link to={path('adminpayouts')}>{t('ADMIN_PAYOUTS.BACK')}</Link>
      </p>
      <h1 className="page__title">{t('PAYOUT_BATCHES.TITLE')}</h1>
      <p className="hint">{t('PAYOUT_BATCHES.INTRO')}</p>
      {batches.isPending && <TableSkeleton />}
      {batches.isError && <LoadError onRetry={batches.refetch} error={batches.error} />}
      {batches.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="payout-batches-none">
          {t('PAYOUT_BATCHES.NONE')}
        </p>
      )}
      {items.length > 0 && (
        <DataTable
          caption={t('PAYOUT_BATCHES.TITLE')}
          testId="payout-batches"
          rows={items}
          rowKey={(batch) => batch.id}
          rowAttributes={(batch) => ({ 'data-testid': 'payout-batch-row', 'data-batch-id': batch.id })}
          columns={[
            {
              key: 'messageId',
              header: t('PAYOUT_BATCHES.MESSAGE_ID'),
              rowHeader: true,
              cell: (batch) => (
                <Link to={path('adminpayoutbatch', { id: batch.id })} data-testid="payout-batch-open">
                  {batch.messageId}
                </Link>
              ),
            },
            { key: 'exportedAt', header: t('PAYOUT_BATCHES.EXPORTED_AT'), date: (batch) => batch.exportedAt },
            {
              key: 'executionDate',
              header: t('PAYOUT_BATCHES.EXECUTION_DATE'),
              cell: (batch) => formatDay(batch.executedOn ?? batch.executionDate),
            },
            { key: 'count', header: t('PAYOUT_BATCHES.COUNT'), num: true, cell: (batch) => batch.count },
            {
              key: 'controlSum',
              header: t('PAYOUT_BATCHES.CONTROL_SUM'),
              money: (batch) => batch.controlSum,
            },
            {
              key: 'status',
              header: t('PAYOUT.STATUS_COLUMN'),
              cell: (batch) => <BatchStatus batch={batch} />,
            },
          ]}
        />
      )}
    </div>
  );
}

function ExecuteForm({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  const execute = useExecutePayoutBatch(batch.id);
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const today = shopDay();
  const [executionDate, setExecutionDate] = useState(
    batch.executionDate <= today ? batch.executionDate : today,
  );
  const [error, setError] = useState<string | null>(null);
  const paid = batch.payouts.filter((p) => p.status !== 'withdrawn');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!executionDate) return setError(t('VALIDATION.REQUIRED'));
    setError(null);
    confirmRequested({
      title: t('PAYOUT_BATCHES.EXECUTE_CONFIRM_TITLE'),
      text: t('PAYOUT_BATCHES.EXECUTE_CONFIRM_TEXT', {
        messageId: batch.messageId,
        count: paid.length,
        date: formatDay(executionDate),
      }),
      onConfirm: () =>
        execute.mutate(executionDate, {
          onSuccess: () => toastShown({ tone: 'success', text: t('PAYOUT_BATCHES.EXECUTED') }),
          onError: (failure) => {
            const messages = fieldMessages(failure, (name) => (name === 'executionDate' ? name : null));
            if (messages.executionDate) setError(messages.executionDate);
            else errorOccurred(failure);
          },
        }),
    });
  };
  return (
    <ActionCard title={t('PAYOUT_BATCHES.EXECUTE_TITLE')} onSubmit={submit}>
      <TextField
        id="batch-execution-date"
        label={t('ADMIN_PAYOUTS.EXECUTION_DATE')}
        type="date"
        value={executionDate}
        onChange={setExecutionDate}
        error={error ?? undefined}
        errorTestId="batch-execution-date-error"
        data-testid="batch-execution-date"
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={execute.isPending || paid.length === 0}
        data-testid="batch-execute"
      >
        {t('PAYOUT_BATCHES.MARK_EXECUTED')}
      </button>
    </ActionCard>
  );
}

/**
 * One payout file (route adminpayoutbatch): its message id, dates, control sum and transfers; download
 * it again; mark it executed when the bank has; a transfer the bank did not pay is rejected on its payout.
 */
export function PayoutBatchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('PAYOUT_BATCHES.ONE_TITLE'));
  const path = useLocalizedPath();
  const { id } = useParams();
  const isAdmin = useSessionUser()?.isAdmin === true;
  const query = usePayoutBatch(id, isAdmin);
  if (!isAdmin) return <AdminOnly title={t('PAYOUT_BATCHES.ONE_TITLE')} />;
  const batch = query.data;
  return (
    <div className="page admin-payouts">
      <p>
        <Link to={path('adminpayoutbatches')}>{t('PAYOUT_BATCHES.BACK')}</Link>
      </p>
      <h1 className="page__title">
        {t('PAYOUT_BATCHES.ONE_TITLE')}{' '}
        {batch && <span data-testid="batch-message-id">{batch.messageId}</span>}
      </h1>
      {query.isPending && <TableSkeleton />}
      {query.isError && (
        <p className="notice notice--danger" role="alert">
          {query.error instanceof ApiError && query.error.status === 404
            ? t('PAYOUT_BATCHES.NOT_FOUND')
            : t('ERROR.SOMETHING_WENT_WRONG')}
        </p>
      )}
      {batch && (
        <>
          <FactsCard listClassName="payout-facts" testId="batch-facts">
            <Fact label={t('PAYOUT.STATUS_COLUMN')}>
              <BatchStatus batch={batch} />
            </Fact>
            <Fact label={t('PAYOUT_BATCHES.EXPORTED_AT')}>
              <FormattedDate value={batch.exportedAt} />
            </Fact>
            <Fact label={t('PAYOUT_BATCHES.EXECUTION_DATE')} testId="batch-execution-date-value">
              {formatDay(batch.executionDate)}
            </Fact>
            {batch.executedOn && (
              <Fact label={t('PAYOUT_BATCHES.EXECUTED_ON')} testId="batch-executed-on">
                {formatDay(batch.executedOn)}
              </Fact>
            )}
            <Fact label={t('PAYOUT_BATCHES.COUNT')}>{batch.count}</Fact>
            <Fact label={t('PAYOUT_BATCHES.CONTROL_SUM')}>
              <Money cents={batch.controlSum} testId="batch-control-sum" />
            </Fact>
            <Fact label={t('PAYOUT_BATCHES.FORMAT')}>{batch.format}</Fact>
          </FactsCard>
          <p>
            <DownloadAgain batch={batch} />
          </p>
          <DataTable
            caption={t('PAYOUT_BATCHES.TRANSFERS')}
            testId="batch-payouts"
            rows={batch.payouts}
            rowKey={(line) => line.payoutId}
            rowAttributes={(line) => ({ 'data-testid': 'batch-payout-row', 'data-payout-id': line.payoutId })}
            columns={[
              {
                key: 'creditor',
                header: t('PAYOUT_BATCHES.CREDITOR'),
                rowHeader: true,
                cell: (line) => (
                  <Link to={path('adminpayoutedit', { id: line.payoutId })} data-testid="batch-payout-open">
                    {line.creditorName}
                  </Link>
                ),
              },
              { key: 'iban', header: t('PAYOUT.IBAN'), className: 'iban', cell: (line) => line.iban },
              { key: 'net', header: t('PAYOUT.NET_AMOUNT'), money: (line) => line.netAmount },
              {
                key: 'status',
                header: t('PAYOUT.STATUS_COLUMN'),
                testId: 'batch-payout-status',
                cell: (line) => (
                  <>
                    {t(`PAYOUT_BATCHES.LINE_STATUS.${line.status}`)}
                    {line.withdrawal && (
                      <span className="hint" data-testid="batch-payout-withdrawal">
                        {' '}
                        {t('PAYOUT_BATCHES.WITHDRAWN_NOTE', { reason: line.withdrawal.reason })}{' '}
                        {line.withdrawal.bankDidNotPayConfirmed &&
                          t('PAYOUT_BATCHES.BANK_DID_NOT_PAY_RECORDED')}
                      </span>
                    )}
                  </>
                ),
              },
            ]}
          />
          {batch.status === 'exported' && <ExecuteForm batch={batch} />}
        </>
      )}
    </div>
  );
}
