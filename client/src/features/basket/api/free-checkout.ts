import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';
import { addDocumentToBasket } from './add-document-to-basket';
import { basketKeys } from './get-basket';

/** "Get it free" (api.md "free-checkout"): the purchase, and its page with the files (the key in its fragment). */
export interface FreeCheckoutAnswer {
  purchaseId: string;
  summaryUrl: string;
}

export interface FreeCheckoutBody {
  email: string;
  termsAccepted: boolean;
}

export function freeCheckout(basketId: string, body: FreeCheckoutBody): Promise<FreeCheckoutAnswer> {
  return http<FreeCheckoutAnswer>(`/baskets/${encodeURIComponent(basketId)}/free-checkout`, {
    method: 'POST',
    body,
    timeoutMs: 20_000,
  });
}

/**
 * Gets free documents in one step: the visitor's own basket when it holds only free documents (the cart),
 * or one free document in a basket of its own, so the visitor's basket stays as it is (the document page).
 */
export function useFreeCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      basketId,
      documentId,
      body,
    }: {
      basketId: string;
      documentId?: string;
      body: FreeCheckoutBody;
    }) => {
      // Tried before (a wrong e-mail, say): the document is in that basket already.
      if (documentId)
        await addDocumentToBasket(basketId, documentId).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.is('SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET')))
            throw error;
        });
      return freeCheckout(basketId, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}
