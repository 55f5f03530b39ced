import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useUiActions } from '../../../stores/ui-store';
import { yearToDate } from '../../../utils/period';
import { saveDownload } from '../../../utils/save-download';
import { downloadReportCsv, useReport } from '../api/get-report';
import { AuditorOnly } from './AuditorOnly';
import { journalQuery } from './journal-query';
import './accounting.css';
import { LoadError } from '../../../components/LoadError';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Report() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const { errorOccurred } = useUiActions();
  const fallback = yearToDate();
  const period = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : fallback.from,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : fallback.to,
  };
  const report = useReport(period, true);
  const data = report.data;
  const change = (field: 'from' | 'to', value: string) => {
    if (DAY.test(value)) setParams({ ...period, [field]: value }, { replace: true });
  };
  const exportCsv = () =>
    downloadReportCsv(period).then((file) => saveDownload(file, 'reconciliation.csv'), errorOccurred);

  return (
    <>
      <div className="accounting-filters">
        <div className="field">
          <label htmlFor="report-from" className="field__label">
            {t('SALES.FROM')}
          </label>
          <input
            id="report-from"
            type="date"
            className="field__control"
            value={period.from}
            max={period.to}
            onChange={(e) => change('from', e.target.value)}
            data-testid="report-from"
          />
        </div>
        <div className="field">
          <label htmlFor="report-to" className="field__label">
            {t('SALES.TO')}
          </label>
          <input
            id="report-to"
            type="date"
            className="field__control"
            value={period.to}
            min={period.from}
            onChange={(e) => change('to', e.target.value)}
            data-testid="report-to"
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void exportCsv()}
          data-testid="report-csv"
        >
          {t('ACCOUNTING.EXPORT_CSV')}
        </button>
      </div>
      {report.isPending && <TableSkeleton />}
      {report.isError && <LoadError onRetry={report.refetch} error={report.error} />}
      {data && (
        <>
          <p
            className={`notice ${data.balances ? 'notice--success' : 'notice--danger'}`}
            role="status"
            data-testid="report-verdict"
            data-balances={data.balances}
          >
            {data.balances ? t('ACCOUNTING.BALANCES') : t('ACCOUNTING.DOES_NOT_BALANCE')}
          </p>
          {data.sections.map((section) => (
            <section
              key={section.key}
              className="card report-section"
              aria-labelledby={`report-${section.key}`}
              data-testid={`report-section-${section.key}`}
            >
              <h2 id={`report-${section.key}`} className="card__title">
                {t(`ACCOUNTING.SECTION.${section.key}`)}
              </h2>
              <p className="hint">{t(`ACCOUNTING.FORMULA.${section.key}`)}</p>
              <table className="table">
                <caption className="visually-hidden">{t(`ACCOUNTING.SECTION.${section.key}`)}</caption>
                <tbody>
                  {section.lines.map((line) => {
                    const query = journalQuery(data, line.sources);
                    return (
                      <tr key={line.key} data-testid={`report-line-${section.key}-${line.key}`}>
                        <th scope="row">{t(`ACCOUNTING.LINE.${line.key}`)}</th>
                        <td className="table__num">
                          {query ? (
                            <Link
                              to={`${path('accountingjournal')}?${query}`}
                              title={t('ACCOUNTING.SHOW_EVENTS', {
                                line: t(`ACCOUNTING.LINE.${line.key}`),
                              })}
                            >
                              <Money cents={line.amount} />
                            </Link>
                          ) : (
                            <Money cents={line.amount} />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                  <tr
                    className="report-check"
                    data-testid={`report-check-${section.key}`}
                    data-balances={section.check.balances}
                  >
                    <th scope="row">{t('ACCOUNTING.CHECK')}</th>
                    <td className="table__num">
                      {section.check.balances ? (
                        t('ACCOUNTING.CHECK_OK')
                      ) : (
                        <>
                          {t('ACCOUNTING.CHECK_DIFFERENCE')}{' '}
                          <Money cents={section.check.left - section.check.right} />
                        </>
                      )}
                    </td>
                  </tr>
                </tbody>
              </table>
            </section>
          ))}
        </>
      )}
    </>
  );
}

/** The reconciliation report (route accountingreport): a period's figures, each linked to its events. */
export function ReportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.RECONCILIATION'));
  return (
    <AuditorOnly title={t('ACCOUNT.RECONCILIATION')}>
      <div className="page accounting">
        <h1 className="page__title">{t('ACCOUNT.RECONCILIATION')}</h1>
        <Report />
      </div>
    </AuditorOnly>
  );
}
