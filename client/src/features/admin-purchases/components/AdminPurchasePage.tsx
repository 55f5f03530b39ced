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
    [t('PURCHASE.STATUS_LABEL'), t(`PURCHASE.STATUS.${purchase.status}`)],
    [t('PURCHASE.PAYER'), `${purchase.payer.firstName} ${purchase.payer.lastName}`],
    [t('PURCHASE.EMAIL'), purchase.payer.email],
    [t('PURCHASE.ADDRESS'), purchase.payer.address],
    [t('ADMIN_PURCHASES.SIGNED_IN_BUYER'), purchase.buyerId ?? '—'],
    [t('ADMIN_PURCHASES.CREATED'), formatDateTime(purchase.createdAt)],
    [t('ADMIN_PURCHASES.PAYMENT_DATE'), formatDateTime(purchase.paidAt) || '—'],
    [t('ADMIN_PURCHASES.CANCELED_DATE'), formatDateTime(purchase.canceledAt) || '—'],
    [t('ADMIN_PURCHASES.PAYMENT_METHOD'), purchase.paymentMethod],
    [t('ADMIN_PURCHASES.TRANSACTION'), purchase.transactionId ?? '—'],
    [t('ADMIN_PURCHASES.INVOICE_NAME'), purchase.invoice?.companyName ?? '—'],
    [t('ADMIN_PURCHASES.INVOICE_NUMBER'), purchase.invoice?.number ?? '—'],
    [t('PURCHASE.TOTAL'), <Money key="total" cents={purchase.totals.price} />],
    [t('BASKET.VAT'), <Money key="vat" cents={purchase.totals.vat} />],
    [t('BASKET.SERVICE_FEE'), <Money key="fee" cents={purchase.totals.serviceFee} />],
    [t('ADMIN_PURCHASES.DOWNLOADS'), String(purchase.downloadCount)],
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
          <div className="admin-purchase__links">
            <Link
              className="button button--secondary button--small"
              to={path('purchaseSummary', { id: purchase.id })}
            >
              {t('PURCHASE.TITLE')}
            </Link>
            {purchase.documentUrl && (
              <a
                className="button button--secondary button--small"
                href={purchase.documentUrl}
                target="_blank"
                rel="noopener"
              >
                {purchase.invoice?.number
                  ? t('PURCHASE.INVOICE_PDF', { number: purchase.invoice.number })
                  : t('PURCHASE.RECEIPT_PDF')}
              </a>
            )}
          </div>
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
                  <code>{entry.type}</code> <span className="hint">{entry.actorId ?? ''}</span>
                </summary>
                <pre className="admin-purchase__data">{JSON.stringify(entry.data, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
