import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { fieldMessages } from '../../../api/http';
import { Card } from '../../../components/Card';
import { FormField } from '../../../components/FormField';
import { useUiActions } from '../../../stores/ui-store';
import { useParams } from 'react-router';
import { Link } from '@/components/Link';
import { Money } from '../../../components/Money';
import { PageSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { formatDateTime } from '../../../utils/format';
import { type AdminPurchase, type RefundRequest, useAdminPurchase } from '../api/get-admin-purchases';
import { type RefundAsk, useRefundPurchase, useRetryRefund } from '../api/refund-purchase';
import { AdminOnlyNotice } from './AdminOnlyNotice';
import { actorText, paymentMethodText, purchaseEventText } from './people-words';
import '../../../components/status-badge.css';
import './admin-purchases.css';

type RefundTarget = { kind: 'documents' } | { kind: 'payment'; transactionId: string; amount: number };

/**
 * The admin gives money back with a reason: some or all documents of the paid purchase, or a payment owed
 * back. The gateway's answer shows at once (completed, refused, or still processing: then the sweep or
 * "Try again" completes it). Confirmation is asked first: money cannot be taken back.
 */
function RefundForm({ purchase, target }: { purchase: AdminPurchase; target: RefundTarget }) {
  const { t } = useTranslation();
  const refund = useRefundPurchase(purchase.id);
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const left = purchase.documents.filter((d) => !d.refunded);
  const [chosen, setChosen] = useState<string[]>(left.map((d) => d.documentId));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; documentIds?: string }>({});
  const id = target.kind === 'payment' ? `refund-${target.transactionId.slice(0, 8)}` : 'refund-sale';
  const amount =
    target.kind === 'payment'
      ? target.amount
      : left.filter((d) => chosen.includes(d.documentId)).reduce((sum, d) => sum + d.price, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = t('VALIDATION.REQUIRED');
    if (target.kind === 'documents' && chosen.length === 0)
      found.documentIds = t('ADMIN_PURCHASES.REFUND_CHOOSE');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ask: RefundAsk =
      target.kind === 'payment'
        ? { transactionId: target.transactionId, reason }
        : chosen.length === left.length
          ? { reason }
          : { documentIds: chosen, reason };
    confirmRequested({
      title: t('ADMIN_PURCHASES.REFUND_CONFIRM_TITLE'),
      text: t('ADMIN_PURCHASES.REFUND_CONFIRM_TEXT', {
        amount: (amount / 100).toFixed(2),
        number: purchase.number,
      }),
      onConfirm: () =>
        refund.mutate(ask, {
          onSuccess: (answer) => {
            const outcome = answer.refund.outcome;
            toastShown({
              tone: outcome === 'completed' ? 'success' : outcome === 'failed' ? 'danger' : 'info',
              text: t(`ADMIN_PURCHASES.REFUND_OUTCOME.${outcome}`),
            });
            setReason('');
          },
          onError: (error) => {
            const messages = fieldMessages(error, (name) =>
              name === 'reason' || name === 'documentIds' ? name : null,
            );
            if (Object.keys(messages).length > 0) setErrors(messages);
            else errorOccurred(error);
          },
        }),
    });
  };

  return (
    <form className="admin-purchase__refund-form" onSubmit={submit} noValidate data-testid={`${id}-form`}>
      {target.kind === 'documents' && (
        <fieldset
          className="field"
          aria-describedby={errors.documentIds ? `${id}-documents-error` : undefined}
        >
          <legend className="field__label">{t('ADMIN_PURCHASES.REFUND_DOCUMENTS')}</legend>
          {left.map((document) => (
            <label key={document.documentId} className="checkbox" htmlFor={`${id}-${document.documentId}`}>
              <input
                id={`${id}-${document.documentId}`}
                type="checkbox"
                checked={chosen.includes(document.documentId)}
                onChange={(e) =>
                  setChosen((now) =>
                    e.target.checked
                      ? [...now, document.documentId]
                      : now.filter((d) => d !== document.documentId),
                  )
                }
                data-testid="refund-document"
              />
              <span>
                {document.title} — <Money cents={document.price} />
              </span>
            </label>
          ))}
          {errors.documentIds && (
            <p className="field__error" id={`${id}-documents-error`}>
              {errors.documentIds}
            </p>
          )}
        </fieldset>
      )}
      <FormField id={`${id}-reason`} label={t('ADMIN_PURCHASES.REFUND_REASON_LABEL')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            className="field__control"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="refund-reason"
          />
        )}
      </FormField>
      <button
        type="submit"
        className="button button--danger-ghost"
        disabled={refund.isPending}
        data-testid="refund-submit"
      >
        {target.kind === 'payment' ? t('ADMIN_PURCHASES.REFUND_PAYMENT') : t('ADMIN_PURCHASES.REFUND')}{' '}
        <Money cents={amount} />
      </button>
    </form>
  );
}

/** One refund: what, why, its state at the gateway, and its credit note. */
function RefundItem({ purchaseId, refund }: { purchaseId: string; refund: RefundRequest }) {
  const { t } = useTranslation();
  const retry = useRetryRefund(purchaseId);
  const { toastShown, errorOccurred } = useUiActions();
  const state =
    refund.status === 'requested' ? (refund.deferred ? 'processing' : 'requested') : refund.status;
  return (
    <li data-testid="refund-item" data-status={refund.status}>
      <strong>
        <Money cents={refund.amount} />
      </strong>{' '}
      <span className={`status-badge status-badge--refund-${state}`} data-testid="refund-status">
        {t(`ADMIN_PURCHASES.REFUND_STATUS.${state}`)}
      </span>{' '}
      — {formatDateTime(refund.requestedAt)}
      {refund.documents.length > 0 && <> — {refund.documents.map((d) => d.title).join(', ')}</>}
      <div className="hint">
        {t('ADMIN_PURCHASES.REFUND_REASON_LABEL')}: {refund.reason}
      </div>
      {refund.failure && (
        <p className="notice notice--danger" data-testid="refund-failure">
          {t('ADMIN_PURCHASES.REFUND_REFUSED', { message: refund.failure.message })}
        </p>
      )}
      {refund.deferred && (
        <p className="notice notice--warning">
          {t(`ADMIN_PURCHASES.REFUND_DEFERRED.${refund.deferred.reason}`)}{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(refund.refundId, {
                onSuccess: (answer) =>
                  toastShown({
                    tone: answer.refund.outcome === 'completed' ? 'success' : 'info',
                    text: t(`ADMIN_PURCHASES.REFUND_OUTCOME.${answer.refund.outcome}`),
                  }),
                onError: errorOccurred,
              })
            }
            data-testid="refund-retry"
          >
            {t('ADMIN_PURCHASES.REFUND_RETRY')}
          </button>
        </p>
      )}
      {refund.creditNote && (
        <div className="admin-purchase__links">
          {refund.creditNoteUrl && (
            <a
              className="button button--secondary button--small"
              href={refund.creditNoteUrl}
              target="_blank"
              rel="noopener"
              data-testid="refund-credit-note"
            >
              {t(
                refund.creditNote.kind === 'credit-note'
                  ? 'ADMIN_PURCHASES.CREDIT_NOTE_PDF'
                  : 'ADMIN_PURCHASES.REFUND_RECEIPT_PDF',
                { number: refund.creditNote.number },
              )}
            </a>
          )}
          {refund.creditNoteXmlUrl && (
            <a
              className="button button--secondary button--small"
              href={refund.creditNoteXmlUrl}
              target="_blank"
              rel="noopener"
            >
              {t('ADMIN_PURCHASES.CREDIT_NOTE_XML', { number: refund.creditNote.number })}
            </a>
          )}
          <span className="hint">
            {t('ADMIN_PURCHASES.CORRECTS', { number: refund.creditNote.corrects })}
          </span>
        </div>
      )}
    </li>
  );
}

/** One purchase for the admin (route adminpurchase): its facts and its whole event history. */
export function AdminPurchasePage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { id = '' } = useParams();
  useDocumentTitle(t('ADMIN_PURCHASES.ONE'));
  const isAdmin = useSessionUser()?.isAdmin === true;
  const { data: purchase, isPending, isError } = useAdminPurchase(id, isAdmin);

  if (!isAdmin) return <AdminOnlyNotice title={t('ADMIN_PURCHASES.ONE')} />;
  if (isPending) return <PageSkeleton />;
  if (isError) {
    return (
      <div className="page">
        <p className="notice notice--danger" role="alert">
          {t('PURCHASE.NOT_FOUND')}
        </p>
      </div>
    );
  }

  const facts: [string, ReactNode][] = [
    [
      t('PURCHASE.STATUS_LABEL'),
      purchase.refundDue
        ? `${t(`PURCHASE.STATUS.${purchase.status}`)} · ${t('ADMIN_PURCHASES.REFUND_DUE')}`
        : t(`PURCHASE.STATUS.${purchase.status}`),
    ],
    [t('PURCHASE.PAYER'), `${purchase.payer.firstName} ${purchase.payer.lastName}`],
    [t('PURCHASE.EMAIL'), purchase.payer.email],
    [t('PURCHASE.ADDRESS'), purchase.payer.address],
    [t('ADMIN_PURCHASES.SIGNED_IN_BUYER'), purchase.buyerId ?? '—'],
    [t('ADMIN_PURCHASES.CREATED'), formatDateTime(purchase.createdAt)],
    [t('ADMIN_PURCHASES.PAYMENT_DATE'), formatDateTime(purchase.paidAt) || '—'],
    [t('ADMIN_PURCHASES.CANCELED_DATE'), formatDateTime(purchase.canceledAt) || '—'],
    [
      t('ADMIN_PURCHASES.PAYMENT_METHOD'),
      <span key="method" title={purchase.paymentMethod} data-testid="admin-purchase-method">
        {paymentMethodText(t, purchase.paymentMethod)}
      </span>,
    ],
    [t('ADMIN_PURCHASES.TRANSACTION'), purchase.transactionId ?? '—'],
    [t('ADMIN_PURCHASES.INVOICE_NAME'), purchase.invoice?.companyName ?? '—'],
    [t('ADMIN_PURCHASES.INVOICE_NUMBER'), purchase.invoice?.number ?? '—'],
    [t('PURCHASE.TOTAL'), <Money key="total" cents={purchase.totals.price} />],
    [t('BASKET.VAT'), <Money key="vat" cents={purchase.totals.vat} />],
    [t('BASKET.SERVICE_FEE'), <Money key="fee" cents={purchase.totals.serviceFee} />],
    [t('ADMIN_PURCHASES.DOWNLOADS'), String(purchase.downloadCount)],
    ...(purchase.supersededBy
      ? ([
          [
            t('ADMIN_PURCHASES.SUPERSEDED_BY'),
            <Link key="superseded" to={path('adminpurchase', { id: purchase.supersededBy })}>
              {purchase.supersededBy.slice(0, 8).toUpperCase()}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];

  return (
    <div className="page admin-purchase" data-testid="admin-purchase">
      <p>
        <Link to={path('adminpurchases')}>← {t('ACCOUNT.PURCHASES')}</Link>
      </p>
      <h1 className="page__title">
        {t('ADMIN_PURCHASES.ONE')} {purchase.number}
      </h1>
      <div className="admin-purchase__grid">
        <Card className="admin-purchase__card" titleId="admin-purchase-facts" title={t('PURCHASE.DETAILS')}>
          <dl className="admin-purchase__facts">
            {facts.map(([label, value]) => (
              <div key={label} className="admin-purchase__fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {purchase.invoiceUrl && (
            <div className="admin-purchase__links">
              <a
                className="button button--secondary button--small"
                href={purchase.invoiceUrl}
                target="_blank"
                rel="noopener"
                aria-describedby="admin-purchase-staff-links"
                data-testid="admin-purchase-invoice"
              >
                {purchase.invoice?.number
                  ? t('PURCHASE.INVOICE_PDF', { number: purchase.invoice.number })
                  : t('PURCHASE.RECEIPT_PDF')}
              </a>
              <span className="hint" id="admin-purchase-staff-links">
                {t('ADMIN_PURCHASES.STAFF_LINKS')}
              </span>
            </div>
          )}
        </Card>
        <Card
          className="admin-purchase__card"
          titleId="admin-purchase-documents"
          title={t('PURCHASE.DOCUMENTS')}
        >
          <ul className="admin-purchase__documents">
            {purchase.documents.map((document) => (
              <li key={document.documentId}>
                <strong>{document.title}</strong> — {document.uploaderName} — <Money cents={document.price} />
                {document.refunded && (
                  <>
                    {' '}
                    <span className="status-badge status-badge--refund">{t('ADMIN_PURCHASES.REFUNDED')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {purchase.refunds.length > 0 && (
        <Card
          className="admin-purchase__card"
          titleId="admin-purchase-refunds"
          title={t('ADMIN_PURCHASES.REFUNDS')}
          testId="admin-purchase-refunds"
        >
          <ul className="admin-purchase__documents">
            {purchase.refunds.map((refund) => (
              <li key={refund.transactionId}>
                <strong>
                  <Money cents={refund.amount} />
                </strong>{' '}
                — {t(`ADMIN_PURCHASES.REFUND_REASON.${refund.reason}`)} — {formatDateTime(refund.paidAt)} —{' '}
                {t('ADMIN_PURCHASES.TRANSACTION')} <code>{refund.transactionId}</code> —{' '}
                <span className="status-badge status-badge--refund">
                  {refund.status === 'due' ? t('ADMIN_PURCHASES.REFUND_DUE') : t('ADMIN_PURCHASES.REFUNDED')}
                </span>
                {refund.status === 'due' &&
                  !purchase.refundRequests.some((r) => r.status === 'requested') && (
                    <RefundForm
                      purchase={purchase}
                      target={{ kind: 'payment', transactionId: refund.transactionId, amount: refund.amount }}
                    />
                  )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {(purchase.refundable || purchase.refundRequests.length > 0) && (
        <Card
          className="admin-purchase__card"
          titleId="admin-purchase-refund"
          title={t('ADMIN_PURCHASES.REFUND_TITLE')}
          testId="admin-purchase-refund"
        >
          {purchase.refundRequests.length > 0 && (
            <ul className="admin-purchase__documents" data-testid="refund-list">
              {purchase.refundRequests.map((refund) => (
                <RefundItem key={refund.refundId} purchaseId={purchase.id} refund={refund} />
              ))}
            </ul>
          )}
          {purchase.refundable && (
            <RefundForm
              key={purchase.refundRequests.length}
              purchase={purchase}
              target={{ kind: 'documents' }}
            />
          )}
        </Card>
      )}
      <Card
        className="admin-purchase__card"
        titleId="admin-purchase-history"
        title={t('ADMIN_PURCHASES.HISTORY')}
      >
        <ol className="admin-purchase__history" data-testid="admin-purchase-history">
          {purchase.history.map((entry, index) => (
            <li key={index} className="admin-purchase__event" data-testid="admin-purchase-event">
              <details>
                <summary>
                  <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>{' '}
                  <strong data-event-type={entry.type}>{purchaseEventText(t, entry.type)}</strong>{' '}
                  <span className="hint">{actorText(t, entry.actorId, purchase.buyerId)}</span>
                </summary>
                <p className="hint">
                  {t('ADMIN_PURCHASES.EVENT_DATA')} (<code>{entry.type}</code>)
                </p>
                <pre className="admin-purchase__data">{JSON.stringify(entry.data, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
