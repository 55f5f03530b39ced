import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

/** A way to pay the gateway offers (api.md "Checkout"). */
export interface PaymentMethod {
  id: string;
  group: 'banklink' | 'card' | 'other';
  name: string;
  displayName: string;
  /** Lower-case country of a bank link; null for cards. */
  country: string | null;
}

export function getPaymentMethods(
  basketId: string,
  signal?: AbortSignal,
): Promise<{ methods: PaymentMethod[] }> {
  return http<{ methods: PaymentMethod[] }>(`/baskets/${encodeURIComponent(basketId)}/payment-methods`, {
    signal,
  });
}

export function paymentMethodsQueryOptions(basketId: string, total: number) {
  return queryOptions({
    // The offer depends on the amount, so the total is part of the key.
    queryKey: [...basketKeys.detail(basketId), 'payment-methods', { total }] as const,
    queryFn: ({ signal }) => getPaymentMethods(basketId, signal),
    staleTime: 5 * 60_000,
  });
}

/** The methods the gateway offers for the basket's total: bank links by country, and cards. */
export function usePaymentMethods(total: number, enabled: boolean) {
  const basketId = useBasketId();
  return useQuery({ ...paymentMethodsQueryOptions(basketId, total), enabled });
}
