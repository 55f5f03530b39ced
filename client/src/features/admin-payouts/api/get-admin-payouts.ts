import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Payout, PayoutPage, PayoutStatus } from '../../../api/money-types';

export const adminPayoutKeys = {
  all: ['payouts'] as const,
  list: (status: PayoutStatus | null) => [...adminPayoutKeys.all, 'admin', 'list', { status }] as const,
  one: (id: string) => [...adminPayoutKeys.all, 'admin', 'one', id] as const,
};

export function getAdminPayouts(status: PayoutStatus | null, signal?: AbortSignal): Promise<PayoutPage> {
  return http<PayoutPage>('/admin/payouts', { query: { status, limit: 200 }, signal });
}

export function adminPayoutsQueryOptions(status: PayoutStatus | null) {
  return queryOptions({
    queryKey: adminPayoutKeys.list(status),
    queryFn: ({ signal }) => getAdminPayouts(status, signal),
  });
}

/** The admin payouts list, filtered by state. */
export function useAdminPayouts(status: PayoutStatus | null, enabled: boolean) {
  return useQuery({ ...adminPayoutsQueryOptions(status), enabled });
}

export function getAdminPayout(id: string, signal?: AbortSignal): Promise<Payout> {
  return http<Payout>(`/admin/payouts/${encodeURIComponent(id)}`, { signal });
}

export function adminPayoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminPayoutKeys.one(id),
    queryFn: ({ signal }) => getAdminPayout(id, signal),
  });
}

export function useAdminPayout(id: string | undefined, enabled: boolean) {
  return useQuery({ ...adminPayoutQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
