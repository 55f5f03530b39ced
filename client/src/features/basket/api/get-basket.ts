import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Basket } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';

export const basketKeys = {
  all: ['basket'] as const,
  detail: (basketId: string) => [...basketKeys.all, basketId] as const,
};

export function getBasket(basketId: string, signal?: AbortSignal): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}`, { signal });
}

export function basketQueryOptions(basketId: string) {
  return queryOptions({
    queryKey: basketKeys.detail(basketId),
    queryFn: ({ signal }) => getBasket(basketId, signal),
  });
}

/** The browser's basket (an untouched or expired basket reads as empty). */
export function useBasket() {
  const basketId = useBasketId();
  return useQuery(basketQueryOptions(basketId));
}
