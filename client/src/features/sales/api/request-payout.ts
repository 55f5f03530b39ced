import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Payout } from '../../../api/money-types';
import { payoutKeys } from './get-payouts';
import { salesKeys } from './get-sales';

export interface PayoutRequestForm {
  iban: string;
  accountHolder: string;
  /** The uploader's declaration that the account is in their name. */
  accountHolderDeclared: boolean;
  /** Cents. */
  amount: number;
}

export function requestPayout(uploaderId: string, form: PayoutRequestForm): Promise<Payout> {
  return http<Payout>(`/uploaders/${encodeURIComponent(uploaderId)}/payouts`, {
    method: 'POST',
    body: form,
  });
}

/** Asks for a payout; the balance, the sales and the payouts are read again afterwards. */
export function useRequestPayout(uploaderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PayoutRequestForm) => requestPayout(uploaderId, form),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: salesKeys.all }),
      ]);
    },
  });
}
