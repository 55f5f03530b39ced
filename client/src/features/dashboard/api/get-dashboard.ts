import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Dashboard } from '../../../api/money-types';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (period: { from: string; to: string }) => [...dashboardKeys.all, period] as const,
};

export function getDashboard(period: { from: string; to: string }, signal?: AbortSignal): Promise<Dashboard> {
  return http<Dashboard>('/admin/dashboard', { query: period, signal });
}

export function dashboardQueryOptions(period: { from: string; to: string }) {
  return queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) => getDashboard(period, signal),
  });
}

/** The admin dashboard of a period. */
export function useDashboard(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({ ...dashboardQueryOptions(period), enabled });
}
