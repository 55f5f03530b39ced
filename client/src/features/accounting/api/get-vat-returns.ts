import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, httpDownload, type Download } from '../../../api/http';

/** A purchase behind a figure of a return. */
export interface VatSaleRef {
  purchaseId: string;
  purchaseNumber: string;
  documentNumber: string | null;
  day: string;
  taxableAmount: number;
  vatAmount: number;
}

export interface VatReturnLine {
  key: string;
  rate: number | null;
  taxableAmount: number;
  vatAmount: number;
  sales: VatSaleRef[];
}

export interface VatReconciliation {
  ledger: number;
  returned: number;
  balances: boolean;
}

/** GET /api/accounting/vat/kmd (api.md "VAT returns"). */
export interface KmdReturn {
  month: string;
  from: string;
  to: string;
  lines: VatReturnLine[];
  vatDue: number;
  vatDueByForm: number;
  ecSalesList: { vatNumber: string; taxableAmount: number; sales: VatSaleRef[] }[];
  oss: VatReturnLine;
  outsideEu: VatReturnLine;
  reconciliation: VatReconciliation;
}

/** GET /api/accounting/vat/oss. */
export interface OssReturn {
  quarter: string;
  from: string;
  to: string;
  lines: (VatReturnLine & { country: string })[];
  countries: { country: string; taxableAmount: number; vatAmount: number }[];
  taxableAmount: number;
  vatAmount: number;
  reconciliation: VatReconciliation;
}

export const vatReturnKeys = {
  all: ['accounting', 'vat'] as const,
  kmd: (month: string) => [...vatReturnKeys.all, 'kmd', month] as const,
  oss: (quarter: string) => [...vatReturnKeys.all, 'oss', quarter] as const,
};

export function kmdQueryOptions(month: string) {
  return queryOptions({
    queryKey: vatReturnKeys.kmd(month),
    queryFn: ({ signal }) => http<KmdReturn>('/accounting/vat/kmd', { query: { month }, signal }),
  });
}

export function ossQueryOptions(quarter: string) {
  return queryOptions({
    queryKey: vatReturnKeys.oss(quarter),
    queryFn: ({ signal }) => http<OssReturn>('/accounting/vat/oss', { query: { quarter }, signal }),
  });
}

/** The month's KMD figures. */
export function useKmdReturn(month: string) {
  return useQuery(kmdQueryOptions(month));
}

/** The quarter's OSS return. */
export function useOssReturn(quarter: string) {
  return useQuery(ossQueryOptions(quarter));
}

export function downloadKmdCsv(month: string): Promise<Download> {
  return httpDownload('/accounting/vat/kmd.csv', { query: { month }, timeoutMs: 60_000 });
}

export function downloadOssCsv(quarter: string): Promise<Download> {
  return httpDownload('/accounting/vat/oss.csv', { query: { quarter }, timeoutMs: 60_000 });
}
