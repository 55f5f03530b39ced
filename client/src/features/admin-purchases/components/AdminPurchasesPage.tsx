import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { DataTable } from '../../../components/DataTable';
import { CheckboxField, FormField, TextField } from '../../../components/FormField';
import { PurchaseStatusBadge } from '../../../components/PurchaseStatusBadge';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useAdminPurchases } from '../api/get-admin-purchases';
import { AdminOnlyNotice } from './AdminOnlyNotice';
import './admin-purchases.css';
import { LoadError } from '../../../components/LoadError';

const STATUSES = ['', 'pending', 'paid', 'canceled'] as const;
/** The refund filters of GET /api/admin/purchases: payments owed back, purchases refunded. */
const REFUND_FILTERS = ['due', 'refunded'] as const;

/** Admin purchases (route adminpurchases): user, invoice name, payment date, canceled date, active until, status. */
export function AdminPurchasesPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('ACCOUNT.PURCHASES'));
  const isAdmin = useSessionUser()?.isAdmin === true;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const refund = REFUND_FILTERS.find((value) => value === params.get('refund')) ?? '';
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
  // Owed back or refunded: one at a time.
  const chooseRefunds = (value: (typeof REFUND_FILTERS)[number], only: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (only) next.set('refund', value);
      else next.delete('refund');
      return next;
    });

  return (
    <div className="page admin-purchases">
      <h1 className="page__title">{t('ACCOUNT.PURCHASES')}</h1>
      <form className="admin-purchases__toolbar" onSubmit={filter} role="search">
        <TextField
          id="admin-purchases-filter"
          label={t('ADMIN_PURCHASES.FILTER')}
          type="search"
          value={text}
          placeholder={t('ADMIN_PURCHASES.FILTER_PLACEHOLDER')}
          onChange={setText}
        />
        <FormField id="admin-purchases-status" label={t('PURCHASE.STATUS_LABEL')}>
          {(control) => (
            <select
              {...control}
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
          )}
        </FormField>
        <CheckboxField
          id="admin-purchases-refunds"
          className="admin-purchases__refunds"
          label={t('ADMIN_PURCHASES.ONLY_REFUNDS')}
          checked={refund === 'due'}
          onChange={(only) => chooseRefunds('due', only)}
          testId="admin-purchases-refunds"
        />
        <CheckboxField
          id="admin-purchases-refunded"
          className="admin-purchases__refunds"
          label={t('ADMIN_PURCHASES.ONLY_REFUNDED')}
          checked={refund === 'refunded'}
          onChange={(only) => chooseRefunds('refunded', only)}
          testId="admin-purchases-refunded"
        />
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
        <DataTable
          caption={t('ACCOUNT.PURCHASES')}
          testId="admin-purchases"
          rows={items}
          rowKey={(item) => item.id}
          rowAttributes={() => ({ 'data-testid': 'admin-purchase-row' })}
          more={purchases}
          columns={[
            {
              key: 'number',
              header: t('PURCHASE.NUMBER'),
              cell: (item) => <Link to={path('adminpurchase', { id: item.id })}>{item.number}</Link>,
            },
            {
              key: 'payer',
              header: t('ADMIN_PURCHASES.USER'),
              cell: (item) => (
                <>
                  {item.payer.firstName} {item.payer.lastName}
                  <br />
                  <span className="hint">{item.payer.email}</span>
                </>
              ),
            },
            {
              key: 'invoiceName',
              header: t('ADMIN_PURCHASES.INVOICE_NAME'),
              cell: (i) => i.invoiceName ?? '—',
            },
            { key: 'paidAt', header: t('ADMIN_PURCHASES.PAYMENT_DATE'), date: (item) => item.paidAt },
            {
              key: 'canceledAt',
              header: t('ADMIN_PURCHASES.CANCELED_DATE'),
              date: (item) => item.canceledAt,
            },
            {
              key: 'activeUntil',
              header: t('ADMIN_PURCHASES.ACTIVE_UNTIL'),
              date: (item) => item.activeUntil,
            },
            {
              key: 'status',
              header: t('PURCHASE.STATUS_LABEL'),
              cell: (item) => (
                <>
                  <PurchaseStatusBadge status={item.status} />
                  {(
                    [
                      [item.refundDue, 'admin-purchase-refund-due', 'ADMIN_PURCHASES.REFUND_DUE'],
                      [item.refunded, 'admin-purchase-refunded', 'ADMIN_PURCHASES.REFUNDED'],
                    ] as const
                  )
                    .filter(([shown]) => shown)
                    .map(([, testId, text]) => (
                      <Fragment key={testId}>
                        {' '}
                        <span className="status-badge status-badge--refund" data-testid={testId}>
                          {t(text)}
                        </span>
                      </Fragment>
                    ))}
                </>
              ),
            },
            { key: 'total', header: t('PURCHASE.TOTAL'), money: (item) => item.total },
          ]}
        />
      )}
    </div>
  );
}
