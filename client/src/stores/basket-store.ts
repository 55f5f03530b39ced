import { create } from 'zustand';

export const BASKET_ID_STORAGE_KEY = 'lepinguturg.basketId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids this page made itself: the server has never heard of them, so their baskets are empty. */
const newBasketIds = new Set<string>();

function newBasketId(): string {
  const basketId = crypto.randomUUID();
  newBasketIds.add(basketId);
  return basketId;
}

/** The browser's basket id: created once with crypto.randomUUID and kept in localStorage (api.md). */
function loadOrCreateBasketId(): string {
  try {
    const stored = localStorage.getItem(BASKET_ID_STORAGE_KEY);
    if (stored && UUID.test(stored)) return stored;
    const created = newBasketId();
    localStorage.setItem(BASKET_ID_STORAGE_KEY, created);
    return created;
  } catch {
    return newBasketId();
  }
}

/**
 * True for an id this page created (a first visit, or the fresh basket after a purchase): nothing can be
 * in it before this page adds something, so there is no need to ask the server what it holds.
 */
export function isNewBasketId(basketId: string): boolean {
  return newBasketIds.has(basketId);
}

interface BasketState {
  basketId: string;
  actions: {
    /** After a purchase the paid basket is left behind and a new one starts. */
    basketAbandoned: () => void;
  };
}

const useBasketStore = create<BasketState>()((set) => ({
  basketId: loadOrCreateBasketId(),
  actions: {
    basketAbandoned: () => {
      const basketId = newBasketId();
      try {
        localStorage.setItem(BASKET_ID_STORAGE_KEY, basketId);
      } catch {
        // private mode: the id lives for this tab only
      }
      set({ basketId });
    },
  },
}));

export const useBasketId = () => useBasketStore((state) => state.basketId);
export const useBasketActions = () => useBasketStore((state) => state.actions);
