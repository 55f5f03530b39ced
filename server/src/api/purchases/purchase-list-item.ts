import type { PurchaseView } from '../../projections/purchases/purchases.read-model';

/** A purchase in a list (SPEC §2 admin purchases: user, invoice name, payment date, canceled date, active until, status). */
export interface PurchaseListItem {
  readonly id: string;
  readonly number: string;
  readonly status: PurchaseView['status'];
  readonly buyerId: string | null;
  readonly payer: { readonly firstName: string; readonly lastName: string; readonly email: string };
  readonly invoiceName: string | null;
  readonly invoiceNumber: string | null;
  readonly documentTitles: readonly string[];
  readonly total: number;
  readonly createdAt: string;
  readonly paidAt: string | null;
  readonly canceledAt: string | null;
  /** Pending: until the payment window closes; paid: until the download links run out. */
  readonly activeUntil: string | null;
  /** A payment of this purchase is owed back to the payer (it arrived after the purchase ended, or twice). */
  readonly refundDue: boolean;
  /** Money was given back to the buyer (a completed refund, whole or in part). */
  readonly refunded: boolean;
}

export function toPurchaseListItem(view: PurchaseView): PurchaseListItem {
  return {
    id: view._id,
    number: view.number,
    status: view.status,
    buyerId: view.buyerId,
    payer: { firstName: view.payer.firstName, lastName: view.payer.lastName, email: view.payer.email },
    invoiceName: view.invoice?.companyName ?? null,
    invoiceNumber: view.invoiceNumber,
    documentTitles: view.lines.map((line) => line.title),
    total: view.totals.price,
    createdAt: view.createdAt,
    paidAt: view.paidAt,
    canceledAt: view.canceledAt,
    activeUntil:
      view.status === 'paid' ? view.linksValidUntil : view.status === 'pending' ? view.activeUntil : null,
    refundDue: view.refundDue ?? false,
    refunded: (view.refundRequests ?? []).some((request) => request.status === 'completed'),
  };
}
