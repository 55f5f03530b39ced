import type { DomainEvent } from './domain-event';

/**
 * A VAT invoice number was given to a paid purchase. Numbers live in their own stream per series, so
 * they are gap-free and sequential (EU VAT Directive Art. 226(2), Estonian VAT Act § 37): a number exists
 * only as this event, a replay reads the same numbers, and two purchases racing for the next number meet
 * the stream's expected revision, so they never share or skip one.
 */
export type InvoiceNumberAssigned = DomainEvent<
  'InvoiceNumberAssigned',
  {
    readonly series: string;
    /** 1, 2, 3, … within the series. */
    readonly sequence: number;
    /** As printed: series and zero-padded sequence, e.g. `LT-000042`. */
    readonly invoiceNumber: string;
    readonly purchaseId: string;
    /** The invoice's issue date (Art. 226(1)). */
    readonly issuedAt: string;
  }
>;

/**
 * A receipt number was given to a paid purchase without an invoice: receipts are source documents with
 * their own gap-free series (Accounting Act § 7), numbered like invoices in a stream of their own.
 */
export type ReceiptNumberAssigned = DomainEvent<
  'ReceiptNumberAssigned',
  {
    readonly series: string;
    readonly sequence: number;
    /** As printed, e.g. `KV-000042`. */
    readonly receiptNumber: string;
    readonly purchaseId: string;
    readonly issuedAt: string;
  }
>;

export type InvoiceEvent = InvoiceNumberAssigned;
export type ReceiptEvent = ReceiptNumberAssigned;

/** A numbered document's events: each kind of document has series (streams) of its own. */
export type NumberSeriesEvent = InvoiceEvent | ReceiptEvent;

export const invoiceSeriesStreamId = (series: string): string => `invoice-series-${series}`;
export const receiptSeriesStreamId = (series: string): string => `receipt-series-${series}`;
