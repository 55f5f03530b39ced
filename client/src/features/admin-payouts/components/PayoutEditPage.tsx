import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Navigate, useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { Payout } from '../../../api/money-types';
import { Fact, FactsCard } from '../../../components/Facts';
import { CheckboxField, FormField } from '../../../components/FormField';
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
import { ActionCard } from './PayoutParts';
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
    <ActionCard title={t('ADMIN_PAYOUTS.REJECT_TITLE')} onSubmit={submit}>
      {inFile && (
        <p className="notice notice--warning" data-testid="payout-in-file-warning">
          {t('ADMIN_PAYOUTS.IN_FILE_WARNING', { messageId: inFile.messageId })}
        </p>
      )}
      <FormField id="payout-reject-reason" label={t('ADMIN_PAYOUTS.REASON')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            className="field__control"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="payout-reject-reason"
          />
        )}
      </FormField>
      {inFile && (
        <CheckboxField
          id="payout-bank-did-not-pay"
          label={t('ADMIN_PAYOUTS.BANK_DID_NOT_PAY', { messageId: inFile.messageId })}
          checked={bankDidNotPay}
          onChange={setBankDidNotPay}
          error={errors.bankDidNotPayConfirmed}
          errorTestId="payout-bank-did-not-pay-error"
          testId="payout-bank-did-not-pay"
        />
      )}
      <button
        type="submit"
        className="button button--danger-ghost"
        disabled={reject.isPending}
        data-testid="payout-reject"
      >
        {t('ADMIN_PAYOUTS.REJECT')}
      </button>
    </ActionCard>
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
          <FactsCard listClassName="payout-facts" testId="payout-facts">
            <Fact label={t('ADMIN_PAYOUTS.PAYEE')} testId="payout-payee">
              {p.payeeName}
            </Fact>
            <Fact label={t('PAYOUT.AMOUNT')}>
              <Money cents={p.amount} />
            </Fact>
            <Fact label={t('PAYOUT.TRANSFER_FEE')}>
              <Money cents={p.transferFee} />
            </Fact>
            <Fact label={t('PAYOUT.NET_AMOUNT')}>
              <Money cents={p.netAmount} testId="payout-net" />
            </Fact>
            <Fact label={t('PAYOUT.IBAN')} className="payout-facts__iban">
              <span className="iban" data-testid="payout-iban-value">
                {p.iban}
              </span>{' '}
              <CopyIban iban={p.iban} />
            </Fact>
            <Fact label={t('PAYOUT.ACCOUNT_HOLDER')}>
              {p.accountHolder}
              {p.accountHolderLatin && p.accountHolderLatin !== p.accountHolder && (
                <> ({t('PAYOUT.IN_THE_FILE', { name: p.accountHolderLatin })})</>
              )}
            </Fact>
            {p.batch && (
              <Fact label={t('PAYOUT_BATCHES.FILE')}>
                <Link to={path('adminpayoutbatch', { id: p.batch.batchId })} data-testid="payout-batch-link">
                  {p.batch.messageId}
                </Link>{' '}
                ({t(`PAYOUT_BATCHES.LINE_STATUS.${p.batch.status}`)})
              </Fact>
            )}
            <Fact label={t('PAYOUT.REQUESTED_AT')}>
              <FormattedDate value={p.requestedAt} />
            </Fact>
            <Fact label={t('PAYOUT.STATUS_COLUMN')}>
              <PayoutStatusBadge status={p.status} />
            </Fact>
            {p.executionDate && (
              <Fact label={t('ADMIN_PAYOUTS.EXECUTION_DATE')} testId="payout-execution-date-value">
                {formatDay(p.executionDate)}
              </Fact>
            )}
            {p.reason && <Fact label={t('ADMIN_PAYOUTS.REASON')}>{p.reason}</Fact>}
          </FactsCard>
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
