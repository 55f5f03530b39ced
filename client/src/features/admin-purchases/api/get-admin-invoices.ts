import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** A VAT invoice in the admin list, with a link to its PDF. */
export interface AdminInvoice {
  invoiceNumber: string;
  series: string;
  sequence: number;
  purchaseId: string;
  purchaseNumber: string;
  issuedAt: string;
  companyName: string;
  registryCode: string;
  vatNumber: string | null;
  total: number;
  vat: number;
  language: 'et' | 'en';
  pdfUrl: string;
  /** The same invoice as an EN 16931 e-invoice (UBL XML). */
  xmlUrl: string;
}

export interface AdminInvoicePage {
  items: AdminInvoice[];
  total: number;
  offset: number;
  limit: number;
}

export const adminInvoiceKeys = {
  all: ['admin', 'invoices'] as const,
  list: (q: string) => [...adminInvoiceKeys.all, 'list', { q }] as const,
};

export function getAdminInvoices(
  params: { q: string; offset: number },
  signal?: AbortSignal,
): Promise<AdminInvoicePage> {
  return http<AdminInvoicePage>('/admin/invoices', {
    query: { q: params.q.trim(), offset: params.offset, limit: 20 },
    signal,
  });
}

export function adminInvoicesQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: adminInvoiceKeys.list(q),
    queryFn: ({ pageParam, signal }) => getAdminInvoices({ q, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

export function useAdminInvoices(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...adminInvoicesQueryOptions(q), enabled });
}
