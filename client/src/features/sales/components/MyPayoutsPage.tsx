import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
import { PayoutStatusBadge } from '../../../components/PayoutStatusBadge';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { formatDay } from '../../../utils/period';
import { useMyPayouts } from '../api/get-payouts';
import './sales.css';
import { DataTable } from '../../../components/DataTable';
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
        <DataTable caption={t('ACCOUNT.MY_PAYOUTS')} testId="my-payouts">
          <thead>
            <tr>
              <th scope="col">{t('PAYOUT.USER')}</th>
              <th scope="col">{t('PAYOUT.IBAN')}</th>
              <th scope="col" className="table__num">
                {t('PAYOUT.AMOUNT')}
              </th>
              <th scope="col" className="table__num">
                {t('PAYOUT.TRANSFER_FEE')}
              </th>
              <th scope="col" className="table__num">
                {t('PAYOUT.NET_AMOUNT')}
              </th>
              <th scope="col">{t('PAYOUT.REQUESTED_AT')}</th>
              <th scope="col">{t('PAYOUT.PAYOUT_DATE')}</th>
              <th scope="col">{t('PAYOUT.STATUS_COLUMN')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id} data-testid="my-payout-row">
                <td>{p.payeeName}</td>
                <td className="iban">{p.iban}</td>
                <td className="table__num">
                  <Money cents={p.amount} />
                </td>
                <td className="table__num">
                  <Money cents={p.transferFee} />
                </td>
                <td className="table__num">
                  <Money cents={p.netAmount} />
                </td>
                <td>
                  <FormattedDate value={p.requestedAt} />
                </td>
                <td data-testid="my-payout-date">{p.executionDate ? formatDay(p.executionDate) : '–'}</td>
                <td>
                  <PayoutStatusBadge status={p.status} />
                  {p.reason && <span className="hint payout-reason">{p.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
