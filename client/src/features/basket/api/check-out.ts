import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

/** "Go pay": the purchase made of the confirmed basket, and the gateway page to pay it at. */
export interface CheckoutAnswer {
  purchaseId: string;
  paymentUrl: string;
}

export function checkOut(basketId: string): Promise<CheckoutAnswer> {
  // Creating the gateway's transaction takes a call to the gateway: allow it more than the usual 5 s.
  return http<CheckoutAnswer>(`/baskets/${encodeURIComponent(basketId)}/checkout`, {
    method: 'POST',
    timeoutMs: 20_000,
  });
}

export function useCheckOut() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkOut(basketId),
    onError: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}
