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

/** What the request would record (api.md "payouts/check"): the IBAN as kept, the name as the bank file writes it. */
export interface PayoutRequestCheck {
  iban: string;
  accountHolder: string;
  accountHolderLatin: string | null;
  amount: number;
  transferFee: number;
  netAmount: number;
}

/** Checks the request by the server's own rules before the uploader confirms it; nothing is recorded. */
export function checkPayoutRequest(uploaderId: string, form: PayoutRequestForm): Promise<PayoutRequestCheck> {
  return http<PayoutRequestCheck>(`/uploaders/${encodeURIComponent(uploaderId)}/payouts/check`, {
    method: 'POST',
    body: form,
  });
}

export function useCheckPayoutRequest(uploaderId: string) {
  return useMutation({ mutationFn: (form: PayoutRequestForm) => checkPayoutRequest(uploaderId, form) });
}
