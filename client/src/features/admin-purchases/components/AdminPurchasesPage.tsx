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
import { useAdminPurchases } from '../api/get-admin-purchases';
import { AdminOnlyNotice } from './AdminOnlyNotice';
import './admin-purchases.css';
import { LoadError } from '../../../components/LoadError';

const STATUSES = ['', 'pending', 'paid', 'canceled'] as const;

/** Admin purchases (route adminpurchases): user, invoice name, payment date, canceled date, active until, status. */
export function AdminPurchasesPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('ACCOUNT.PURCHASES'));
  const isAdmin = useSessionUser()?.isAdmin === true;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const refund = params.get('refund') === 'due' ? 'due' : '';
  const [text, setText] = useState(q);
  const purchases = useAdminPurchases(q, status, refund, isAdmin);

  if (!isAdmin) return <AdminOnlyNotice title={t('ACCOUNT.PURCHASES')} />;
  const items = purchases.data?.pages.flatMap((page) => page.items) ?? [];
  const total = purchases.data?.pages.at(-1)?.total ?? 0;

  const filter = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      return next;
    });
  };
  const chooseStatus = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('status', value);
      else next.delete('status');
      return next;
    });
  const chooseRefunds = (only: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (only) next.set('refund', 'due');
      else next.delete('refund');
      return next;
    });

  return (
    <div className="page admin-purchases">
      <h1 className="page__title">{t('ACCOUNT.PURCHASES')}</h1>
      <form className="admin-purchases__toolbar" onSubmit={filter} role="search">
        <div className="field">
          <label htmlFor="admin-purchases-filter" className="field__label">
            {t('ADMIN_PURCHASES.FILTER')}
          </label>
          <input
            id="admin-purchases-filter"
            className="field__control"
            type="search"
            value={text}
            placeholder={t('ADMIN_PURCHASES.FILTER_PLACEHOLDER')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="admin-purchases-status" className="field__label">
            {t('PURCHASE.STATUS_LABEL')}
          </label>
          <select
            id="admin-purchases-status"
            className="field__control"
            value={status}
            onChange={(event) => chooseStatus(event.target.value)}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value ? t(`PURCHASE.STATUS.${value}`) : t('ADMIN_PURCHASES.ALL_STATUSES')}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox admin-purchases__refunds">
          <input
            type="checkbox"
            checked={refund === 'due'}
            onChange={(event) => chooseRefunds(event.target.checked)}
            data-testid="admin-purchases-refunds"
          />
          <span>{t('ADMIN_PURCHASES.ONLY_REFUNDS')}</span>
        </label>
        <button type="submit" className="button button--secondary">
          {t('ADMIN_PURCHASES.APPLY')}
        </button>
      </form>
      {purchases.isPending && <TableSkeleton />}
      {purchases.isError && <LoadError onRetry={purchases.refetch} error={purchases.error} />}
      {purchases.isSuccess && (
        <p className="hint" data-testid="admin-purchases-count">
          {t('ADMIN_USERS.SHOWING', { visible: items.length, total })}
        </p>
      )}
      {items.length > 0 && (
        <div className="card table-wrap">
          <table className="table" data-testid="admin-purchases">
            <thead>
              <tr>
                <th scope="col">{t('PURCHASE.NUMBER')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.USER')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.INVOICE_NAME')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.PAYMENT_DATE')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.CANCELED_DATE')}</th>
                <th scope="col">{t('ADMIN_PURCHASES.ACTIVE_UNTIL')}</th>
                <th scope="col">{t('PURCHASE.STATUS_LABEL')}</th>
                <th scope="col" className="table__num">
                  {t('PURCHASE.TOTAL')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="admin-purchase-row">
                  <td>
                    <Link to={path('adminpurchase', { id: item.id })}>{item.number}</Link>
                  </td>
                  <td>
                    {item.payer.firstName} {item.payer.lastName}
                    <br />
                    <span className="hint">{item.payer.email}</span>
                  </td>
                  <td>{item.invoiceName ?? '—'}</td>
                  <td>
                    <FormattedDate value={item.paidAt} />
                  </td>
                  <td>
                    <FormattedDate value={item.canceledAt} />
                  </td>
                  <td>
                    <FormattedDate value={item.activeUntil} />
                  </td>
                  <td>
                    <span className={`admin-status admin-status--${item.status}`}>
                      {t(`PURCHASE.STATUS.${item.status}`)}
                    </span>
                    {item.refundDue && (
                      <>
                        {' '}
                        <span
                          className="admin-status admin-status--refund"
                          data-testid="admin-purchase-refund-due"
                        >
                          {t('ADMIN_PURCHASES.REFUND_DUE')}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="table__num">
                    <Money cents={item.total} />
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
