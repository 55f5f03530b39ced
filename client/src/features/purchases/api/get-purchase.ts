import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { VatTreatment } from '../../../api/types';
import type { InvoiceRequest, Payer } from '../../../api/types';

export type PurchaseStatus = 'pending' | 'paid' | 'canceled';

export interface PurchaseFile {
  fileId: string;
  title: string;
  fileName: string;
  format: string;
  sizeKb: number;
  pages: number | null;
  /** Null while unpaid, after the links ran out, or for a file without stored bytes. */
  downloadUrl: string | null;
}

/** A purchase as its buyer sees it (api.md "Purchases"). */
export interface PurchaseSummary {
  id: string;
  number: string;
  status: PurchaseStatus;
  createdAt: string;
  activeUntil: string;
  paidAt: string | null;
  canceledAt: string | null;
  cancelReason: 'buyer-canceled' | 'payment-failed' | 'expired' | null;
  language: 'et' | 'en';
  payer: Payer;
  paymentMethod: string;
  documents: {
    documentId: string;
    slug: string;
    title: string;
    uploaderName: string;
    price: number;
    files: PurchaseFile[];
  }[];
  totals: { price: number; vat: number; taxableAmount: number };
  /** How the purchase is taxed: treatment, rate, whose VAT, where the buyer is. */
  vat: { treatment: VatTreatment; rate: number; vatCountry: string | null; buyerCountry: string | null };
  linksValidUntil: string | null;
  linksExpired: boolean;
  archiveUrl: string | null;
  invoice: (InvoiceRequest & { number: string | null }) | null;
  /** The invoice PDF (when asked for) or the receipt; null until paid. */
  documentUrl: string | null;
  /** The invoice's or receipt's own number (older receipts have none). */
  documentNumber: string | null;
  /** The invoice as an EN 16931 e-invoice (UBL XML); null for receipts. */
  eInvoiceUrl: string | null;
}

export const purchaseKeys = {
  all: ['purchases'] as const,
  detail: (id: string) => [...purchaseKeys.all, 'detail', id] as const,
  mine: () => [...purchaseKeys.all, 'mine'] as const,
};

export function getPurchase(id: string, signal?: AbortSignal): Promise<PurchaseSummary> {
  return http<PurchaseSummary>(`/purchases/${encodeURIComponent(id)}`, { signal, anonymous: true });
}

/** How many times the return page asks before it stops waiting (about two minutes). */
const MAX_POLLS = 120;

/** Polls every second while the purchase waits for the gateway's word (the payment return page). */
export function purchaseQueryOptions(id: string, pollWhilePending = false) {
  return queryOptions({
    queryKey: purchaseKeys.detail(id),
    queryFn: ({ signal }) => getPurchase(id, signal),
    refetchInterval: (query) =>
      pollWhilePending &&
      (query.state.data?.status ?? 'pending') === 'pending' &&
      query.state.dataUpdateCount < MAX_POLLS
        ? 1000
        : false,
  });
}

export function usePurchase(id: string, pollWhilePending = false) {
  return useQuery(purchaseQueryOptions(id, pollWhilePending));
}
