import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
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
        <div className="card table-wrap">
          <table className="table" data-testid="my-purchases">
            <thead>
              <tr>
                <th scope="col">{t('PURCHASE.NUMBER')}</th>
                <th scope="col">{t('PURCHASE.DATE')}</th>
                <th scope="col">{t('PURCHASE.DOCUMENTS')}</th>
                <th scope="col" className="table__num">
                  {t('PURCHASE.TOTAL')}
                </th>
                <th scope="col">{t('PURCHASE.STATUS_LABEL')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="my-purchase">
                  <td>
                    <Link to={path('purchaseSummary', { id: item.id })}>{item.number}</Link>
                  </td>
                  <td>
                    <FormattedDate value={item.createdAt} />
                  </td>
                  <td>{item.documentTitles.join(', ')}</td>
                  <td className="table__num">
                    <Money cents={item.total} />
                  </td>
                  <td>
                    <span className={`status-badge status-badge--${item.status}`}>
                      {t(`PURCHASE.STATUS.${item.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {purchases.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void purchases.fetchNextPage()}
          disabled={purchases.isFetchingNextPage}
        >
          {t('ADMIN_USERS.LOAD_MORE')}
        </button>
      )}
    </div>
  );
}
