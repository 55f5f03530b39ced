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
import { formatDay, shopDay } from '../../../utils/period';
import { useChangePayout } from '../api/change-payout';
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

function Actions({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  const change = useChangePayout(payout.id);
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const [executionDate, setExecutionDate] = useState(shopDay);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ executionDate?: string; reason?: string }>({});

  const fail = (error: unknown) => {
    const messages = fieldMessages(error, (name) =>
      name === 'executionDate' || name === 'reason' ? name : null,
    );
    if (Object.keys(messages).length > 0) setErrors(messages);
    else errorOccurred(error);
  };
  const execute = (event: FormEvent) => {
    event.preventDefault();
    if (!executionDate) return setErrors({ executionDate: t('VALIDATION.REQUIRED') });
    confirmRequested({
      title: t('ADMIN_PAYOUTS.EXECUTE_CONFIRM_TITLE'),
      text: t('ADMIN_PAYOUTS.EXECUTE_CONFIRM_TEXT', {
        name: payout.payeeName,
        date: formatDay(executionDate),
      }),
      onConfirm: () =>
        change.mutate(
          { kind: 'execute', executionDate },
          {
            onSuccess: () => toastShown({ tone: 'success', text: t('ADMIN_PAYOUTS.EXECUTED') }),
            onError: fail,
          },
        ),
    });
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setErrors({ reason: t('VALIDATION.REQUIRED') });
    confirmRequested({
      title: t('ADMIN_PAYOUTS.REJECT_CONFIRM_TITLE'),
      text: t('ADMIN_PAYOUTS.REJECT_CONFIRM_TEXT', { name: payout.payeeName }),
      onConfirm: () =>
        change.mutate(
          { kind: 'reject', reason },
          {
            onSuccess: () => toastShown({ tone: 'success', text: t('ADMIN_PAYOUTS.REJECTED') }),
            onError: fail,
          },
        ),
    });
  };

  return (
    <div className="payout-actions">
      <form className="card" onSubmit={execute} noValidate>
        <h2 className="card__title">{t('ADMIN_PAYOUTS.EXECUTE_TITLE')}</h2>
        <div className="field">
          <label htmlFor="payout-execution-date" className="field__label">
            {t('ADMIN_PAYOUTS.EXECUTION_DATE')}
          </label>
          <input
            id="payout-execution-date"
            type="date"
            className="field__control"
            value={executionDate}
            onChange={(e) => setExecutionDate(e.target.value)}
            aria-invalid={errors.executionDate ? true : undefined}
            aria-describedby={errors.executionDate ? 'payout-execution-date-error' : undefined}
            data-testid="payout-execution-date"
          />
          {errors.executionDate && (
            <p className="field__error" id="payout-execution-date-error">
              {errors.executionDate}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={change.isPending}
          data-testid="payout-execute"
        >
          {t('ADMIN_PAYOUTS.MARK_EXECUTED')}
        </button>
      </form>
      <form className="card" onSubmit={reject} noValidate>
        <h2 className="card__title">{t('ADMIN_PAYOUTS.REJECT_TITLE')}</h2>
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
        <button
          type="submit"
          className="button button--danger-ghost"
          disabled={change.isPending}
          data-testid="payout-reject"
        >
          {t('ADMIN_PAYOUTS.REJECT')}
        </button>
      </form>
    </div>
  );
}

/** Payout edit (route adminpayoutedit): payee, amount, IBAN with copy, execution date; mark paid or reject. */
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
              <dd>{p.accountHolder}</dd>
            </div>
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
          {p.status === 'requested' && <Actions payout={p} />}
          <section aria-labelledby="payout-events">
            <h2 id="payout-events" className="admin-payouts__section">
              {t('ADMIN_PAYOUTS.EVENTS')}
            </h2>
            <ul className="payout-events">
              {p.events.map((e) => (
                <li key={e.eventId}>
                  {formatDateTime(e.occurredAt)} · {e.eventType} ·{' '}
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
