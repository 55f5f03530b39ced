import type { InvoiceEvent } from '../../events/invoice.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError } from '../shared/domain-error';

/** A series of VAT invoice numbers: the last number given and which purchase holds which. */
export interface InvoiceSeriesState {
  readonly lastSequence: number;
  readonly byPurchase: Readonly<Record<string, string>>;
}

export const initialInvoiceSeriesState: InvoiceSeriesState = { lastSequence: 0, byPurchase: {} };

/** What the series must know of the purchase it numbers. */
export interface InvoicedPurchaseFacts {
  readonly paid: boolean;
  readonly invoiceRequested: boolean;
}

/** Give the paid purchase the next number of the series (once). */
export type AssignInvoiceNumber = DomainCommand<
  'AssignInvoiceNumber',
  { readonly series: string; readonly purchaseId: string; readonly purchase: InvoicedPurchaseFacts }
>;

export type InvoiceSeriesCommand = AssignInvoiceNumber;

/** `LT` and 42 → `LT-000042`: six digits at least, so numbers sort as text within a series. */
export function formatInvoiceNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}

/** A series is written in capitals and digits (it names the stream and starts each number). */
export function isValidInvoiceSeries(series: string): boolean {
  return /^[A-Z][A-Z0-9]{0,9}$/.test(series);
}

function assign({ data, context }: AssignInvoiceNumber, state: InvoiceSeriesState): InvoiceEvent[] {
  if (state.byPurchase[data.purchaseId] !== undefined) return [];
  if (!data.purchase.paid) throw new DomainError('PURCHASE.NOT_PAID');
  if (!data.purchase.invoiceRequested) throw new DomainError('INVOICE.NOT_REQUESTED');
  const sequence = state.lastSequence + 1;
  return [
    {
      type: 'InvoiceNumberAssigned',
      data: {
        series: data.series,
        sequence,
        invoiceNumber: formatInvoiceNumber(data.series, sequence),
        purchaseId: data.purchaseId,
        issuedAt: context.now.toISOString(),
      },
    },
  ];
}

/** Numbers are the next in line, one per purchase, never reused: gap-free by construction. */
export function decideInvoiceSeries(
  command: InvoiceSeriesCommand,
  state: InvoiceSeriesState,
): InvoiceEvent[] {
  switch (command.type) {
    case 'AssignInvoiceNumber':
      return assign(command, state);
    default:
      return assertNever(command.type);
  }
}

export function evolveInvoiceSeries(state: InvoiceSeriesState, event: InvoiceEvent): InvoiceSeriesState {
  switch (event.type) {
    case 'InvoiceNumberAssigned':
      return {
        lastSequence: event.data.sequence,
        byPurchase: { ...state.byPurchase, [event.data.purchaseId]: event.data.invoiceNumber },
      };
    default:
      return assertNever(event.type);
  }
}

export const invoiceSeriesDecider = {
  initialState: initialInvoiceSeriesState,
  decide: decideInvoiceSeries,
  evolve: evolveInvoiceSeries,
};
