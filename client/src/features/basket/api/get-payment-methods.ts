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
  country: string,
  signal?: AbortSignal,
): Promise<{ methods: PaymentMethod[] }> {
  const query = country ? `?country=${encodeURIComponent(country)}` : '';
  return http<{ methods: PaymentMethod[] }>(
    `/baskets/${encodeURIComponent(basketId)}/payment-methods${query}`,
    { signal },
  );
}

export function paymentMethodsQueryOptions(basketId: string, total: number, country: string) {
  return queryOptions({
    // The offer depends on the amount and the buyer's country (its bank links), so both are in the key.
    queryKey: [...basketKeys.detail(basketId), 'payment-methods', { total, country }] as const,
    queryFn: ({ signal }) => getPaymentMethods(basketId, country, signal),
    staleTime: 5 * 60_000,
  });
}

/** The methods the gateway offers for the basket's total to a buyer in `country`: its bank links, and cards. */
export function usePaymentMethods(total: number, country: string, enabled: boolean) {
  const basketId = useBasketId();
  return useQuery({ ...paymentMethodsQueryOptions(basketId, total, country), enabled });
}
