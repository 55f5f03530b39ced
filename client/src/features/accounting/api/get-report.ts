import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, httpDownload, type Download } from '../../../api/http';
import type { ReconciliationReport } from '../../../api/money-types';

export const reportKeys = {
  all: ['accounting', 'report'] as const,
  period: (period: { from: string; to: string }) => [...reportKeys.all, period] as const,
};

export function getReport(
  period: { from: string; to: string },
  signal?: AbortSignal,
): Promise<ReconciliationReport> {
  return http<ReconciliationReport>('/accounting/report', { query: period, signal });
}

export function reportQueryOptions(period: { from: string; to: string }) {
  return queryOptions({
    queryKey: reportKeys.period(period),
    queryFn: ({ signal }) => getReport(period, signal),
  });
}

/** The period's reconciliation report. */
export function useReport(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({ ...reportQueryOptions(period), enabled });
}

export function downloadReportCsv(period: { from: string; to: string }): Promise<Download> {
  return httpDownload('/accounting/report.csv', { query: period, timeoutMs: 60_000 });
}
