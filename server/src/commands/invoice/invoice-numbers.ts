import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  type InvoicedPurchaseFacts,
  invoiceSeriesDecider,
} from '../../domain/invoice/invoice-series.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { type InvoiceEvent, invoiceSeriesStreamId } from '../../events/invoice.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';

/**
 * Gives paid purchases their VAT invoice numbers from the configured series. The series stream's expected
 * revision is what makes the numbers gap-free across processes; within this process requests also queue,
 * so a hundred purchases paid at once do not all race for the same revision.
 */
@Injectable()
export class InvoiceNumbers {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly series: string;

  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.series = config.seller.invoiceSeries;
  }

  /** The purchase's invoice number, assigning the next one when it has none yet. */
  assign(
    purchaseId: string,
    purchase: InvoicedPurchaseFacts,
  ): Promise<{ invoiceNumber: string; position: LogPosition | null }> {
    const stream = invoiceSeriesStreamId(this.series);
    const run = () =>
      retryOnConflict(async () => {
        const result = await this.aggregates.handle(stream, invoiceSeriesDecider, {
          type: 'AssignInvoiceNumber',
          data: { series: this.series, purchaseId, purchase },
          context: { actorId: SYSTEM_ACTOR, now: this.clock.now() },
        });
        const assigned = (result.events as readonly InvoiceEvent[])[0];
        if (assigned) return { invoiceNumber: assigned.data.invoiceNumber, position: result.position };
        return { invoiceNumber: (await this.numberOf(purchaseId))!, position: null };
      }, 200);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The number a purchase was given; null when it has none. */
  async numberOf(purchaseId: string): Promise<string | null> {
    const { state } = await this.aggregates.load(invoiceSeriesStreamId(this.series), invoiceSeriesDecider);
    return state.byPurchase[purchaseId] ?? null;
  }
}
