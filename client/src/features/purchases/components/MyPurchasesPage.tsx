import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { DataTable } from '../../../components/DataTable';
import { PurchaseStatusBadge } from '../../../components/PurchaseStatusBadge';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useMyPurchases } from '../api/get-my-purchases';
import './purchases.css';
import { LoadError } from '../../../components/LoadError';

/** My purchases (SPEC §2, §6): what the signed-in buyer bought, with a link to each summary. */
export function MyPurchasesPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('ACCOUNT.MY_PURCHASES'));
  const purchases = useMyPurchases();
  const items = purchases.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page">
      <h1 className="page__title">{t('ACCOUNT.MY_PURCHASES')}</h1>
      {purchases.isPending && <TableSkeleton />}
      {purchases.isError && <LoadError onRetry={purchases.refetch} error={purchases.error} />}
      {purchases.isSuccess && items.length === 0 && (
        <div className="empty-state" data-testid="my-purchases-empty">
          <p className="empty-state__text">{t('PURCHASE.NONE_YET')}</p>
          <Link to={path('search')} className="button button--primary">
            {t('HOME.SEARCH_DRAFTS')}
          </Link>
        </div>
      )}
      {items.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.MY_PURCHASES')}
          testId="my-purchases"
          rows={items}
          rowKey={(item) => item.id}
          rowAttributes={() => ({ 'data-testid': 'my-purchase' })}
          more={purchases}
          columns={[
            {
              key: 'number',
              header: t('PURCHASE.NUMBER'),
              cell: (item) => <Link to={path('purchaseSummary', { id: item.id })}>{item.number}</Link>,
            },
            { key: 'createdAt', header: t('PURCHASE.DATE'), date: (item) => item.createdAt },
            {
              key: 'documents',
              header: t('PURCHASE.DOCUMENTS'),
              cell: (item) => item.documentTitles.join(', '),
            },
            { key: 'total', header: t('PURCHASE.TOTAL'), money: (item) => item.total },
            {
              key: 'status',
              header: t('PURCHASE.STATUS_LABEL'),
              cell: (item) => <PurchaseStatusBadge status={item.status} />,
            },
          ]}
        />
      )}
    </div>
  );
}
