import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Payout } from '../../../api/money-types';
import { adminPayoutKeys } from './get-admin-payouts';

export interface PayoutRejection {
  reason: string;
  /** The admin's word that the bank did not pay it: needed when its file may be at the bank. */
  bankDidNotPayConfirmed?: boolean;
}

export function rejectPayout(id: string, rejection: PayoutRejection): Promise<Payout> {
  return http<Payout>(`/admin/payouts/${encodeURIComponent(id)}/reject`, { method: 'POST', body: rejection });
}

/** Rejects a payout; every payout list, payout file and balance is read again. */
export function useRejectPayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rejection: PayoutRejection) => rejectPayout(id, rejection),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]);
    },
  });
}
