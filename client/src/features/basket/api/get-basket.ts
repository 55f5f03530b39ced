import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Basket } from '../../../api/types';
import { isNewBasketId, useBasketId } from '../../../stores/basket-store';

export const basketKeys = {
  all: ['basket'] as const,
  detail: (basketId: string) => [...basketKeys.all, basketId] as const,
};

export function getBasket(basketId: string, signal?: AbortSignal): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}`, { signal });
}

/** What the server answers for a basket nothing was ever added to (api.md "Basket"). */
export function emptyBasket(basketId: string): Basket {
  return {
    id: basketId,
    documents: [],
    documentCount: 0,
    subtotal: 0,
    serviceFee: 0,
    vat: 0,
    total: 0,
    listTotal: 0,
    vatTreatment: {
      treatment: 'domestic',
      vatCountry: 'EE',
      buyerCountry: null,
      rate: 2400,
      confirmed: false,
    },
    activeUntil: null,
    confirmed: false,
    paymentMethods: null,
    checkout: null,
    purchaseId: null,
  };
}

export function basketQueryOptions(basketId: string) {
  return queryOptions({
    queryKey: basketKeys.detail(basketId),
    queryFn: ({ signal }) => getBasket(basketId, signal),
    // A basket this page just created is known to be empty: the first render shows it without asking the
    // server (adding a document invalidates the query, which then asks).
    initialData: () => (isNewBasketId(basketId) ? emptyBasket(basketId) : undefined),
  });
}

/** The browser's basket (an untouched or expired basket reads as empty). */
export function useBasket() {
  const basketId = useBasketId();
  return useQuery(basketQueryOptions(basketId));
}
