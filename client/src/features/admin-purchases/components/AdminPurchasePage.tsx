import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { useParams } from 'react-router';
import { Link } from '@/components/Link';
import { Money } from '../../../components/Money';
import { PageSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { formatDateTime } from '../../../utils/format';
import { useAdminPurchase } from '../api/get-admin-purchases';
import { AdminOnlyNotice } from './AdminOnlyNotice';
import { actorText, paymentMethodText, purchaseEventText } from './people-words';
import './admin-purchases.css';

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
        <section className="card admin-purchase__card" aria-labelledby="admin-purchase-facts">
          <h2 id="admin-purchase-facts" className="card__title">
            {t('PURCHASE.DETAILS')}
          </h2>
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
        </section>
        <section className="card admin-purchase__card" aria-labelledby="admin-purchase-documents">
          <h2 id="admin-purchase-documents" className="card__title">
            {t('PURCHASE.DOCUMENTS')}
          </h2>
          <ul className="admin-purchase__documents">
            {purchase.documents.map((document) => (
              <li key={document.documentId}>
                <strong>{document.title}</strong> — {document.uploaderName} — <Money cents={document.price} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      {purchase.refunds.length > 0 && (
        <section
          className="card admin-purchase__card"
          aria-labelledby="admin-purchase-refunds"
          data-testid="admin-purchase-refunds"
        >
          <h2 id="admin-purchase-refunds" className="card__title">
            {t('ADMIN_PURCHASES.REFUNDS')}
          </h2>
          <ul className="admin-purchase__documents">
            {purchase.refunds.map((refund) => (
              <li key={refund.transactionId}>
                <strong>
                  <Money cents={refund.amount} />
                </strong>{' '}
                — {t(`ADMIN_PURCHASES.REFUND_REASON.${refund.reason}`)} — {formatDateTime(refund.paidAt)} —{' '}
                {t('ADMIN_PURCHASES.TRANSACTION')} <code>{refund.transactionId}</code> —{' '}
                <span className="admin-status admin-status--refund">{t('ADMIN_PURCHASES.REFUND_DUE')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card admin-purchase__card" aria-labelledby="admin-purchase-history">
        <h2 id="admin-purchase-history" className="card__title">
          {t('ADMIN_PURCHASES.HISTORY')}
        </h2>
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
      </section>
    </div>
  );
}
