import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { basketQueryOptions, emptyBasket, useBasket } from '../features/basket/api/get-basket';
import { BASKET_ID_STORAGE_KEY } from '../stores/basket-store';
import { createQueryClient } from './provider';

function withAppQueryClient() {
  // The app's own query defaults (render-app.tsx makes every query stale for its tests).
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** The basket query as the app runs it (features/basket/api/get-basket.ts), with the app's query defaults. */
describe('the basket query', () => {
  it('shows the basket this page created as empty without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { result } = renderHook(() => useBasket(), { wrapper: withAppQueryClient() });
    expect(result.current.data).toEqual(emptyBasket(result.current.data!.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the server for a basket the page did not create (one kept from an earlier visit)', async () => {
    const kept = '0195f0c2-0000-7000-8000-0000000000b1';
    localStorage.setItem(BASKET_ID_STORAGE_KEY, kept);
    const answer = { ...emptyBasket(kept), documentCount: 1, total: 1240 };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    const { result } = renderHook(() => useQuery(basketQueryOptions(kept)), {
      wrapper: withAppQueryClient(),
    });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(answer));
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/baskets/${kept}`);
  });
});
