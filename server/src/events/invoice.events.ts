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

/**
 * A completed refund of a sale was given its credit note's number (Art. 219 and 226, Estonian VAT Act § 37):
 * a gap-free series of its own, one number per refund, referencing the invoice it corrects.
 */
export type CreditNoteNumberAssigned = DomainEvent<
  'CreditNoteNumberAssigned',
  {
    readonly series: string;
    readonly sequence: number;
    /** As printed, e.g. `KR-000003`. */
    readonly creditNoteNumber: string;
    readonly purchaseId: string;
    readonly refundId: string;
    /** The invoice the credit note corrects. */
    readonly invoiceNumber: string;
    readonly issuedAt: string;
  }
>;

/**
 * A completed refund of a sale that had a receipt (no invoice) was given its refund receipt's number, from a
 * gap-free series of its own (Accounting Act § 7), referencing the receipt it reverses.
 */
export type RefundReceiptNumberAssigned = DomainEvent<
  'RefundReceiptNumberAssigned',
  {
    readonly series: string;
    readonly sequence: number;
    /** As printed, e.g. `TK-000003`. */
    readonly refundReceiptNumber: string;
    readonly purchaseId: string;
    readonly refundId: string;
    /** The receipt it reverses (the purchase number on purchases from before receipts had a series). */
    readonly receiptNumber: string;
    readonly issuedAt: string;
  }
>;

export type InvoiceEvent = InvoiceNumberAssigned;
export type ReceiptEvent = ReceiptNumberAssigned;
export type CreditNoteEvent = CreditNoteNumberAssigned | RefundReceiptNumberAssigned;

/** A numbered document's events: each kind of document has series (streams) of its own. */
export type NumberSeriesEvent = InvoiceEvent | ReceiptEvent | CreditNoteEvent;

export const invoiceSeriesStreamId = (series: string): string => `invoice-series-${series}`;
export const receiptSeriesStreamId = (series: string): string => `receipt-series-${series}`;
export const creditNoteSeriesStreamId = (series: string): string => `credit-note-series-${series}`;
export const refundReceiptSeriesStreamId = (series: string): string => `refund-receipt-series-${series}`;
