import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { CreditNoteLinks, InvoiceRequest, Payer, VatTreatment } from '../../../api/types';

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
  cancelReason: 'buyer-canceled' | 'payment-failed' | 'expired' | 'superseded' | null;
  /** A payment arrived after the purchase had ended (or a second one): it is owed back, nothing delivered. */
  refundDue: boolean;
  language: 'et' | 'en';
  payer: Payer;
  paymentMethod: string;
  documents: {
    documentId: string;
    slug: string;
    title: string;
    uploaderName: string;
    price: number;
    /** Its money was given back: its files can no longer be downloaded. */
    refunded?: boolean;
    files: PurchaseFile[];
  }[];
  /** What completed refunds gave back, cents. */
  refundedAmount?: number;
  /** Completed refunds, each with its credit note (or refund receipt) once numbered. */
  refundsDone?: ({
    refundId: string;
    amount: number;
    reason: string;
    completedAt: string | null;
    documents: string[];
  } & CreditNoteLinks)[];
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
  detail: (id: string, key: string | null) => [...purchaseKeys.all, 'detail', id, { key }] as const,
  mine: () => [...purchaseKeys.all, 'mine'] as const,
};

/**
 * A purchase opens for its buyer only (api.md "Purchases"): with the access key from the return page's or
 * the mail's address (sent as X-Purchase-Key), or for the signed-in buyer (the bearer goes along).
 */
export function getPurchase(id: string, key: string | null, signal?: AbortSignal): Promise<PurchaseSummary> {
  return http<PurchaseSummary>(`/purchases/${encodeURIComponent(id)}`, {
    signal,
    headers: key ? { 'X-Purchase-Key': key } : {},
  });
}

/** How many times the return page asks before it stops waiting (about two minutes). */
const MAX_POLLS = 120;

/** Polls every second while the purchase waits for the gateway's word (the payment return page). */
export function purchaseQueryOptions(id: string, key: string | null, pollWhilePending = false) {
  return queryOptions({
    queryKey: purchaseKeys.detail(id, key),
    queryFn: ({ signal }) => getPurchase(id, key, signal),
    refetchInterval: (query) =>
      pollWhilePending &&
      (query.state.data?.status ?? 'pending') === 'pending' &&
      query.state.dataUpdateCount < MAX_POLLS
        ? 1000
        : false,
  });
}

export function usePurchase(id: string, key: string | null, pollWhilePending = false) {
  return useQuery(purchaseQueryOptions(id, key, pollWhilePending));
}
