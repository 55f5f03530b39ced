import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { DataTable } from '../../../components/DataTable';
import { TextField } from '../../../components/FormField';
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
        <TextField
          id="admin-invoices-filter"
          label={t('ADMIN_PURCHASES.FILTER_INVOICES')}
          type="search"
          value={text}
          onChange={setText}
        />
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
        <DataTable
          caption={t('ACCOUNT.INVOICES')}
          testId="admin-invoices"
          rows={items}
          rowKey={(invoice) => invoice.invoiceNumber}
          rowAttributes={() => ({ 'data-testid': 'admin-invoice-row' })}
          more={invoices}
          columns={[
            {
              key: 'number',
              header: t('ADMIN_PURCHASES.INVOICE_NUMBER'),
              cell: (invoice) => invoice.invoiceNumber,
            },
            { key: 'issued', header: t('ADMIN_PURCHASES.ISSUED'), date: (invoice) => invoice.issuedAt },
            {
              key: 'name',
              header: t('ADMIN_PURCHASES.INVOICE_NAME'),
              cell: (invoice) => invoice.companyName,
            },
            { key: 'registry', header: t('CHECKOUT.REGISTRY_CODE'), cell: (invoice) => invoice.registryCode },
            {
              key: 'vatNumber',
              header: t('CHECKOUT.VAT_NUMBER'),
              cell: (invoice) => invoice.vatNumber ?? '—',
            },
            {
              key: 'purchase',
              header: t('PURCHASE.NUMBER'),
              cell: (invoice) => (
                <Link to={path('adminpurchase', { id: invoice.purchaseId })}>{invoice.purchaseNumber}</Link>
              ),
            },
            { key: 'total', header: t('PURCHASE.TOTAL'), money: (invoice) => invoice.total },
            { key: 'vat', header: t('BASKET.VAT'), money: (invoice) => invoice.vat },
            {
              key: 'pdf',
              header: 'PDF',
              cell: (invoice) => (
                <>
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
                </>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
