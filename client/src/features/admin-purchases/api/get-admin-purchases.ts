import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { CreditNoteLinks, InvoiceRequest, Payer } from '../../../api/types';

export type PurchaseStatus = 'pending' | 'paid' | 'canceled';

/** A purchase in the admin list (SPEC §2: user, invoice name, payment date, canceled date, active until, status). */
export interface AdminPurchaseItem {
  id: string;
  number: string;
  status: PurchaseStatus;
  buyerId: string | null;
  payer: { firstName: string; lastName: string; email: string };
  invoiceName: string | null;
  invoiceNumber: string | null;
  documentTitles: string[];
  total: number;
  createdAt: string;
  paidAt: string | null;
  canceledAt: string | null;
  activeUntil: string | null;
  /** A payment of this purchase is owed back to the payer. */
  refundDue: boolean;
  /** Money was given back to the buyer (a completed refund, whole or in part). */
  refunded: boolean;
}

export interface AdminPurchasePage {
  items: AdminPurchaseItem[];
  total: number;
  offset: number;
  limit: number;
}

export interface HistoryEntry {
  type: string;
  occurredAt: string;
  actorId: string | null;
  data: Record<string, unknown>;
}

/** A payment owed back to the payer (api.md "Admin: purchases"); `refunded` once given back. */
export interface RefundDue {
  status: 'due' | 'refunded';
  reason: 'superseded' | 'canceled' | 'already-paid';
  provider: string;
  transactionId: string;
  amount: number;
  currency: string;
  paidAt: string;
  flaggedAt: string;
}

/** A refund an admin asked for, with what the gateway said and its credit note (api.md "Refunds"). */
export interface RefundRequest extends CreditNoteLinks {
  refundId: string;
  kind: 'sale' | 'payment-due';
  transactionId: string;
  amount: number;
  documents: { documentId: string; title: string; price: number }[];
  whole: boolean;
  reason: string;
  status: 'requested' | 'completed' | 'failed';
  requestedAt: string;
  requestedBy: string | null;
  deferred: { reason: 'still-processing' | 'unavailable'; message: string; at: string } | null;
  failure: { reason: string; message: string; gatewayCode: number | null; at: string } | null;
  completedAt: string | null;
}

/**
 * One purchase with everything recorded about it (api.md "Admin: purchases"); never the buyer's links: the
 * invoice opens through the admin's own link, each opening recorded.
 */
export interface AdminPurchase {
  id: string;
  number: string;
  status: PurchaseStatus;
  createdAt: string;
  activeUntil: string;
  paidAt: string | null;
  canceledAt: string | null;
  cancelReason: string | null;
  language: 'et' | 'en';
  payer: Payer;
  paymentMethod: string;
  documents: { documentId: string; title: string; uploaderName: string; price: number; refunded: boolean }[];
  totals: { price: number; vat: number; licenceFee: number; serviceFee: number; uploaderEarnings: number };
  invoice: (InvoiceRequest & { number: string | null }) | null;
  invoiceUrl: string | null;
  refundDue: boolean;
  refunds: RefundDue[];
  refundRequests: RefundRequest[];
  /** A refund can be asked for now: paid, something left to refund, none waiting at the gateway. */
  refundable: boolean;
  supersededBy: string | null;
  basketId: string;
  buyerId: string | null;
  provider: string | null;
  transactionId: string | null;
  downloadCount: number;
  history: HistoryEntry[];
}

export const ADMIN_PURCHASES_PAGE_SIZE = 20;

export const adminPurchaseKeys = {
  all: ['admin', 'purchases'] as const,
  list: (q: string, status: string, refund: string) =>
    [...adminPurchaseKeys.all, 'list', { q, status, refund }] as const,
  detail: (id: string) => [...adminPurchaseKeys.all, 'detail', id] as const,
};

export function getAdminPurchases(
  params: { q: string; status: string; refund: string; offset: number },
  signal?: AbortSignal,
): Promise<AdminPurchasePage> {
  return http<AdminPurchasePage>('/admin/purchases', {
    query: {
      q: params.q.trim(),
      status: params.status,
      refund: params.refund,
      offset: params.offset,
      limit: ADMIN_PURCHASES_PAGE_SIZE,
    },
    signal,
  });
}

export function adminPurchasesQueryOptions(q: string, status: string, refund: string) {
  return infiniteQueryOptions({
    queryKey: adminPurchaseKeys.list(q, status, refund),
    queryFn: ({ pageParam, signal }) => getAdminPurchases({ q, status, refund, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

export function useAdminPurchases(q: string, status: string, refund: string, enabled: boolean) {
  return useInfiniteQuery({ ...adminPurchasesQueryOptions(q, status, refund), enabled });
}

export function getAdminPurchase(id: string, signal?: AbortSignal): Promise<AdminPurchase> {
  return http<AdminPurchase>(`/admin/purchases/${encodeURIComponent(id)}`, { signal });
}

export function adminPurchaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminPurchaseKeys.detail(id),
    queryFn: ({ signal }) => getAdminPurchase(id, signal),
  });
}

export function useAdminPurchase(id: string, enabled: boolean) {
  return useQuery({ ...adminPurchaseQueryOptions(id), enabled });
}
