import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Basket } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

export function removeDocumentFromBasket(basketId: string, documentId: string): Promise<Basket> {
  return http<Basket>(
    `/baskets/${encodeURIComponent(basketId)}/documents/${encodeURIComponent(documentId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveDocumentFromBasket() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => removeDocumentFromBasket(basketId, documentId),
    onSuccess: (basket) => queryClient.setQueryData(basketKeys.detail(basketId), basket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}
