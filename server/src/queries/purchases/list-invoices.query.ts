import { Query } from '@nestjs/cqrs';
import type { InvoiceView } from '../../projections/purchases/purchases.read-model';

export interface InvoicePage {
  readonly items: readonly InvoiceView[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** VAT invoices, the newest number first; `q` matches number, company and registry code. */
export class ListInvoicesQuery extends Query<InvoicePage> {
  constructor(readonly criteria: { readonly q?: string; readonly offset: number; readonly limit: number }) {
    super();
  }
}
