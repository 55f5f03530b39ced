import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import type { AdminUser } from '../../../api/types';
import { TableSkeleton } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetUserAccountant } from '../api/set-user-accountant';
import { useSetUserAdmin } from '../api/set-user-admin';
import { useRequirePasswordReset } from '../api/require-password-reset';
import { DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';
import { TextField } from '../../../components/FormField';

export const FILTER_DEBOUNCE_MS = 400;

function AdminAction({
  user,
  selfId,
  pending,
  onToggle,
}: {
  user: AdminUser;
  selfId: string | undefined;
  pending: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  // The server refuses these (admin by configuration; revoking oneself): the client mirrors it.
  const reason = !user.isAdmin
    ? null
    : user.adminByConfig
      ? t('ADMIN_USERS.ADMIN_BY_CONFIG')
      : user.id === selfId
        ? t('ADMIN_USERS.CANNOT_REVOKE_SELF')
        : null;
  // One button for both actions: after a grant or revoke it is the same element, so focus stays on
  // it (SPEC: back to the control that opened the question); pending is aria-disabled for the same reason.
  return (
    <>
      <button
        type="button"
        className={`button button--small ${user.isAdmin ? 'button--danger-ghost' : 'button--secondary'}`}
        onClick={() => !pending && onToggle()}
        disabled={reason !== null}
        aria-disabled={pending || undefined}
        aria-describedby={reason ? `admin-user-reason-${user.id}` : undefined}
        data-testid={user.isAdmin ? 'admin-user-revoke' : 'admin-user-grant'}
      >
        {t(user.isAdmin ? 'ADMIN_USERS.REVOKE' : 'ADMIN_USERS.GRANT')}
        <span className="visually-hidden">: {name}</span>
      </button>
      {reason && (
        <span className="hint admin-users__reason" id={`admin-user-reason-${user.id}`}>
          {reason}
        </span>
      )}
    </>
  );
}

/** Admin users (route adminusers): filter by name or e-mail, page through, grant or revoke admin. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.USERS'));
  const self = useSessionUser();
  const isAdmin = self?.isAdmin === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const users = useAdminUsers(q, isAdmin);
  const setAdmin = useSetUserAdmin();
  const setAccountant = useSetUserAccountant();
  const passwordReset = useRequirePasswordReset();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();

  // Typed freely; the URL (and so the query) follows after a pause.
  const [text, setText] = useState(q);
  const [urlText, setUrlText] = useState(q);
  if (urlText !== q) {
    setUrlText(q);
    setText(q);
  }
  const commit = useEffectEvent((value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set('q', value.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    ),
  );
  useEffect(() => {
    if (text.trim() === q.trim()) return undefined;
    const timer = setTimeout(() => commit(text), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const toggle = (user: AdminUser) => {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const grant = !user.isAdmin;
    confirmRequested({
      title: t(grant ? 'ADMIN_USERS.GRANT_CONFIRM_TITLE' : 'ADMIN_USERS.REVOKE_CONFIRM_TITLE'),
      text: t(grant ? 'ADMIN_USERS.GRANT_CONFIRM_TEXT' : 'ADMIN_USERS.REVOKE_CONFIRM_TEXT', { name }),
      onConfirm: () =>
        setAdmin.mutate(
          { userId: user.id, isAdmin: grant },
          {
            onSuccess: () =>
              toastShown({
                tone: 'success',
                text: t(grant ? 'ADMIN_USERS.GRANTED' : 'ADMIN_USERS.REVOKED', { name }),
              }),
            onError: errorOccurred,
          },
        ),
    });
  };

  const toggleAccountant = (user: AdminUser) => {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const grant = !user.isAccountant;
    confirmRequested({
      title: t(
        grant ? 'ADMIN_USERS.GRANT_ACCOUNTANT_CONFIRM_TITLE' : 'ADMIN_USERS.REVOKE_ACCOUNTANT_CONFIRM_TITLE',
      ),
      text: t(
        grant ? 'ADMIN_USERS.GRANT_ACCOUNTANT_CONFIRM_TEXT' : 'ADMIN_USERS.REVOKE_ACCOUNTANT_CONFIRM_TEXT',
        {
          name,
        },
      ),
      onConfirm: () =>
        setAccountant.mutate(
          { userId: user.id, isAccountant: grant },
          {
            onSuccess: () =>
              toastShown({
                tone: 'success',
                text: t(grant ? 'ADMIN_USERS.ACCOUNTANT_GRANTED' : 'ADMIN_USERS.ACCOUNTANT_REVOKED', {
                  name,
                }),
              }),
            onError: errorOccurred,
          },
        ),
    });
  };

  const requireReset = (user: AdminUser) => {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    confirmRequested({
      title: t('ADMIN_USERS.RESET_CONFIRM_TITLE'),
      text: t('ADMIN_USERS.RESET_CONFIRM_TEXT', { name }),
      onConfirm: () =>
        passwordReset.mutate(user.id, {
          onSuccess: () => toastShown({ tone: 'success', text: t('ADMIN_USERS.RESET_REQUIRED', { name }) }),
          onError: errorOccurred,
        }),
    });
  };

  if (!isAdmin) {
    return (
      <div className="page">
        <h1 className="page__title">{t('ACCOUNT.USERS')}</h1>
        <p className="notice notice--danger" role="alert" data-testid="admin-only">
          {t('ERROR.ADMIN_ONLY')}
        </p>
      </div>
    );
  }

  const pages = users.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[pages.length - 1]?.total ?? 0;

  return (
    <div className="page admin-users">
      <h1 className="page__title">{t('ACCOUNT.USERS')}</h1>
      <div className="admin-users__toolbar">
        <TextField
          id="admin-users-filter"
          fieldClassName="admin-users__filter"
          label={t('ADMIN_USERS.FILTER')}
          type="search"
          value={text}
          placeholder={t('ADMIN_USERS.FILTER_PLACEHOLDER')}
          onChange={setText}
          data-testid="admin-users-filter"
        />
        <p className="admin-users__count" aria-live="polite" data-testid="admin-users-count">
          {users.data ? t('ADMIN_USERS.SHOWING', { visible: items.length, total }) : ''}
        </p>
        {users.isFetching && !users.isFetchingNextPage && <Spinner />}
      </div>

      {users.isError && <LoadError onRetry={users.refetch} error={users.error} />}
      {users.isPending && <TableSkeleton />}
      {users.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="admin-users-empty">
          {t('ADMIN_USERS.NONE')}
        </p>
      )}

      {items.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.USERS')}
          testId="admin-users-table"
          rows={items}
          rowKey={(user) => user.id}
          rowAttributes={(user) => ({
            'data-testid': 'admin-user-row',
            'data-user-id': user.id,
            'data-email': user.email,
          })}
          columns={[
            {
              key: 'first',
              header: t('PROFILE.FIRST_NAME'),
              cell: (user) => user.firstName || t('COMMON.NOT_SET'),
            },
            {
              key: 'last',
              header: t('PROFILE.LAST_NAME'),
              cell: (user) => user.lastName || t('COMMON.NOT_SET'),
            },
            { key: 'email', header: t('PROFILE.EMAIL'), cell: (user) => user.email },
            {
              key: 'role',
              header: t('ADMIN_USERS.ROLE'),
              cell: (user) => (
                <>
                  {user.isAdmin && (
                    <span className="badge badge--admin" data-testid="admin-user-admin-badge">
                      {t('ADMIN_USERS.ADMIN')}
                    </span>
                  )}{' '}
                  {user.isAccountant && (
                    <span className="badge badge--admin" data-testid="admin-user-accountant-badge">
                      {t('ADMIN_USERS.ACCOUNTANT')}
                    </span>
                  )}
                </>
              ),
            },
          ]}
          actions={{
            label: t('ADMIN_USERS.ACTIONS'),
            cell: (user) => (
              <>
                <AdminAction
                  user={user}
                  selfId={self.id}
                  pending={setAdmin.isPending && setAdmin.variables.userId === user.id}
                  onToggle={() => toggle(user)}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => toggleAccountant(user)}
                  disabled={setAccountant.isPending && setAccountant.variables.userId === user.id}
                  aria-label={t(
                    user.isAccountant
                      ? 'ADMIN_USERS.REVOKE_ACCOUNTANT_LABEL'
                      : 'ADMIN_USERS.GRANT_ACCOUNTANT_LABEL',
                    { name: `${user.firstName} ${user.lastName}`.trim() || user.email },
                  )}
                  data-testid={
                    user.isAccountant ? 'admin-user-revoke-accountant' : 'admin-user-grant-accountant'
                  }
                >
                  {t(user.isAccountant ? 'ADMIN_USERS.REVOKE_ACCOUNTANT' : 'ADMIN_USERS.GRANT_ACCOUNTANT')}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => requireReset(user)}
                  disabled={passwordReset.isPending && passwordReset.variables === user.id}
                  data-testid="admin-user-require-reset"
                >
                  {t('ADMIN_USERS.REQUIRE_RESET')}
                  <span className="visually-hidden">
                    : {`${user.firstName} ${user.lastName}`.trim() || user.email}
                  </span>
                </button>
              </>
            ),
          }}
          more={users}
          moreTestId="admin-users-load-more"
        />
      )}
    </div>
  );
}
