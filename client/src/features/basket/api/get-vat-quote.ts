import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { VatTreatment } from '../../../api/types';
import { useBasketId } from '../../../stores/basket-store';
import { basketKeys } from './get-basket';

/** What the cart has of the buyer so far (POST /api/baskets/:id/vat-quote). */
export interface VatQuoteRequest {
  country: string;
  vatNumber: string | null;
  paymentMethod: string | null;
  countryOfResidence: string | null;
  payWithVatWhileViesUnavailable: boolean;
}

/** The VAT for those details before confirming, or what is missing (api.md "VatQuote"). */
export interface VatQuote {
  state: 'decided' | 'question' | 'vies-unavailable' | 'vies-invalid';
  provisional: boolean;
  treatment: VatTreatment | null;
  reason: string | null;
  buyerCountry: string | null;
  vatCountry: string | null;
  rate: number | null;
  question: { kind: 'contradiction' | 'confirmation'; options: string[] } | null;
  vies: {
    status: 'valid' | 'invalid' | 'unavailable';
    vatNumber: string;
    error: string | null;
    consultationNumber: string | null;
  } | null;
  subtotal: number | null;
  serviceFee: number;
  vat: number | null;
  total: number | null;
}

export function getVatQuote(
  basketId: string,
  request: VatQuoteRequest,
  signal?: AbortSignal,
): Promise<VatQuote> {
  return http<VatQuote>(`/baskets/${encodeURIComponent(basketId)}/vat-quote`, {
    method: 'POST',
    body: request,
    signal,
  });
}

export function vatQuoteQueryOptions(basketId: string, request: VatQuoteRequest, subtotal: number) {
  return queryOptions({
    queryKey: [...basketKeys.detail(basketId), 'vat-quote', { ...request, subtotal }] as const,
    queryFn: ({ signal }) => getVatQuote(basketId, request, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The cart's VAT preview for the buyer's details: asked when the country, the VAT number (once typed),
 * the payment method or an answer changes; the last answer stays on screen while the next one loads.
 */
export function useVatQuote(request: VatQuoteRequest | null, subtotal: number) {
  const basketId = useBasketId();
  return useQuery({
    ...vatQuoteQueryOptions(basketId, request ?? emptyRequest, subtotal),
    enabled: request !== null && request.country !== '',
    placeholderData: keepPreviousData,
  });
}

const emptyRequest: VatQuoteRequest = {
  country: '',
  vatNumber: null,
  paymentMethod: null,
  countryOfResidence: null,
  payWithVatWhileViesUnavailable: false,
};
