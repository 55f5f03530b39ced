import { useTranslation } from '../../../i18n';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { Money } from '../../../components/Money';
import { PageSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { formatDateTime } from '../../../utils/format';
import { vatLabel } from '../../../utils/vat-label';
import { useLanguage } from '../../../hooks/use-language';
import { type PurchaseSummary, usePurchase } from '../api/get-purchase';
import { FreshLinksForm } from './FreshLinksForm';
import { cancelText } from './cancel-text';
import { usePurchaseKey } from './purchase-key';
import './purchases.css';
import '../../../components/card.css';

function Downloads({ purchase }: { purchase: PurchaseSummary }) {
  const { t } = useTranslation();
  return (
    <section className="card purchase__documents" aria-labelledby="purchase-documents-title">
      <h2 id="purchase-documents-title" className="card__title">
        {t('PURCHASE.DOCUMENTS')}
      </h2>
      {purchase.documents.map((document) => (
        <article key={document.documentId} className="purchase-document" data-testid="purchase-document">
          <h3 className="purchase-document__title">{document.title}</h3>
          {document.refunded && (
            <p className="notice notice--warning" data-testid="purchase-document-refunded">
              {t('PURCHASE.DOCUMENT_REFUNDED')}
            </p>
          )}
          <p className="hint">
            {t('PURCHASE.UPLOADER')}: {document.uploaderName}
          </p>
          <ul className="purchase-files">
            {document.files.map((file) => (
              <li key={file.fileId} className="purchase-file" data-testid="purchase-file">
                <span className="purchase-file__name">
                  {file.fileName}
                  <span className="hint purchase-file__facts">
                    {file.format.toUpperCase()}
                    {file.pages !== null ? ` · ${t('PURCHASE.PAGES', { count: file.pages })}` : ''} ·{' '}
                    {file.sizeKb} kB
                  </span>
                </span>
                {file.downloadUrl ? (
                  <a
                    className="button button--secondary button--small"
                    href={file.downloadUrl}
                    download={file.fileName}
                    aria-label={t('PURCHASE.DOWNLOAD_FILE', { name: file.fileName })}
                    data-testid="purchase-file-download"
                  >
                    {t('PURCHASE.DOWNLOAD')}
                  </a>
                ) : (
                  <span className="hint" data-testid="purchase-file-unavailable">
                    {document.refunded
                      ? t('PURCHASE.REFUNDED_NOT_DOWNLOADABLE')
                      : t('PURCHASE.NOT_DOWNLOADABLE')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </article>
      ))}
      {purchase.archiveUrl && (
        <div className="purchase__archive">
          <a className="button button--primary" href={purchase.archiveUrl} data-testid="purchase-archive">
            {t('PURCHASE.DOWNLOAD_ALL')}
          </a>
          <p className="hint" data-testid="purchase-links-valid">
            {t('PURCHASE.LINKS_VALID', { time: formatDateTime(purchase.linksValidUntil) })}
          </p>
        </div>
      )}
    </section>
  );
}

/**
 * The purchase summary (SPEC §2 purchase confirmation; route purchaseSummary): payer, documents with
 * title, uploader and files, a download link per file and one zip of all, the notice that links are valid
 * about 24 hours, the invoice or receipt; fresh links on request once they ran out.
 */
const PURCHASE_VAT_KEYS = {
  at: 'PURCHASE.VAT_AT',
  reverseCharge: 'PURCHASE.VAT_REVERSE_CHARGE',
  outsideEu: 'PURCHASE.VAT_OUTSIDE_EU',
};

export function PurchaseSummaryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const path = useLocalizedPath();
  const { id = '' } = useParams();
  const key = usePurchaseKey();
  useDocumentTitle(t('PURCHASE.TITLE'));
  const { data: purchase, isPending, isError } = usePurchase(id, key);
  // Sent here by a download link that did not open (the API's redirect): which case, in its own words.
  const failedLink = useSearchParams()[0].get('link');
  const linkCase = failedLink === 'expired' ? 'EXPIRED' : failedLink === 'invalid' ? 'INVALID' : null;

  if (isPending) return <PageSkeleton />;
  if ((isError || !purchase) && linkCase) {
    // The purchase number is the id's first eight hex digits: the form comes filled in.
    const number = /^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8).toUpperCase() : '';
    return (
      <div className="page page--narrow" data-testid="purchase-link-failed">
        <h1 className="page__title">{t(`PURCHASE.LINK_${linkCase}_TITLE`)}</h1>
        <p className="notice notice--warning" data-testid="purchase-link-failed-text">
          {t(`PURCHASE.LINK_${linkCase}_TEXT`)}
        </p>
        <FreshLinksForm purchaseNumber={number} title="PURCHASE.FRESH_LINKS_ASK" />
        <p className="hint">{t('PURCHASE.OPEN_WITH_LINK')}</p>
      </div>
    );
  }
  if (isError || !purchase) {
    // The purchase id alone opens nothing: the buyer's link (mail, return) or their sign-in does.
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{t('PURCHASE.TITLE')}</h1>
        <p className="notice notice--danger" role="alert" data-testid="purchase-not-found">
          {t('PURCHASE.NOT_FOUND')}
        </p>
        <p className="hint">{t('PURCHASE.OPEN_WITH_LINK')}</p>
        <FreshLinksForm purchaseNumber="" title="PURCHASE.LOST_LINK_TITLE" />
      </div>
    );
  }

  return (
    <div className="page purchase" data-testid="purchase-summary">
      <h1 className="page__title">{t('PURCHASE.TITLE')}</h1>
      <p
        className={`notice purchase__status purchase__status--${purchase.status}`}
        role="status"
        data-testid="purchase-status"
      >
        {purchase.status === 'paid'
          ? t(purchase.totals.price === 0 ? 'PURCHASE.FREE_THANKS' : 'PURCHASE.THANKS', {
              number: purchase.number,
            })
          : purchase.status === 'pending'
            ? t('PURCHASE.WAITING')
            : t(cancelText(purchase.cancelReason))}
      </p>
      {linkCase && (
        <p className="notice notice--info" data-testid="purchase-link-replaced">
          {t('PURCHASE.LINK_REPLACED_NOTE')}
        </p>
      )}
      {purchase.refundDue && (
        <p className="notice notice--warning" role="alert" data-testid="purchase-refund-due">
          {t('PURCHASE.REFUND_DUE')}
        </p>
      )}
      <div className="purchase__grid">
        <div className="purchase__main">
          {purchase.status === 'paid' && purchase.linksExpired && (
            <FreshLinksForm purchaseNumber={purchase.number} />
          )}
          <Downloads purchase={purchase} />
        </div>
        <aside className="card purchase__facts" aria-labelledby="purchase-facts-title">
          <h2 id="purchase-facts-title" className="card__title">
            {t('PURCHASE.DETAILS')}
          </h2>
          <dl className="purchase__list">
            <dt>{t('PURCHASE.NUMBER')}</dt>
            <dd data-testid="purchase-number">{purchase.number}</dd>
            {/* Free documents need only the e-mail: what was not asked for is not shown empty. */}
            {(purchase.payer.firstName || purchase.payer.lastName) && (
              <>
                <dt>{t('PURCHASE.PAYER')}</dt>
                <dd data-testid="purchase-payer">
                  {purchase.payer.firstName} {purchase.payer.lastName}
                </dd>
              </>
            )}
            <dt>{t('PURCHASE.EMAIL')}</dt>
            <dd>{purchase.payer.email}</dd>
            {purchase.payer.address && (
              <>
                <dt>{t('PURCHASE.ADDRESS')}</dt>
                <dd>{purchase.payer.address}</dd>
              </>
            )}
            {purchase.paidAt && (
              <>
                <dt>{t(purchase.totals.price === 0 ? 'PURCHASE.RECEIVED_AT' : 'PURCHASE.PAID_AT')}</dt>
                <dd>{formatDateTime(purchase.paidAt)}</dd>
              </>
            )}
            <dt>{t('PURCHASE.TOTAL')}</dt>
            <dd>
              <Money cents={purchase.totals.price} testId="purchase-total" />{' '}
              <span className="hint" data-testid="purchase-vat">
                ({vatLabel(t, language, purchase.vat, PURCHASE_VAT_KEYS)}{' '}
                <Money cents={purchase.totals.vat} />)
              </span>
            </dd>
            {purchase.invoice && (
              <>
                <dt>{t('PURCHASE.INVOICE_FOR')}</dt>
                <dd>{purchase.invoice.companyName}</dd>
              </>
            )}
          </dl>
          {purchase.documentUrl && purchase.totals.price > 0 && (
            <a
              className="button button--secondary button--block"
              href={purchase.documentUrl}
              target="_blank"
              rel="noopener"
              data-testid="purchase-invoice"
            >
              {purchase.invoice?.number
                ? t('PURCHASE.INVOICE_PDF', { number: purchase.invoice.number })
                : purchase.documentNumber
                  ? t('PURCHASE.RECEIPT_NUMBERED', { number: purchase.documentNumber })
                  : t('PURCHASE.RECEIPT_PDF')}
            </a>
          )}
          {purchase.eInvoiceUrl && purchase.invoice?.number && (
            <a
              className="button button--ghost button--block"
              href={purchase.eInvoiceUrl}
              download
              data-testid="purchase-e-invoice"
            >
              {t('PURCHASE.INVOICE_XML', { number: purchase.invoice.number })}
            </a>
          )}
          {(purchase.refundsDone ?? []).map((refund) => (
            <div key={refund.refundId} className="purchase__refund" data-testid="purchase-refund">
              <p>
                {t('PURCHASE.REFUNDED_AMOUNT', { titles: refund.documents.join(', ') })}{' '}
                <strong>
                  <Money cents={refund.amount} />
                </strong>
              </p>
              <p className="hint">{refund.reason}</p>
              {refund.creditNote && refund.creditNoteUrl && (
                <a
                  className="button button--secondary button--block"
                  href={refund.creditNoteUrl}
                  target="_blank"
                  rel="noopener"
                  data-testid="purchase-credit-note"
                >
                  {t(
                    refund.creditNote.kind === 'credit-note'
                      ? 'PURCHASE.CREDIT_NOTE_PDF'
                      : 'PURCHASE.REFUND_RECEIPT_PDF',
                    { number: refund.creditNote.number },
                  )}
                </a>
              )}
              {refund.creditNote && refund.creditNoteXmlUrl && (
                <a className="button button--ghost button--block" href={refund.creditNoteXmlUrl} download>
                  {t('PURCHASE.CREDIT_NOTE_XML', { number: refund.creditNote.number })}
                </a>
              )}
            </div>
          ))}
          {purchase.status !== 'paid' && (
            <Link className="button button--ghost button--block" to={path('cart')}>
              {t('PAYMENT.BACK_TO_CART')}
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}
