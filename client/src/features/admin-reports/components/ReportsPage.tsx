import { useTranslation } from '../../../i18n';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useProjections, useRebuildProjection } from '../api/projections';
import type { ProjectionReport } from '../../../api/money-types';
import { DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';

/** A read model's rebuild: its progress, and the button that starts it again. */
function Rebuild({
  projection: p,
  onStart,
}: {
  projection: ProjectionReport;
  onStart: (name: string) => void;
}) {
  const { t } = useTranslation();
  const running = p.rebuild !== null && !p.rebuild.done;
  return (
    <>
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
        onClick={() => onStart(p.name)}
        disabled={running}
        aria-label={t('REPORTS.REBUILD_LABEL', { name: t(`REPORTS.NAME.${p.name}`) })}
        data-testid="projection-rebuild"
      >
        {t('REPORTS.REBUILD')}
      </button>
    </>
  );
}

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
        <DataTable
          caption={t('ACCOUNT.REPORTS')}
          testId="projections"
          rows={projections.data}
          rowKey={(p) => p.name}
          rowAttributes={(p) => ({ 'data-testid': 'projection-row', 'data-name': p.name })}
          columns={[
            {
              key: 'name',
              header: t('REPORTS.READ_MODEL'),
              rowHeader: true,
              cell: (p) => t(`REPORTS.NAME.${p.name}`),
            },
            {
              key: 'position',
              header: t('REPORTS.POSITION'),
              num: true,
              testId: 'projection-position',
              cell: (p) => p.checkpoint ?? '–',
            },
            { key: 'head', header: t('REPORTS.HEAD'), num: true, cell: (p) => p.head ?? '–' },
            {
              key: 'state',
              header: t('REPORTS.STATE'),
              cell: (p) =>
                p.error ? (
                  <span className="field__error" role="alert">
                    {t('REPORTS.STOPPED', { error: p.error })}
                  </span>
                ) : p.behind ? (
                  t('REPORTS.CATCHING_UP')
                ) : (
                  t('REPORTS.UP_TO_DATE')
                ),
            },
            {
              key: 'rebuild',
              header: t('REPORTS.REBUILD'),
              cell: (p) => <Rebuild projection={p} onStart={start} />,
            },
          ]}
        />
      )}
    </div>
  );
}
