import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Basket } from '../../../api/types';
import { type RequestAddToBasket, useRequestAddToBasket } from '../api/add-document-to-basket';
import { useBasket } from '../api/get-basket';

/** What the basket's buttons and the top bar's link need: the basket, and adding to it. */
export interface BasketActions {
  /** Undefined while a basket kept from an earlier visit is being read. */
  basket: Basket | undefined;
  /** Asks to confirm, then adds the document (toasts for the outcome). */
  request: RequestAddToBasket;
  /** The document being added just now, if any. */
  addingDocumentId: string | null;
}

const BasketContext = createContext<BasketActions | null>(null);

/**
 * The browser's basket and the add action, once for the whole page: every "Add to cart" button and the
 * top bar's link read them here instead of each holding its own query observer and mutation (a page of
 * search results has twenty buttons).
 */
export function BasketProvider({ children }: { children: ReactNode }) {
  const { data: basket } = useBasket();
  const { request, isPending, pendingDocumentId } = useRequestAddToBasket();
  const addingDocumentId = isPending ? (pendingDocumentId ?? null) : null;
  const actions = useMemo(() => ({ basket, request, addingDocumentId }), [basket, request, addingDocumentId]);
  return <BasketContext.Provider value={actions}>{children}</BasketContext.Provider>;
}

/** The basket and adding to it, from the BasketProvider around the page (the app's layout). */
export function useBasketActions(): BasketActions {
  const actions = useContext(BasketContext);
  if (!actions) throw new Error('useBasketActions needs a BasketProvider around it');
  return actions;
}
