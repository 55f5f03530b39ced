import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useAdminInvoices } from '../api/get-admin-invoices';
import { AdminOnlyNotice } from './AdminOnlyNotice';
import './admin-purchases.css';
import { LoadError } from '../../../components/LoadError';

/** Admin invoices (route admininvoices): every VAT invoice by number, with its PDF. */
export function AdminInvoicesPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('ACCOUNT.INVOICES'));
  const isAdmin = useSessionUser()?.isAdmin === true;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const invoices = useAdminInvoices(q, isAdmin);

  if (!isAdmin) return <AdminOnlyNotice title={t('ACCOUNT.INVOICES')} />;
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  const total = invoices.data?.pages.at(-1)?.total ?? 0;
  const filter = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };

  return (
    <div className="page admin-purchases">
      <h1 className="page__title">{t('ACCOUNT.INVOICES')}</h1>
      <form className="admin-purchases__toolbar" onSubmit={filter} role="search">
        <div className="field">
          <label htmlFor="admin-invoices-filter" className="field__label">
            {t('ADMIN_PURCHASES.FILTER_INVOICES')}
          </label>
          <input
            id="admin-invoices-filter"
            className="field__control"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t('ADMIN_PURCHASES.APPLY')}
        </button>
      </form>
      {invoices.isPending && <TableSkeleton />}
      {invoices.isError && <LoadError onRetry={invoices.refetch} error={invoices.error} />}
      {invoices.isSuccess && (
        <p className="hint" data-testid="admin-invoices-count">
          {t('ADMIN_USERS.SHOWING', { visible: items.length, total })}
        </p>
      )}
      {items.length > 0 && (
        <div className="card table-wrap">
          <table className="table" data-testid="admin-invoices">
            <thead>
              <tr>
                <th scope="col">{t('ADMIN_PURCHASES.INVOICE_NUMBER')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.ISSUED')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.INVOICE_NAME')}</th>
                <th scope="col">{t('CHECKOUT.REGISTRY_CODE')}</th>
                <th scope="col">{t('CHECKOUT.VAT_NUMBER')}</th>
                <th scope="col">{t('PURCHASE.NUMBER')}</th>
                <th scope="col" className="table__num">
                  {t('PURCHASE.TOTAL')}
                </th>
                <th scope="col" className="table__num">
                  {t('BASKET.VAT')}
                </th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {items.map((invoice) => (
                <tr key={invoice.invoiceNumber} data-testid="admin-invoice-row">
                  <td>{invoice.invoiceNumber}</td>
                  <td>
                    <FormattedDate value={invoice.issuedAt} />
                  </td>
                  <td>{invoice.companyName}</td>
                  <td>{invoice.registryCode}</td>
                  <td>{invoice.vatNumber ?? '—'}</td>
                  <td>
                    <Link to={path('adminpurchase', { id: invoice.purchaseId })}>
                      {invoice.purchaseNumber}
                    </Link>
                  </td>
                  <td className="table__num">
                    <Money cents={invoice.total} />
                  </td>
                  <td className="table__num">
                    <Money cents={invoice.vat} />
                  </td>
                  <td>
                    <a
                      href={invoice.pdfUrl}
                      download
                      aria-label={t('ADMIN_PURCHASES.DOWNLOAD_INVOICE', { number: invoice.invoiceNumber })}
                    >
                      {t('PURCHASE.DOWNLOAD')}
                    </a>{' '}
                    <a href={invoice.xmlUrl} download data-testid="admin-invoice-xml">
                      XML
                      <span className="visually-hidden">
                        {' '}
                        {t('ADMIN_PURCHASES.DOWNLOAD_INVOICE_XML', { number: invoice.invoiceNumber })}
                      </span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {invoices.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void invoices.fetchNextPage()}
          disabled={invoices.isFetchingNextPage}
        >
          {t('ADMIN_USERS.LOAD_MORE')}
        </button>
      )}
    </div>
  );
}
