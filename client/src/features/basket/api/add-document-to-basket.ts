import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { ApiError, http } from '../../../api/http';
import type { Basket, DocumentRef } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';
import { useUiActions } from '../../../stores/ui-store';
import { basketKeys } from './get-basket';

export const DOCUMENT_ALREADY_IN_BASKET = 'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET';

export function addDocumentToBasket(basketId: string, documentId: string): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}/documents`, {
    method: 'POST',
    body: { documentId },
  });
}

export function useAddDocumentToBasket() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => addDocumentToBasket(basketId, documentId),
    onSuccess: (basket) => queryClient.setQueryData(basketKeys.detail(basketId), basket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}

/**
 * Add to basket as the user sees it (SPEC §4, §8): confirm first; then a success toast, an info
 * toast when the document is already there, or the error.
 */
export type RequestAddToBasket = (document: DocumentRef) => void;

export function useRequestAddToBasket() {
  const { t } = useTranslation();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const mutation = useAddDocumentToBasket();
  const { mutate } = mutation;

  // The same function from render to render (while the language stays): the basket's context hands it to
  // every button without re-rendering them.
  const request: RequestAddToBasket = useCallback(
    (document) =>
      confirmRequested({
        title: t('BASKET.ADD_CONFIRM_TITLE'),
        text: t('BASKET.ADD_CONFIRM_TEXT', { title: document.title }),
        onConfirm: () =>
          mutate(document.id, {
            onSuccess: () => toastShown({ tone: 'success', text: t('BASKET.ADDED') }),
            onError: (error) => {
              if (error instanceof ApiError && error.is(DOCUMENT_ALREADY_IN_BASKET)) {
                toastShown({ tone: 'info', text: t(DOCUMENT_ALREADY_IN_BASKET) });
              } else {
                errorOccurred(error);
              }
            },
          }),
      }),
    [confirmRequested, toastShown, errorOccurred, mutate, t],
  );

  return { request, isPending: mutation.isPending, pendingDocumentId: mutation.variables };
}
