import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Basket } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

export function clearBasket(basketId: string): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}/documents`, { method: 'DELETE' });
}

export function useClearBasket() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearBasket(basketId),
    onSuccess: (basket) => queryClient.setQueryData(basketKeys.detail(basketId), basket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}
