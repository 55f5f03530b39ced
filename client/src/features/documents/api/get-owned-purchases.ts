import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** A paid purchase of the document by the signed-in buyer (api.md "My purchases", documentId). */
export interface OwnedPurchase {
  id: string;
  number: string;
  paidAt: string | null;
}

interface OwnedPage {
  items: OwnedPurchase[];
  total: number;
}

export function ownedPurchasesQuery(documentId: string) {
  return queryOptions({
    // Under the purchases' own key, so whatever refreshes My purchases refreshes this too.
    queryKey: ['purchases', 'mine', 'document', documentId],
    queryFn: ({ signal }) =>
      http<OwnedPage>('/user/purchases', { query: { documentId, status: 'paid', limit: 5 }, signal }),
  });
}

/** The signed-in buyer's paid purchases of this document, newest first; none for a visitor. */
export function useOwnedPurchases(documentId: string | undefined, signedIn: boolean) {
  return useQuery({
    ...ownedPurchasesQuery(documentId ?? ''),
    enabled: signedIn && documentId !== undefined,
  });
}
