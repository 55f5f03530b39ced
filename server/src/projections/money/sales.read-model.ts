import type { PurchaseLine } from '../../events/purchase.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';
import type { EventRef } from './event-ref';

export const SALES_PURCHASES = 'sales_purchases';
export const SALES_LINES = 'sales_lines';
export const SALES_DOWNLOADS = 'sales_downloads';

/**
 * What the sales keep of a purchase line: the sale line's fields, and each file's id and title for the
 * download history (documents written before kept the whole PurchaseLine, a superset).
 */
export type SalesPurchaseLine = Pick<
  PurchaseLine,
  | 'documentId'
  | 'slug'
  | 'title'
  | 'uploaderId'
  | 'price'
  | 'vat'
  | 'licenceFee'
  | 'serviceFee'
  | 'uploaderEarnings'
> & { readonly files: readonly Pick<PurchaseLine['files'][number], 'fileId' | 'title'>[] };

/** A purchase's lines as created, kept until it is paid (and for the download history's titles). */
export interface SalesPurchaseView extends ReadModel {
  readonly lines: readonly SalesPurchaseLine[];
  /** The PurchaseCreated's event id. */
  readonly createdEventId?: string;
  /** Instead of `createdEventId` in documents written before 2026-11-27: the PurchaseCreated's whole EventRef. */
  readonly created?: EventRef;
  readonly paid: boolean;
}

/**
 * One sold document: a paid purchase line, as its uploader's sales show it (`_id`: purchaseId:lineIndex); or
 * its refund (`kind` refund, `_id`: refund:refundId:documentId), whose amounts are the sale's, negative.
 */
export interface SaleLineView extends ReadModel {
  /** Absent on lines written before refunds: a sale. */
  readonly kind?: 'sale' | 'refund';
  /** The admin's reason, on a refund line. */
  readonly refundReason?: string | null;
  readonly uploaderId: string;
  readonly purchaseId: string;
  readonly documentId: string;
  readonly title: string;
  readonly slug: string;
  readonly price: number;
  readonly vat: number;
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly uploaderEarnings: number;
  /** When the buyer paid (a sale) or the refund was completed (a refund). */
  readonly paidAt: string;
  /** Estonian calendar day of the payment (or the refund). */
  readonly day: string;
  /**
   * When the earnings may be paid out (domain/payout/earnings-release.ts); a refund counts from the sale's
   * release or its own completion, whichever is later, so held earnings and their refund net off together.
   */
  readonly releasedAt: string;
  /** The PurchasePaid event (a refund: its PurchaseRefundCompleted). */
  readonly event: EventRef;
  /**
   * The event the amounts come from, by id: the PurchaseCreated of the split (a refund: the sale's
   * PurchasePaid). Lines written before 2026-11-27 carry its whole EventRef as `source` instead; the
   * ledger's postings cite the same events whole.
   */
  readonly sourceEventId: string;
  readonly positionKey: string;
}

/** A buyer's download of one of the uploader's files. `_id`: eventId:fileId. */
export interface SaleDownloadView extends ReadModel {
  readonly uploaderId: string;
  readonly purchaseId: string;
  readonly documentId: string;
  readonly documentTitle: string;
  readonly fileId: string;
  readonly fileTitle: string;
  /** The uploader's earnings from the purchase line this file belongs to. */
  readonly uploaderEarnings: number;
  readonly archive: boolean;
  readonly downloadedAt: string;
  readonly day: string;
  readonly event: EventRef;
  readonly positionKey: string;
}
