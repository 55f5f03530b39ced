import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { Basket, InvoiceRequest } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

/** The cart's form as the server takes it (POST /api/baskets/:id/confirmation). */
export interface ConfirmBasketBody {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  /** The billing address's country (ISO alpha-2). */
  country: string;
  previewsSeen: boolean;
  termsAccepted: boolean;
  invoice: InvoiceRequest | null;
  paymentMethod: string;
  /** The total the buyer saw (with their VAT): the server refuses when it changed since. */
  expectedTotal: number;
  /** The buyer's answer when the VAT evidence asked where they live. */
  countryOfResidence: string | null;
  /** The buyer chose to pay with VAT while VIES does not answer. */
  payWithVatWhileViesUnavailable: boolean;
}

export function confirmBasket(basketId: string, body: ConfirmBasketBody): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}/confirmation`, { method: 'POST', body });
}

/** Reopens the confirmed details (the basket becomes unconfirmed, documents kept). */
export function reopenBasket(basketId: string): Promise<Basket> {
  return http<Basket>(`/baskets/${encodeURIComponent(basketId)}/confirmation`, { method: 'DELETE' });
}

export function useConfirmBasket() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmBasketBody) => confirmBasket(basketId, body),
    onSuccess: (basket) => queryClient.setQueryData(basketKeys.detail(basketId), basket),
    // A refusal because prices changed leaves a repriced basket on the server: show it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}

export function useReopenBasket() {
  const basketId = useBasketId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenBasket(basketId),
    onSuccess: (basket) => queryClient.setQueryData(basketKeys.detail(basketId), basket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}
