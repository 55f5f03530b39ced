import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useMyPayouts } from '../api/get-payouts';
import './sales.css';
import { DataTable } from '../../../components/DataTable';
import { payoutColumns } from '../../../components/payout-columns';
import { LoadError } from '../../../components/LoadError';

/** My payouts (route userpayouts): user, IBAN, amount, transfer fee, payout date (SPEC §2). */
export function MyPayoutsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.MY_PAYOUTS'));
  const path = useLocalizedPath();
  const user = useSessionUser();
  const payouts = useMyPayouts(user?.id);
  const items = payouts.data?.items ?? [];

  return (
    <div className="page money-page">
      <div className="money-page__head">
        <h1 className="page__title">{t('ACCOUNT.MY_PAYOUTS')}</h1>
        <Link to={path('userpayout')} className="button button--primary">
          {t('SALES.REQUEST_PAYOUT')}
        </Link>
      </div>
      <p className="notice" data-testid="payout-notice">
        {t('PAYOUT.RECEIVED_NOTICE')}
      </p>
      {payouts.isPending && <TableSkeleton />}
      {payouts.isError && <LoadError onRetry={payouts.refetch} error={payouts.error} />}
      {payouts.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="payouts-none">
          {t('PAYOUT.NONE')}
        </p>
      )}
      {items.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.MY_PAYOUTS')}
          testId="my-payouts"
          rows={items}
          rowKey={(p) => p.id}
          rowAttributes={() => ({ 'data-testid': 'my-payout-row' })}
          columns={payoutColumns(t, undefined, 'my-payout-date')}
        />
      )}
    </div>
  );
}
