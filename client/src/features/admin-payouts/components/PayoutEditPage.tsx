import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Navigate, useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { Payout } from '../../../api/money-types';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
import { PayoutStatusBadge } from '../../../components/PayoutStatusBadge';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { formatDateTime } from '../../../utils/format';
import { formatDay } from '../../../utils/period';
import { useRejectPayout } from '../api/change-payout';
import { useAdminPayout } from '../api/get-admin-payouts';
import './admin-payouts.css';

function CopyIban({ iban }: { iban: string }) {
  const { t } = useTranslation();
  const { toastShown } = useUiActions();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(iban);
      toastShown({ tone: 'success', text: t('ADMIN_PAYOUTS.IBAN_COPIED') });
    } catch {
      toastShown({ tone: 'warning', text: t('ADMIN_PAYOUTS.IBAN_NOT_COPIED') });
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => void copy()}
      aria-label={t('ADMIN_PAYOUTS.COPY_IBAN_LABEL', { iban })}
      data-testid="copy-iban"
    >
      {t('ADMIN_PAYOUTS.COPY')}
    </button>
  );
}

/**
 * Reject, with a reason. A payout whose file was exported may already be paid by the bank: the admin
 * must confirm it was not, and the confirmation is recorded with the file (docs/decisions/payout-files.md).
 */
function RejectForm({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  const reject = useRejectPayout(payout.id);
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const [reason, setReason] = useState('');
  const [bankDidNotPay, setBankDidNotPay] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; bankDidNotPayConfirmed?: string }>({});
  const inFile = payout.batch?.status === 'exported' ? payout.batch : null;

  const fail = (error: unknown) => {
    const messages = fieldMessages(error, (name) =>
      name === 'reason' || name === 'bankDidNotPayConfirmed' ? name : null,
    );
    if (Object.keys(messages).length > 0) setErrors(messages);
    else errorOccurred(error);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setErrors({ reason: t('VALIDATION.REQUIRED') });
    if (inFile && !bankDidNotPay)
      return setErrors({ bankDidNotPayConfirmed: t('ADMIN_PAYOUTS.BANK_DID_NOT_PAY_REQUIRED') });
    setErrors({});
    confirmRequested({
      title: t('ADMIN_PAYOUTS.REJECT_CONFIRM_TITLE'),
      text: inFile
        ? t('ADMIN_PAYOUTS.REJECT_IN_FILE_CONFIRM_TEXT', {
            name: payout.payeeName,
            messageId: inFile.messageId,
          })
        : t('ADMIN_PAYOUTS.REJECT_CONFIRM_TEXT', { name: payout.payeeName }),
      onConfirm: () =>
        reject.mutate(inFile ? { reason, bankDidNotPayConfirmed: true } : { reason }, {
          onSuccess: () => toastShown({ tone: 'success', text: t('ADMIN_PAYOUTS.REJECTED') }),
          onError: fail,
        }),
    });
  };

  return (
    <form className="card payout-action" onSubmit={submit} noValidate>
      <h2 className="card__title">{t('ADMIN_PAYOUTS.REJECT_TITLE')}</h2>
      {inFile && (
        <p className="notice notice--warning" data-testid="payout-in-file-warning">
          {t('ADMIN_PAYOUTS.IN_FILE_WARNING', { messageId: inFile.messageId })}
        </p>
      )}
      <div className="field">
        <label htmlFor="payout-reject-reason" className="field__label">
          {t('ADMIN_PAYOUTS.REASON')}
        </label>
        <textarea
          id="payout-reject-reason"
          className="field__control"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'payout-reject-reason-error' : undefined}
          data-testid="payout-reject-reason"
        />
        {errors.reason && (
          <p className="field__error" id="payout-reject-reason-error">
            {errors.reason}
          </p>
        )}
      </div>
      {inFile && (
        <div className="field">
          <label className="checkbox">
            <input
              id="payout-bank-did-not-pay"
              type="checkbox"
              checked={bankDidNotPay}
              onChange={(e) => setBankDidNotPay(e.target.checked)}
              aria-invalid={errors.bankDidNotPayConfirmed ? true : undefined}
              aria-describedby={errors.bankDidNotPayConfirmed ? 'payout-bank-did-not-pay-error' : undefined}
              data-testid="payout-bank-did-not-pay"
            />
            <span>{t('ADMIN_PAYOUTS.BANK_DID_NOT_PAY', { messageId: inFile.messageId })}</span>
          </label>
          {errors.bankDidNotPayConfirmed && (
            <p
              className="field__error"
              id="payout-bank-did-not-pay-error"
              data-testid="payout-bank-did-not-pay-error"
            >
              {errors.bankDidNotPayConfirmed}
            </p>
          )}
        </div>
      )}
      <button
        type="submit"
        className="button button--danger-ghost"
        disabled={reject.isPending}
        data-testid="payout-reject"
      >
        {t('ADMIN_PAYOUTS.REJECT')}
      </button>
    </form>
  );
}

/**
 * Payout edit (route adminpayoutedit): payee, amount, IBAN with copy, its payout file and execution date;
 * reject. A payout is paid through its file, marked executed on the file's page.
 */
export function PayoutEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ADMIN_PAYOUTS.EDIT_TITLE'));
  const path = useLocalizedPath();
  const { id } = useParams();
  const isAdmin = useSessionUser()?.isAdmin === true;
  const payout = useAdminPayout(id, isAdmin);

  if (!id) return <Navigate to={path('adminpayouts')} replace />;
  if (!isAdmin) {
    return (
      <div className="page">
        <p className="notice notice--danger" role="alert" data-testid="admin-only">
          {t('ERROR.ADMIN_ONLY')}
        </p>
      </div>
    );
  }
  const p = payout.data;
  return (
    <div className="page admin-payouts">
      <p>
        <Link to={path('adminpayouts')}>{t('ADMIN_PAYOUTS.BACK')}</Link>
      </p>
      <h1 className="page__title">{t('ADMIN_PAYOUTS.EDIT_TITLE')}</h1>
      {payout.isPending && <TableSkeleton />}
      {payout.isError && (
        <p className="notice notice--danger" role="alert">
          {payout.error instanceof ApiError && payout.error.status === 404
            ? t('PAYOUT.NOT_FOUND')
            : t('ERROR.SOMETHING_WENT_WRONG')}
        </p>
      )}
      {p && (
        <>
          <dl className="card payout-facts" data-testid="payout-facts">
            <div>
              <dt>{t('ADMIN_PAYOUTS.PAYEE')}</dt>
              <dd data-testid="payout-payee">{p.payeeName}</dd>
            </div>
            <div>
              <dt>{t('PAYOUT.AMOUNT')}</dt>
              <dd>
                <Money cents={p.amount} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT.TRANSFER_FEE')}</dt>
              <dd>
                <Money cents={p.transferFee} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT.NET_AMOUNT')}</dt>
              <dd>
                <Money cents={p.netAmount} testId="payout-net" />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT.IBAN')}</dt>
              <dd className="payout-facts__iban">
                <span className="iban" data-testid="payout-iban-value">
                  {p.iban}
                </span>{' '}
                <CopyIban iban={p.iban} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT.ACCOUNT_HOLDER')}</dt>
              <dd>
                {p.accountHolder}
                {p.accountHolderLatin && p.accountHolderLatin !== p.accountHolder && (
                  <> ({t('PAYOUT.IN_THE_FILE', { name: p.accountHolderLatin })})</>
                )}
              </dd>
            </div>
            {p.batch && (
              <div>
                <dt>{t('PAYOUT_BATCHES.FILE')}</dt>
                <dd>
                  <Link
                    to={path('adminpayoutbatch', { id: p.batch.batchId })}
                    data-testid="payout-batch-link"
                  >
                    {p.batch.messageId}
                  </Link>{' '}
                  ({t(`PAYOUT_BATCHES.LINE_STATUS.${p.batch.status}`)})
                </dd>
              </div>
            )}
            <div>
              <dt>{t('PAYOUT.REQUESTED_AT')}</dt>
              <dd>
                <FormattedDate value={p.requestedAt} />
              </dd>
            </div>
            <div>
              <dt>{t('PAYOUT.STATUS_COLUMN')}</dt>
              <dd>
                <PayoutStatusBadge status={p.status} />
              </dd>
            </div>
            {p.executionDate && (
              <div>
                <dt>{t('ADMIN_PAYOUTS.EXECUTION_DATE')}</dt>
                <dd data-testid="payout-execution-date-value">{formatDay(p.executionDate)}</dd>
              </div>
            )}
            {p.reason && (
              <div>
                <dt>{t('ADMIN_PAYOUTS.REASON')}</dt>
                <dd>{p.reason}</dd>
              </div>
            )}
          </dl>
          {p.status === 'requested' && p.batch?.status !== 'exported' && (
            <p className="hint" data-testid="payout-not-in-file">
              {t('ADMIN_PAYOUTS.PAID_THROUGH_A_FILE')}
            </p>
          )}
          {p.status === 'requested' && <RejectForm payout={p} />}
          <section aria-labelledby="payout-events">
            <h2 id="payout-events" className="admin-payouts__section">
              {t('ADMIN_PAYOUTS.EVENTS')}
            </h2>
            <ul className="payout-events">
              {p.events.map((e) => (
                <li key={e.eventId}>
                  {formatDateTime(e.occurredAt)} ·{' '}
                  <span data-event-type={e.eventType}>
                    {t(`ACCOUNTING.EVENT_TYPE.${e.eventType}`, { defaultValue: e.eventType })}
                  </span>{' '}
                  ·{' '}
                  <Link to={`${path('accountingjournal')}?payoutId=${p.id}`}>
                    {t('ACCOUNTING.POSITION', { position: e.position })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
