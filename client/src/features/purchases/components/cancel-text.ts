import type { PurchaseSummary } from '../api/get-purchase';

/** What to tell the buyer about a purchase that ended unpaid, by its reason. */
export function cancelText(reason: PurchaseSummary['cancelReason']): string {
  switch (reason) {
    case 'buyer-canceled':
      return 'PURCHASE.CANCELED_BY_BUYER';
    case 'payment-failed':
      return 'PURCHASE.PAYMENT_FAILED';
    case 'superseded':
      return 'PURCHASE.SUPERSEDED';
    default:
      return 'PURCHASE.EXPIRED';
  }
}
