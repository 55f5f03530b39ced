import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { PriceSplit } from './types';

export function getPriceSplit(price: number, signal?: AbortSignal): Promise<PriceSplit> {
  return http<PriceSplit>('/my/price-split', { query: { price }, signal });
}

export function priceSplitQuery(price: number) {
  return queryOptions({
    queryKey: ['my-documents', 'price-split', price],
    queryFn: ({ signal }) => getPriceSplit(price, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** How a sale at this price divides, as the server computes it (only valid prices are asked). */
export function usePriceSplit(price: number | null) {
  return useQuery({ ...priceSplitQuery(price ?? 0), enabled: price !== null });
}
