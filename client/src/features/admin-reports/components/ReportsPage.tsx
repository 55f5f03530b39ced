import { useTranslation } from '../../../i18n';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useProjections, useRebuildProjection } from '../api/projections';
import { DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';

/** Reports (route adminreports): every read model with its position in the log; rebuild with progress. */
export function ReportsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.REPORTS'));
  const isAdmin = useSessionUser()?.isAdmin === true;
  const projections = useProjections(isAdmin);
  const rebuild = useRebuildProjection();
  const { confirmRequested, errorOccurred } = useUiActions();

  if (!isAdmin) {
    return (
      <div className="page">
        <h1 className="page__title">{t('ACCOUNT.REPORTS')}</h1>
        <p className="notice notice--danger" role="alert" data-testid="admin-only">
          {t('ERROR.ADMIN_ONLY')}
        </p>
      </div>
    );
  }
  const start = (name: string) =>
    confirmRequested({
      title: t('REPORTS.REBUILD_CONFIRM_TITLE', { name: t(`REPORTS.NAME.${name}`) }),
      text: t('REPORTS.REBUILD_CONFIRM_TEXT'),
      confirmLabel: t('REPORTS.REBUILD'),
      onConfirm: () => rebuild.mutate(name, { onError: errorOccurred }),
    });

  return (
    <div className="page">
      <h1 className="page__title">{t('ACCOUNT.REPORTS')}</h1>
      <p className="hint">{t('REPORTS.INTRO')}</p>
      {projections.isPending && <TableSkeleton />}
      {projections.isError && <LoadError onRetry={projections.refetch} error={projections.error} />}
      {projections.data && (
        <DataTable caption={t('ACCOUNT.REPORTS')} testId="projections">
          <thead>
            <tr>
              <th scope="col">{t('REPORTS.READ_MODEL')}</th>
              <th scope="col" className="table__num">
                {t('REPORTS.POSITION')}
              </th>
              <th scope="col" className="table__num">
                {t('REPORTS.HEAD')}
              </th>
              <th scope="col">{t('REPORTS.STATE')}</th>
              <th scope="col">{t('REPORTS.REBUILD')}</th>
            </tr>
          </thead>
          <tbody>
            {projections.data.map((p) => {
              const running = p.rebuild !== null && !p.rebuild.done;
              return (
                <tr key={p.name} data-testid="projection-row" data-name={p.name}>
                  <th scope="row">{t(`REPORTS.NAME.${p.name}`)}</th>
                  <td className="table__num" data-testid="projection-position">
                    {p.checkpoint ?? '–'}
                  </td>
                  <td className="table__num">{p.head ?? '–'}</td>
                  <td>
                    {p.error ? (
                      <span className="field__error" role="alert">
                        {t('REPORTS.STOPPED', { error: p.error })}
                      </span>
                    ) : p.behind ? (
                      t('REPORTS.CATCHING_UP')
                    ) : (
                      t('REPORTS.UP_TO_DATE')
                    )}
                  </td>
                  <td>
                    {p.rebuild && (
                      <p className="hint" aria-live="polite" data-testid="projection-progress">
                        {p.rebuild.error
                          ? t('REPORTS.REBUILD_FAILED', { error: p.rebuild.error })
                          : p.rebuild.done
                            ? t('REPORTS.REBUILT', {
                                events: p.rebuild.events,
                                speed: p.rebuild.eventsPerSecond,
                              })
                            : t('REPORTS.REBUILDING', {
                                events: p.rebuild.events,
                                speed: p.rebuild.eventsPerSecond,
                              })}
                      </p>
                    )}
                    {running && (
                      <progress
                        aria-label={t('REPORTS.PROGRESS', { name: t(`REPORTS.NAME.${p.name}`) })}
                        max={Number(p.head ?? 0) || undefined}
                        value={p.rebuild?.events}
                      />
                    )}
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => start(p.name)}
                      disabled={running}
                      aria-label={t('REPORTS.REBUILD_LABEL', { name: t(`REPORTS.NAME.${p.name}`) })}
                      data-testid="projection-rebuild"
                    >
                      {t('REPORTS.REBUILD')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
