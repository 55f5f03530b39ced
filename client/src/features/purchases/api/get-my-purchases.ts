import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { purchaseKeys, type PurchaseStatus } from './get-purchase';

/** A purchase in a list (api.md "My purchases"). */
export interface PurchaseListItem {
  id: string;
  number: string;
  status: PurchaseStatus;
  documentTitles: string[];
  total: number;
  createdAt: string;
  paidAt: string | null;
  canceledAt: string | null;
  activeUntil: string | null;
  invoiceNumber: string | null;
}

export interface PurchaseListPage {
  items: PurchaseListItem[];
  total: number;
  offset: number;
  limit: number;
}

export const MY_PURCHASES_PAGE_SIZE = 20;

export function getMyPurchases(offset: number, signal?: AbortSignal): Promise<PurchaseListPage> {
  return http<PurchaseListPage>('/user/purchases', {
    query: { offset, limit: MY_PURCHASES_PAGE_SIZE },
    signal,
  });
}

export function myPurchasesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: purchaseKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyPurchases(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** What the signed-in buyer bought while signed in, newest first. */
export function useMyPurchases() {
  return useInfiniteQuery(myPurchasesQueryOptions());
}
