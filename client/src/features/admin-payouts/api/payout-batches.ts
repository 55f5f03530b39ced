import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, httpDownload, type Download } from '../../../api/http';
import type { PayoutBatch, PayoutBatchPage } from '../../../api/money-types';
import { adminPayoutKeys } from './get-admin-payouts';

export const payoutBatchKeys = {
  all: ['payouts', 'batches'] as const,
  list: () => [...payoutBatchKeys.all, 'list'] as const,
  one: (id: string) => [...payoutBatchKeys.all, 'one', id] as const,
};

export function getPayoutBatches(signal?: AbortSignal): Promise<PayoutBatchPage> {
  return http<PayoutBatchPage>('/admin/payout-batches', { query: { limit: 200 }, signal });
}

/** The payout files handed to the bank, newest first. */
export function usePayoutBatches(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: payoutBatchKeys.list(), queryFn: ({ signal }) => getPayoutBatches(signal) }),
    enabled,
  });
}

export function getPayoutBatch(id: string, signal?: AbortSignal): Promise<PayoutBatch> {
  return http<PayoutBatch>(`/admin/payout-batches/${encodeURIComponent(id)}`, { signal });
}

export function usePayoutBatch(id: string | undefined, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: payoutBatchKeys.one(id ?? ''),
      queryFn: ({ signal }) => getPayoutBatch(id ?? '', signal),
    }),
    enabled: enabled && Boolean(id),
  });
}

/** The batch's file again: the same bytes as when it was exported. */
export function downloadPayoutBatchFile(id: string): Promise<Download> {
  return httpDownload(`/admin/payout-batches/${encodeURIComponent(id)}/file`, { timeoutMs: 30_000 });
}

/** The bank executed the file: every payout still in it is paid on `executionDate`. */
export function useExecutePayoutBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (executionDate: string) =>
      http<PayoutBatch>(`/admin/payout-batches/${encodeURIComponent(id)}/execute`, {
        method: 'POST',
        body: { executionDate },
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]);
    },
  });
}
