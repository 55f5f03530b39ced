import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { type AdminPurchase, adminPurchaseKeys } from './get-admin-purchases';

/** What the admin gives back: documents of the sale (none named: every one left), or a payment owed back. */
export interface RefundAsk {
  documentIds?: string[];
  transactionId?: string;
  reason: string;
}

/** The purchase after the refund, with what the gateway said: completed, failed or still processing. */
export type RefundAnswer = AdminPurchase & {
  refund: { refundId: string; outcome: 'completed' | 'failed' | 'processing' };
};

export function refundPurchase(id: string, ask: RefundAsk): Promise<RefundAnswer> {
  return http<RefundAnswer>(`/admin/purchases/${encodeURIComponent(id)}/refunds`, {
    method: 'POST',
    body: ask,
  });
}

export function retryRefund(id: string, refundId: string): Promise<RefundAnswer> {
  return http<RefundAnswer>(
    `/admin/purchases/${encodeURIComponent(id)}/refunds/${encodeURIComponent(refundId)}/retry`,
    { method: 'POST' },
  );
}

/** Refunds; the purchase, the purchases lists, the money reports and the sales are read again. */
export function useRefundPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: RefundAsk) => refundPurchase(id, ask),
    onSuccess: (answer) => queryClient.setQueryData(adminPurchaseKeys.detail(id), answer),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPurchaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]);
    },
  });
}

export function useRetryRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => retryRefund(id, refundId),
    onSuccess: (answer) => queryClient.setQueryData(adminPurchaseKeys.detail(id), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchaseKeys.all }),
  });
}
