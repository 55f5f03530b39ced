import { Fragment } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUiActions } from '../../../stores/ui-store';
import { formatDateTime } from '../../../utils/format';
import { saveDownload } from '../../../utils/save-download';
import { downloadJournalCsv, type JournalFilter, useJournal } from '../api/get-journal';
import { AuditorOnly } from './AuditorOnly';
import { ACCOUNT_GROUPS, accountLabel } from './accounts';
import './accounting.css';
import { DataTable } from '../../../components/DataTable';
import { FormField } from '../../../components/FormField';
import { PeriodFields } from '../../../components/PeriodFields';
import { LoadError } from '../../../components/LoadError';

const FILTER_KEYS = ['from', 'to', 'group', 'movement', 'payoutId', 'purchaseId'] as const;

function Journal() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter: JournalFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const journal = useJournal(filter, true);
  const { errorOccurred } = useUiActions();
  const pages = journal.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const last = pages[pages.length - 1];

  const set = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'group') next.delete('movement');
        return next;
      },
      { replace: true },
    );
  const exportCsv = () =>
    downloadJournalCsv(filter).then((file) => saveDownload(file, 'journal.csv'), errorOccurred);

  return (
    <>
      <div className="accounting-filters">
        <PeriodFields prefix="journal" from={filter.from ?? ''} to={filter.to ?? ''} onChange={set} />
        <FormField id="journal-group" label={t('ACCOUNTING.ACCOUNT')}>
          {(control) => (
            <select
              {...control}
              className="field__control"
              value={filter.movement?.split('|')[0] ?? filter.group ?? ''}
              onChange={(e) => set('group', e.target.value)}
              data-testid="journal-group"
            >
              <option value="">{t('ACCOUNTING.ALL_ACCOUNTS')}</option>
              {ACCOUNT_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {accountLabel(t, g)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void exportCsv()}
          data-testid="journal-csv"
        >
          {t('ACCOUNTING.EXPORT_CSV')}
        </button>
      </div>
      {(filter.movement || filter.payoutId || filter.purchaseId) && (
        <p className="notice" data-testid="journal-filtered">
          {filter.movement &&
            t('ACCOUNTING.FILTERED_MOVEMENT', {
              movement: t(`ACCOUNTING.MOVEMENT.${filter.movement.split('|')[1]}`),
            })}{' '}
          {filter.payoutId && t('ACCOUNTING.FILTERED_PAYOUT', { id: filter.payoutId })}
          {filter.purchaseId && t('ACCOUNTING.FILTERED_PURCHASE', { id: filter.purchaseId })}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setParams({}, { replace: true })}
          >
            {t('ACCOUNTING.CLEAR_FILTER')}
          </button>
        </p>
      )}
      {journal.isPending && <TableSkeleton />}
      {journal.isError && <LoadError onRetry={journal.refetch} error={journal.error} />}
      {last && (
        <p aria-live="polite" data-testid="journal-count">
          {t('ACCOUNTING.SHOWING', { visible: rows.length, total: last.total })} ·{' '}
          {t('ACCOUNTING.TOTAL_AMOUNT')}: <Money cents={last.amount} testId="journal-amount" />
        </p>
      )}
      {rows.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.JOURNAL')}
          testId="journal"
          className="journal"
          rows={rows}
          rowKey={(row) => row.event.eventId}
          rowAttributes={(row) => ({
            id: `event-${row.event.eventId}`,
            'data-testid': 'journal-row',
            'data-event-type': row.event.eventType,
          })}
          more={journal}
          columns={[
            { key: 'position', header: t('ACCOUNTING.POSITION_COLUMN'), cell: (row) => row.event.position },
            {
              key: 'time',
              header: t('ACCOUNTING.TIME'),
              cell: (row) => formatDateTime(row.event.occurredAt),
            },
            {
              key: 'event',
              header: t('ACCOUNTING.EVENT'),
              cell: (row) => (
                <>
                  <strong>{t(`ACCOUNTING.EVENT_TYPE.${row.event.eventType}`)}</strong>
                  <dl className="journal__facts">
                    <dt>{t('ACCOUNTING.EVENT_ID')}</dt>
                    <dd>
                      <code data-testid="journal-event-id">{row.event.eventId}</code>
                    </dd>
                    <dt>{t('ACCOUNTING.STREAM')}</dt>
                    <dd>
                      <code>
                        {row.event.streamId}@{row.event.revision}
                      </code>
                    </dd>
                    <dt>{t('ACCOUNTING.ACTOR')}</dt>
                    <dd>
                      <code>{row.event.actorId ?? '–'}</code>
                    </dd>
                    {row.sources.map((s) => (
                      <Fragment key={s.eventId}>
                        <dt>{t('ACCOUNTING.SOURCE')}</dt>
                        <dd>
                          <code>
                            {s.eventType} {s.eventId}
                          </code>
                        </dd>
                      </Fragment>
                    ))}
                  </dl>
                </>
              ),
            },
            {
              key: 'entries',
              header: t('ACCOUNTING.ENTRIES'),
              cell: (row) => (
                <table className="journal__entries">
                  <thead>
                    <tr>
                      <th scope="col">{t('ACCOUNTING.ACCOUNT')}</th>
                      <th scope="col" className="table__num">
                        {t('ACCOUNTING.DEBIT')}
                      </th>
                      <th scope="col" className="table__num">
                        {t('ACCOUNTING.CREDIT')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {row.entries.map((e, index) => (
                      <tr key={index}>
                        <td>{accountLabel(t, e.account)}</td>
                        <td className="table__num">{e.debit ? <Money cents={e.debit} /> : ''}</td>
                        <td className="table__num">{e.credit ? <Money cents={e.credit} /> : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ),
            },
            { key: 'amount', header: t('ACCOUNTING.AMOUNT'), money: (row) => row.amount },
          ]}
        />
      )}
    </>
  );
}

/** The accountant's journal (route accountingjournal): every money event and its balanced entries. */
export function JournalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.JOURNAL'));
  return (
    <AuditorOnly title={t('ACCOUNT.JOURNAL')}>
      <div className="page accounting">
        <h1 className="page__title">{t('ACCOUNT.JOURNAL')}</h1>
        <Journal />
      </div>
    </AuditorOnly>
  );
}
