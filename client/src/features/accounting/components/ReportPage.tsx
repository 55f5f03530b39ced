import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { Card } from '../../../components/Card';
import { DataTable } from '../../../components/DataTable';
import { PeriodFields } from '../../../components/PeriodFields';
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
        <PeriodFields prefix="report" from={period.from} to={period.to} onChange={change} testIds />
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
            <Card
              key={section.key}
              className="report-section"
              title={t(`ACCOUNTING.SECTION.${section.key}`)}
              titleId={`report-${section.key}`}
              testId={`report-section-${section.key}`}
            >
              <p className="hint">{t(`ACCOUNTING.FORMULA.${section.key}`)}</p>
              <DataTable card={false} caption={t(`ACCOUNTING.SECTION.${section.key}`)}>
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
              </DataTable>
            </Card>
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
