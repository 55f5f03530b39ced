import type {
  CreditNoteNumberAssigned,
  InvoiceNumberAssigned,
  NumberSeriesEvent,
  ReceiptNumberAssigned,
  RefundReceiptNumberAssigned,
} from '../../events/invoice.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError } from '../shared/domain-error';

/**
 * Gap-free number series of the purchase documents: VAT invoices (Art. 226 (2)) and receipts (Accounting
 * Act § 7), each kind with series of its own in streams of its own. A new kind of numbered document (a
 * credit note) adds its event to NumberSeriesEvent, a line to `numberedDocument` and `rulesFor`, and
 * reads the same state.
 */
export type NumberedDocumentKind = 'invoice' | 'receipt' | 'credit-note' | 'refund-receipt';

/** A series: the last number given and which purchase (or, for credit notes, which refund) holds which. */
export interface InvoiceSeriesState {
  readonly lastSequence: number;
  readonly byPurchase: Readonly<Record<string, string>>;
  readonly byRefund?: Readonly<Record<string, string>>;
}
export type NumberSeriesState = InvoiceSeriesState;

export const initialInvoiceSeriesState: InvoiceSeriesState = { lastSequence: 0, byPurchase: {} };

/** What the series must know of the purchase it numbers. */
export interface InvoicedPurchaseFacts {
  readonly paid: boolean;
  readonly invoiceRequested: boolean;
}

/** Give the paid purchase that asked for an invoice the next invoice number of the series (once). */
export type AssignInvoiceNumber = DomainCommand<
  'AssignInvoiceNumber',
  { readonly series: string; readonly purchaseId: string; readonly purchase: InvoicedPurchaseFacts }
>;

/** Give a paid purchase without an invoice the next receipt number of the series (once). */
export type AssignReceiptNumber = DomainCommand<
  'AssignReceiptNumber',
  { readonly series: string; readonly purchaseId: string; readonly purchase: InvoicedPurchaseFacts }
>;

/**
 * Give a completed refund of a sale the next number of the credit notes (the sale had an invoice) or of the
 * refund receipts (it had a receipt), once per refund; `originalNumber` is the document it corrects.
 */
export type AssignCreditNoteNumber = DomainCommand<
  'AssignCreditNoteNumber' | 'AssignRefundReceiptNumber',
  {
    readonly series: string;
    readonly purchaseId: string;
    readonly refundId: string;
    readonly originalNumber: string;
    readonly refundCompleted: boolean;
  }
>;

export type InvoiceSeriesCommand = AssignInvoiceNumber | AssignReceiptNumber | AssignCreditNoteNumber;

/** `LT` and 42 → `LT-000042`: six digits at least, so numbers sort as text within a series. */
export function formatInvoiceNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}

/** A series is written in capitals and digits (it names the stream and starts each number). */
export function isValidInvoiceSeries(series: string): boolean {
  return /^[A-Z][A-Z0-9]{0,9}$/.test(series);
}

/** The number a series event gave, whatever its kind. */
export function numberedDocument(event: NumberSeriesEvent): {
  readonly kind: NumberedDocumentKind;
  readonly number: string;
} {
  switch (event.type) {
    case 'InvoiceNumberAssigned':
      return { kind: 'invoice', number: event.data.invoiceNumber };
    case 'ReceiptNumberAssigned':
      return { kind: 'receipt', number: event.data.receiptNumber };
    case 'CreditNoteNumberAssigned':
      return { kind: 'credit-note', number: event.data.creditNoteNumber };
    case 'RefundReceiptNumberAssigned':
      return { kind: 'refund-receipt', number: event.data.refundReceiptNumber };
    default:
      return assertNever(event);
  }
}

/** Which purchases a kind numbers: invoices those that asked for one, receipts the others. */
function checkPurchase(kind: NumberedDocumentKind, purchase: InvoicedPurchaseFacts): void {
  if (!purchase.paid) throw new DomainError('PURCHASE.NOT_PAID');
  if (kind === 'invoice' && !purchase.invoiceRequested) throw new DomainError('INVOICE.NOT_REQUESTED');
  if (kind === 'receipt' && purchase.invoiceRequested) throw new DomainError('RECEIPT.INVOICE_REQUESTED');
}

function assignCreditNote(command: AssignCreditNoteNumber, state: InvoiceSeriesState): NumberSeriesEvent[] {
  const { data, context } = command;
  if (state.byRefund?.[data.refundId] !== undefined) return [];
  if (!data.refundCompleted) throw new DomainError('REFUND.NOT_COMPLETED');
  const sequence = state.lastSequence + 1;
  const number = formatInvoiceNumber(data.series, sequence);
  const common = {
    series: data.series,
    sequence,
    purchaseId: data.purchaseId,
    refundId: data.refundId,
    issuedAt: context.now.toISOString(),
  };
  if (command.type === 'AssignCreditNoteNumber') {
    const event: CreditNoteNumberAssigned = {
      type: 'CreditNoteNumberAssigned',
      data: { ...common, creditNoteNumber: number, invoiceNumber: data.originalNumber },
    };
    return [event];
  }
  const event: RefundReceiptNumberAssigned = {
    type: 'RefundReceiptNumberAssigned',
    data: { ...common, refundReceiptNumber: number, receiptNumber: data.originalNumber },
  };
  return [event];
}

function assign(
  command: AssignInvoiceNumber | AssignReceiptNumber,
  state: InvoiceSeriesState,
): NumberSeriesEvent[] {
  const { data, context } = command;
  if (state.byPurchase[data.purchaseId] !== undefined) return [];
  const kind: NumberedDocumentKind = command.type === 'AssignInvoiceNumber' ? 'invoice' : 'receipt';
  checkPurchase(kind, data.purchase);
  const sequence = state.lastSequence + 1;
  const common = {
    series: data.series,
    sequence,
    purchaseId: data.purchaseId,
    issuedAt: context.now.toISOString(),
  };
  const number = formatInvoiceNumber(data.series, sequence);
  if (kind === 'invoice') {
    const event: InvoiceNumberAssigned = {
      type: 'InvoiceNumberAssigned',
      data: { ...common, invoiceNumber: number },
    };
    return [event];
  }
  const event: ReceiptNumberAssigned = {
    type: 'ReceiptNumberAssigned',
    data: { ...common, receiptNumber: number },
  };
  return [event];
}

/** Numbers are the next in line, one per purchase, never reused: gap-free by construction. */
export function decideInvoiceSeries(
  command: InvoiceSeriesCommand,
  state: InvoiceSeriesState,
): NumberSeriesEvent[] {
  switch (command.type) {
    case 'AssignInvoiceNumber':
    case 'AssignReceiptNumber':
      return assign(command, state);
    case 'AssignCreditNoteNumber':
    case 'AssignRefundReceiptNumber':
      return assignCreditNote(command, state);
    default:
      return assertNever(command);
  }
}

export function evolveInvoiceSeries(state: InvoiceSeriesState, event: NumberSeriesEvent): InvoiceSeriesState {
  if (event.type === 'CreditNoteNumberAssigned' || event.type === 'RefundReceiptNumberAssigned') {
    return {
      ...state,
      lastSequence: event.data.sequence,
      byRefund: { ...state.byRefund, [event.data.refundId]: numberedDocument(event).number },
    };
  }
  return {
    lastSequence: event.data.sequence,
    byPurchase: { ...state.byPurchase, [event.data.purchaseId]: numberedDocument(event).number },
  };
}

/** The decider of any number series (invoices, receipts). */
export const invoiceSeriesDecider = {
  initialState: initialInvoiceSeriesState,
  decide: decideInvoiceSeries,
  evolve: evolveInvoiceSeries,
};
export const numberSeriesDecider = invoiceSeriesDecider;
