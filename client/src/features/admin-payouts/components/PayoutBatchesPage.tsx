import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { PayoutBatch } from '../../../api/money-types';
import { DataTable } from '../../../components/DataTable';
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
        <DataTable caption={t('PAYOUT_BATCHES.TITLE')} testId="payout-batches">
          <thead>
            <tr>
              <th scope="col">{t('PAYOUT_BATCHES.MESSAGE_ID')}</th>
              <th scope="col">{t('PAYOUT_BATCHES.EXPORTED_AT')}</th>
              <th scope="col">{t('PAYOUT_BATCHES.EXECUTION_DATE')}</th>
              <th scope="col" className="table__num">
                {t('PAYOUT_BATCHES.COUNT')}
              </th>
              <th scope="col" className="table__num">
                {t('PAYOUT_BATCHES.CONTROL_SUM')}
              </th>
              <th scope="col">{t('PAYOUT.STATUS_COLUMN')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((batch) => (
              <tr key={batch.id} data-testid="payout-batch-row" data-batch-id={batch.id}>
                <th scope="row">
                  <Link to={path('adminpayoutbatch', { id: batch.id })} data-testid="payout-batch-open">
                    {batch.messageId}
                  </Link>
                </th>
                <td>
                  <FormattedDate value={batch.exportedAt} />
                </td>
                <td>{formatDay(batch.executedOn ?? batch.executionDate)}</td>
                <td className="table__num">{batch.count}</td>
                <td className="table__num">
                  <Money cents={batch.controlSum} />
                </td>
                <td>
                  <BatchStatus batch={batch} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
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
    <form className="card payout-action" onSubmit={submit} noValidate>
      <h2 className="card__title">{t('PAYOUT_BATCHES.EXECUTE_TITLE')}</h2>
      <div className="field">
        <label htmlFor="batch-execution-date" className="field__label">
          {t('ADMIN_PAYOUTS.EXECUTION_DATE')}
        </label>
        <input
          id="batch-execution-date"
          type="date"
          className="field__control"
          value={executionDate}
          onChange={(e) => setExecutionDate(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'batch-execution-date-error' : undefined}
          data-testid="batch-execution-date"
        />
        {error && (
          <p
            className="field__error"
            id="batch-execution-date-error"
            data-testid="batch-execution-date-error"
          >
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={execute.isPending || paid.length === 0}
        data-testid="batch-execute"
      >
        {t('PAYOUT_BATCHES.MARK_EXECUTED')}
      </button>
    </form>
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
          <dl className="card payout-facts" data-testid="batch-facts">
            <div>
              <dt>{t('PAYOUT.STATUS_COLUMN')}</dt>
              <dd>
                <BatchStatus batch={batch} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT_BATCHES.EXPORTED_AT')}</dt>
              <dd>
                <FormattedDate value={batch.exportedAt} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT_BATCHES.EXECUTION_DATE')}</dt>
              <dd data-testid="batch-execution-date-value">{formatDay(batch.executionDate)}</dd>
            </div>
            {batch.executedOn && (
              <div>
                <dt>{t('PAYOUT_BATCHES.EXECUTED_ON')}</dt>
                <dd data-testid="batch-executed-on">{formatDay(batch.executedOn)}</dd>
              </div>
            )}
            <div>
              <dt>{t('PAYOUT_BATCHES.COUNT')}</dt>
              <dd>{batch.count}</dd>
            </div>
            <div>
              <dt>{t('PAYOUT_BATCHES.CONTROL_SUM')}</dt>
              <dd>
                <Money cents={batch.controlSum} testId="batch-control-sum" />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT_BATCHES.FORMAT')}</dt>
              <dd>{batch.format}</dd>
            </div>
          </dl>
          <p>
            <DownloadAgain batch={batch} />
          </p>
          <DataTable caption={t('PAYOUT_BATCHES.TRANSFERS')} testId="batch-payouts">
            <thead>
              <tr>
                <th scope="col">{t('PAYOUT_BATCHES.CREDITOR')}</th>
                <th scope="col">{t('PAYOUT.IBAN')}</th>
                <th scope="col" className="table__num">
                  {t('PAYOUT.NET_AMOUNT')}
                </th>
                <th scope="col">{t('PAYOUT.STATUS_COLUMN')}</th>
              </tr>
            </thead>
            <tbody>
              {batch.payouts.map((line) => (
                <tr key={line.payoutId} data-testid="batch-payout-row" data-payout-id={line.payoutId}>
                  <th scope="row">
                    <Link to={path('adminpayoutedit', { id: line.payoutId })} data-testid="batch-payout-open">
                      {line.creditorName}
                    </Link>
                  </th>
                  <td className="iban">{line.iban}</td>
                  <td className="table__num">
                    <Money cents={line.netAmount} />
                  </td>
                  <td data-testid="batch-payout-status">
                    {t(`PAYOUT_BATCHES.LINE_STATUS.${line.status}`)}
                    {line.withdrawal && (
                      <span className="hint" data-testid="batch-payout-withdrawal">
                        {' '}
                        {t('PAYOUT_BATCHES.WITHDRAWN_NOTE', { reason: line.withdrawal.reason })}{' '}
                        {line.withdrawal.bankDidNotPayConfirmed &&
                          t('PAYOUT_BATCHES.BANK_DID_NOT_PAY_RECORDED')}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {batch.status === 'exported' && <ExecuteForm batch={batch} />}
        </>
      )}
    </div>
  );
}
