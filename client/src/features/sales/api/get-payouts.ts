import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { PayoutPage, PayoutRequestInfo } from '../../../api/money-types';

export const payoutKeys = {
  all: ['payouts'] as const,
  mine: (uploaderId: string) => [...payoutKeys.all, 'uploader', uploaderId] as const,
  request: (uploaderId: string) => [...payoutKeys.all, 'request', uploaderId] as const,
};

export function getMyPayouts(uploaderId: string, signal?: AbortSignal): Promise<PayoutPage> {
  return http<PayoutPage>(`/uploaders/${encodeURIComponent(uploaderId)}/payouts`, {
    query: { limit: 200 },
    signal,
  });
}

export function myPayoutsQueryOptions(uploaderId: string) {
  return queryOptions({
    queryKey: payoutKeys.mine(uploaderId),
    queryFn: ({ signal }) => getMyPayouts(uploaderId, signal),
  });
}

/** "My payouts": the signed-in uploader's payouts, newest first. */
export function useMyPayouts(uploaderId: string | undefined) {
  return useQuery({ ...myPayoutsQueryOptions(uploaderId ?? ''), enabled: Boolean(uploaderId) });
}

export function getPayoutRequestInfo(uploaderId: string, signal?: AbortSignal): Promise<PayoutRequestInfo> {
  return http<PayoutRequestInfo>(`/uploaders/${encodeURIComponent(uploaderId)}/payout-request`, { signal });
}

export function payoutRequestQueryOptions(uploaderId: string) {
  return queryOptions({
    queryKey: payoutKeys.request(uploaderId),
    queryFn: ({ signal }) => getPayoutRequestInfo(uploaderId, signal),
  });
}

/** What the payout request screen shows before the uploader confirms. */
export function usePayoutRequestInfo(uploaderId: string | undefined) {
  return useQuery({ ...payoutRequestQueryOptions(uploaderId ?? ''), enabled: Boolean(uploaderId) });
}
