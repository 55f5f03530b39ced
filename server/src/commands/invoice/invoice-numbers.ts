import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  type InvoicedPurchaseFacts,
  type NumberedDocumentKind,
  numberSeriesDecider,
  numberedDocument,
} from '../../domain/invoice/invoice-series.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import {
  type NumberSeriesEvent,
  creditNoteSeriesStreamId,
  invoiceSeriesStreamId,
  receiptSeriesStreamId,
  refundReceiptSeriesStreamId,
} from '../../events/invoice.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';

/** Where each kind of numbered document keeps its series: its configured series, its own stream. */
interface SeriesOf {
  readonly series: string;
  readonly stream: string;
  readonly command:
    'AssignInvoiceNumber' | 'AssignReceiptNumber' | 'AssignCreditNoteNumber' | 'AssignRefundReceiptNumber';
}

/**
 * Gives paid purchases their document numbers: VAT invoices from the invoice series, receipts from the
 * receipt series. A series stream's expected revision is what makes the numbers gap-free across
 * processes; within this process the requests of a series also queue, so a hundred purchases paid at
 * once do not all race for the same revision. A new kind (credit notes) adds an entry to `seriesOf`.
 */
@Injectable()
export class InvoiceNumbers {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly seriesOf: Readonly<Record<NumberedDocumentKind, SeriesOf>>;

  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const { invoiceSeries, receiptSeries, creditNoteSeries, refundReceiptSeries } = config.seller;
    this.seriesOf = {
      invoice: {
        series: invoiceSeries,
        stream: invoiceSeriesStreamId(invoiceSeries),
        command: 'AssignInvoiceNumber',
      },
      receipt: {
        series: receiptSeries,
        stream: receiptSeriesStreamId(receiptSeries),
        command: 'AssignReceiptNumber',
      },
      'credit-note': {
        series: creditNoteSeries,
        stream: creditNoteSeriesStreamId(creditNoteSeries),
        command: 'AssignCreditNoteNumber',
      },
      'refund-receipt': {
        series: refundReceiptSeries,
        stream: refundReceiptSeriesStreamId(refundReceiptSeries),
        command: 'AssignRefundReceiptNumber',
      },
    };
  }

  /** The purchase's invoice number, assigning the next one when it has none yet. */
  assign(
    purchaseId: string,
    purchase: InvoicedPurchaseFacts,
  ): Promise<{ invoiceNumber: string; position: LogPosition | null }> {
    return this.assignNumber('invoice', purchaseId, purchase).then(({ number, position }) => ({
      invoiceNumber: number,
      position,
    }));
  }

  /**
   * The number of a completed refund's credit note (`credit-note`, the sale had an invoice) or refund receipt
   * (`refund-receipt`), assigning the next of its series when it has none; `originalNumber` is the document
   * it corrects.
   */
  assignRefundNumber(
    kind: 'credit-note' | 'refund-receipt',
    refund: { readonly purchaseId: string; readonly refundId: string; readonly originalNumber: string },
  ): Promise<{ number: string; position: LogPosition | null }> {
    const { series, stream } = this.seriesOf[kind];
    const run = () =>
      retryOnConflict(async () => {
        const result = await this.aggregates.handle(stream, numberSeriesDecider, {
          type: kind === 'credit-note' ? 'AssignCreditNoteNumber' : 'AssignRefundReceiptNumber',
          data: { series, ...refund, refundCompleted: true },
          context: { actorId: SYSTEM_ACTOR, now: this.clock.now() },
        });
        const assigned = (result.events as readonly NumberSeriesEvent[])[0];
        if (assigned) return { number: numberedDocument(assigned).number, position: result.position };
        const { state } = await this.aggregates.load(stream, numberSeriesDecider);
        return { number: state.byRefund![refund.refundId]!, position: null };
      }, 200);
    return this.queued(stream, run);
  }

  private queued<T>(stream: string, run: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(stream) ?? Promise.resolve();
    const next = queue.then(run, run);
    this.queues.set(
      stream,
      next.catch(() => undefined),
    );
    return next;
  }

  /** The number of the purchase's document of `kind`, assigning the next of its series when it has none. */
  assignNumber(
    kind: 'invoice' | 'receipt',
    purchaseId: string,
    purchase: InvoicedPurchaseFacts,
  ): Promise<{ number: string; position: LogPosition | null }> {
    const { series, stream } = this.seriesOf[kind];
    const command = kind === 'invoice' ? 'AssignInvoiceNumber' : 'AssignReceiptNumber';
    const run = () =>
      retryOnConflict(async () => {
        const result = await this.aggregates.handle(stream, numberSeriesDecider, {
          type: command,
          data: { series, purchaseId, purchase },
          context: { actorId: SYSTEM_ACTOR, now: this.clock.now() },
        });
        const assigned = (result.events as readonly NumberSeriesEvent[])[0];
        if (assigned) return { number: numberedDocument(assigned).number, position: result.position };
        return { number: (await this.numberOfKind(kind, purchaseId))!, position: null };
      }, 200);
    return this.queued(stream, run);
  }

  /** The invoice number a purchase was given; null when it has none. */
  numberOf(purchaseId: string): Promise<string | null> {
    return this.numberOfKind('invoice', purchaseId);
  }

  async numberOfKind(kind: 'invoice' | 'receipt', purchaseId: string): Promise<string | null> {
    const { state } = await this.aggregates.load(this.seriesOf[kind].stream, numberSeriesDecider);
    return state.byPurchase[purchaseId] ?? null;
  }
}
