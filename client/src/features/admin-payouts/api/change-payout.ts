import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Payout } from '../../../api/money-types';
import { adminPayoutKeys } from './get-admin-payouts';

export type PayoutChange = { kind: 'execute'; executionDate: string } | { kind: 'reject'; reason: string };

export function changePayout(id: string, change: PayoutChange): Promise<Payout> {
  const body =
    change.kind === 'execute' ? { executionDate: change.executionDate } : { reason: change.reason };
  return http<Payout>(`/admin/payouts/${encodeURIComponent(id)}/${change.kind}`, { method: 'POST', body });
}

/** Marks a payout paid or rejects it; every payout list and balance is read again. */
export function useChangePayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PayoutChange) => changePayout(id, change),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]);
    },
  });
}
