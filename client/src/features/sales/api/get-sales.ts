import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { SalesSummary } from '../../../api/money-types';

export const salesKeys = {
  all: ['sales'] as const,
  summary: (uploaderId: string, period: { from: string; to: string }) =>
    [...salesKeys.all, uploaderId, period] as const,
};

export function getSales(
  uploaderId: string,
  period: { from: string; to: string },
  signal?: AbortSignal,
): Promise<SalesSummary> {
  return http<SalesSummary>(`/uploaders/${encodeURIComponent(uploaderId)}/sales`, { query: period, signal });
}

export function salesQueryOptions(uploaderId: string, period: { from: string; to: string }) {
  return queryOptions({
    queryKey: salesKeys.summary(uploaderId, period),
    queryFn: ({ signal }) => getSales(uploaderId, period, signal),
  });
}

/**
 * "My sales" of the signed-in uploader for a period (asked only when `valid`); the figures of the period
 * before stay on the screen while another loads.
 */
export function useSales(
  uploaderId: string | undefined,
  { from, to, valid = true }: { from: string; to: string; valid?: boolean },
) {
  return useQuery({
    ...salesQueryOptions(uploaderId ?? '', { from, to }),
    enabled: Boolean(uploaderId) && valid,
    placeholderData: keepPreviousData,
  });
}
