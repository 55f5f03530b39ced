import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { AddDocumentToBasketCommand } from '../commands/basket/add-document-to-basket.command';
import { ConfirmBasketCommand } from '../commands/basket/confirm-basket.command';
import { QuoteBasketVatCommand } from '../commands/basket/quote-basket-vat.command';
import { ExecutePayoutBatchCommand } from '../commands/payout/execute-payout-batch.command';
import { ExportPayoutBatchCommand } from '../commands/payout/export-payout-batch.command';
import { RequestPayoutCommand } from '../commands/payout/request-payout.command';
import { RecordPurchaseDownloadCommand } from '../commands/purchase/change-purchase.command';
import { CheckOutBasketCommand } from '../commands/purchase/check-out-basket.command';
import { RecordPaymentMessageCommand } from '../commands/purchase/record-payment-message.command';
import { RefundPurchaseCommand } from '../commands/purchase/refund-purchase.command';
import { SweepPause } from '../commands/shared/sweep-pause';
import { ledgerDay } from '../domain/ledger/ledger-day';
import { nextTarget2BusinessDay } from '../domain/payout/target2-calendar';
import type { CommandContext } from '../domain/shared/command';
import { type BasketConverted, basketStreamId } from '../events/basket.events';
import { purchaseStreamId } from '../events/purchase.events';
import { PAYOUT_BATCHES_STREAM, type PayoutBatchExported } from '../events/payout-batch.events';
import { payoutsStreamId } from '../events/payout.events';
import { CLOCK, type Clock } from '../infrastructure/clock/clock';
import {
  EVENT_STORE,
  type EventStore,
  type LogPosition,
} from '../infrastructure/event-store/event-store.port';
import { TEST_PAYMENT_DESK, type TestPaymentDesk } from '../infrastructure/payments/payment-gateway.port';
import { ProjectionRunner } from '../projections/projection-runner';
import { GetReleasedEarningsQuery } from '../queries/money/get-released-earnings.query';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_UPLOADERS } from './demo-catalogue.data';
import { DEMO_PAYOUTS, type DemoPayout, type DemoSale, demoSales, demoUploaderId } from './demo-history.data';
import { demoDocumentId } from './demo-seeder';

const HISTORY_NAMESPACE = '6a3e1f0c-94b2-4d57-b8e1-2f7c5d9a0b63';
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** The address the seeded buyers paid from (the gateway asks for one); a documentation range address. */
const BUYER_IP = '192.0.2.10';

type Step = { readonly at: Date; readonly run: () => Promise<void> };

/** What the history seeded, for the log line and the tests. */
export interface HistoryOutcome {
  readonly purchases: number;
  readonly downloads: number;
  readonly payouts: number;
}

/**
 * Replays the demo marketplace's past (demo-history.data.ts) as its buyers, uploaders and admin lived it,
 * through the same paths as today's: a basket is filled and confirmed, "Go pay" creates the transaction at
 * the gateway (the MakeCommerce adapter over HTTP to the embedded test gateway), the tester completes it
 * at the gateway at the purchase's past moment, and the gateway's signed return message is verified by
 * the adapter and recorded (its notification reaches the shop too; both date the payment by the
 * gateway's completion time). Downloads go through the download command; payouts are requested on the
 * released earnings and executed by the admin. Every command carries its past moment as its time.
 *
 * Needs the embedded test gateway and the server listening (the adapter reaches the gateway over HTTP),
 * so createApp runs it once the server listens, after the demo catalogue is published.
 */
@Injectable()
export class DemoHistorySeeder {
  private readonly logger = new Logger(DemoHistorySeeder.name);
  /** The purchase each sale became (its basket's checkout names it). */
  private readonly purchaseIds = new Map<number, string>();

  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sweeps: SweepPause,
    @Optional() @Inject(TEST_PAYMENT_DESK) private readonly gateway: TestPaymentDesk | null = null,
  ) {}

  private running: Promise<HistoryOutcome | null> | null = null;

  /**
   * Seeds the history once `catalogue` (the demo catalogue's publishing) is done, in the background; not
   * when it answers false (the server stopped before the catalogue was published: the next start goes
   * on). A failure is logged (the catalogue stays as it is; the next start goes on with what is missing).
   */
  seedAfter(catalogue: Promise<boolean>): void {
    this.running ??= catalogue
      .then((published) => (published ? this.seed() : null))
      .catch((error: unknown) => {
        this.logger.error('The demo sales history could not be seeded', error as Error);
        return null;
      });
  }

  /** Resolves when a history started by seedAfter is seeded (at once when none was started). */
  async settled(): Promise<HistoryOutcome | null> {
    return this.running ?? null;
  }

  /**
   * Seeds the history relative to now; null when there is some to seed but no embedded test gateway to
   * pay at. What the log shows done (an earlier start seeded it, or part of it before it was stopped) is
   * skipped: a sale whose basket exists, with its downloads, and a payout request or execution already
   * recorded. The background sweeps are held meanwhile (SweepPause).
   */
  async seed(): Promise<HistoryOutcome | null> {
    const now = this.clock.now();
    const steps: Step[] = [];
    const outcome = { purchases: 0, downloads: 0, payouts: 0 };
    for (const sale of demoSales()) {
      if ((await this.eventStore.readStream(basketStreamId(this.basketId(sale)))).length > 0) continue;
      const paidAt = momentOf(now, sale.daysAgo, sale.minuteOfDay);
      steps.push({ at: paidAt, run: () => this.purchase(sale, paidAt).then(() => void outcome.purchases++) });
      for (const minutes of sale.downloadsAfterMinutes) {
        const at = new Date(paidAt.getTime() + minutes * MINUTE_MS);
        if (at.getTime() < now.getTime() - MINUTE_MS)
          steps.push({ at, run: () => this.download(sale, at).then(() => void outcome.downloads++) });
      }
    }
    for (const payout of DEMO_PAYOUTS) {
      const done = await this.payoutEvents(payout);
      const at = momentOf(now, payout.daysAgo, 9 * 60 + 30);
      if (!done.includes('PayoutRequested'))
        steps.push({ at, run: () => this.requestPayout(payout, at).then(() => void outcome.payouts++) });
      if (payout.executedAfterDays !== null && !done.includes('PayoutExecuted')) {
        // The admin exports the payout file the day before the bank executes it, on the requested
        // execution date (the first TARGET2 business day from the export), and marks it executed then.
        const paidAt = new Date(at.getTime() + payout.executedAfterDays * DAY_MS);
        const exportedAt = new Date(paidAt.getTime() - DAY_MS);
        const executionDate = nextTarget2BusinessDay(ledgerDay(exportedAt.toISOString()));
        const executedAt = new Date(Math.max(paidAt.getTime(), Date.parse(`${executionDate}T14:00:00.000Z`)));
        if (executedAt.getTime() < now.getTime()) {
          const step = { batchId: null as string | null };
          if (!(await this.exportedBatch(payout)))
            steps.push({
              at: exportedAt,
              run: async () => {
                step.batchId = await this.exportPayout(payout, exportedAt, executionDate);
              },
            });
          steps.push({
            at: executedAt,
            run: async () =>
              this.executeBatch(
                step.batchId ?? (await this.exportedBatch(payout))!,
                executionDate,
                executedAt,
              ),
          });
        }
      }
    }
    // In the order they happened: the log reads like the marketplace's own past.
    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    if (steps.length === 0) {
      await this.refundDemoSale();
      return outcome;
    }
    const gateway = this.gateway;
    if (gateway === null) {
      this.logger.log('No embedded test gateway (PAYMENTS=makecommerce): the demo has no sales history');
      return null;
    }
    // Today's sweeps would judge these past baskets and purchases by today's clock (SweepPause).
    await this.sweeps.during(async () => {
      for (const step of steps) await step.run();
      await gateway.settled();
    });
    await this.refundDemoSale();
    this.logger.log(
      `Seeded the sales history: ${outcome.purchases} paid purchases, ${outcome.downloads} downloads and ${outcome.payouts} payouts over the past months`,
    );
    return outcome;
  }

  /** A buyer fills a basket, confirms it, goes to pay and pays at the gateway five minutes later. */
  private async purchase(sale: DemoSale, paidAt: Date): Promise<void> {
    const basketId = this.basketId(sale);
    const { buyer } = sale;
    const actorId = buyer.userId ?? 'anonymous';
    const at = (minutesBeforePaying: number): CommandContext => ({
      actorId,
      now: new Date(paidAt.getTime() - minutesBeforePaying * MINUTE_MS),
    });
    for (const [index, template] of sale.templates.entries()) {
      await this.commandBus.execute(
        new AddDocumentToBasketCommand(basketId, demoDocumentId(template), at(9 - index)),
      );
    }
    const { email, firstName, lastName, address, country } = buyer;
    // The buyer answers where they live when the evidence asks (a card abroad): truthfully.
    const answers = { countryOfResidence: country };
    // The cart shows the VAT for the buyer's details before they confirm; the buyer confirms that total.
    const quote = await this.commandBus.execute(
      new QuoteBasketVatCommand(
        basketId,
        {
          country,
          vatNumber: buyer.invoice?.vatNumber ?? null,
          paymentMethod: sale.paymentMethod,
          ...answers,
        },
        at(7),
      ),
    );
    if (quote.total === null) throw new Error(`Demo purchase ${sale.index}: no VAT (${quote.state})`);
    const details = {
      email,
      firstName,
      lastName,
      address,
      country,
      previewsSeen: true,
      termsAccepted: true,
      invoice: buyer.invoice ?? null,
      paymentMethod: sale.paymentMethod,
    };
    await this.commandBus.execute(
      new ConfirmBasketCommand(
        basketId,
        details,
        quote.total,
        buyer.language,
        buyer.userId,
        at(6),
        undefined,
        answers,
      ),
    );
    const checkedOut = await this.commandBus.execute(new CheckOutBasketCommand(basketId, BUYER_IP, at(5)));
    if (checkedOut.basketChanged || checkedOut.paymentUrl === '')
      throw new Error(`Demo purchase ${sale.index} could not go to pay`);
    this.purchaseIds.set(sale.index, checkedOut.purchaseId);
    // The tester completes the payment at the gateway; the browser would carry this message back.
    const returned = this.gateway!.chooseOutcome(checkedOut.paymentUrl, 'success', paidAt);
    const recorded = await this.commandBus.execute(
      new RecordPaymentMessageCommand({ json: returned.json, mac: returned.mac }, 'return'),
    );
    if (recorded.status !== 'paid') throw new Error(`Demo purchase ${sale.index} was not paid`);
  }

  /**
   * The admin refunds one sale of the history, today, through the same refund flow as the admin's screen (the
   * test gateway takes it): Martin's oldest sale, whose earnings his requested payout already drew, so his
   * My sales shows the refund line and his available balance is below zero until later sales cover it.
   * (Kadri's balance is left whole: the journeys take payouts from it.) Skipped when the log shows it done.
   */
  private async refundDemoSale(): Promise<void> {
    const sale = demoSales().find((s) => s.templates.every((t) => t.uploader === 'martin'));
    if (!sale) return;
    const converted = (await this.eventStore.readStream(basketStreamId(this.basketId(sale)))).find(
      (e) => e.type === 'BasketConverted',
    );
    if (!converted) return;
    const { purchaseId } = converted.data as BasketConverted['data'];
    const purchase = await this.eventStore.readStream(purchaseStreamId(purchaseId));
    if (purchase.some((e) => e.type === 'PurchaseRefundRequested')) return;
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    const refunded = await this.commandBus.execute(
      new RefundPurchaseCommand(
        {
          purchaseId,
          documentIds: null,
          transactionId: null,
          reason: 'Ostja ostis sama lepingu kogemata kaks korda',
        },
        admin.userId,
      ),
    );
    this.logger.log(`Seeded a refund of a past sale (${refunded.outcome})`);
  }

  /** The buyer downloads the purchase's files as one archive (their link is valid for days after). */
  private async download(sale: DemoSale, at: Date): Promise<void> {
    await this.commandBus.execute(
      new RecordPurchaseDownloadCommand({
        type: 'RecordDownload',
        data: { purchaseId: this.purchaseIds.get(sale.index)!, fileId: null },
        context: { actorId: sale.buyer.userId ?? 'anonymous', now: at },
      }),
    );
  }

  /** The uploader asks for everything released by then, to their own account. */
  private async requestPayout(payout: DemoPayout, at: Date): Promise<void> {
    const uploaderId = demoUploaderId(payout.uploaderKey);
    const uploader = DEMO_UPLOADERS.find((u) => u.userId === uploaderId)!;
    // The released earnings are read from the sales read model: let it catch up with the history first.
    await this.caughtUp();
    const amount = await this.queryBus.execute(new GetReleasedEarningsQuery(uploaderId, at));
    await this.commandBus.execute(
      new RequestPayoutCommand(
        {
          payoutId: this.payoutId(payout),
          uploaderId,
          iban: payout.iban,
          accountHolder: `${uploader.firstName} ${uploader.lastName}`,
          accountHolderDeclared: true,
          amount,
        },
        { actorId: uploaderId, now: at },
      ),
    );
  }

  /** The admin exports the payout's SEPA file for the bank (a batch of one, recorded). */
  private async exportPayout(payout: DemoPayout, at: Date, executionDate: string): Promise<string> {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    await this.caughtUp(['payouts']);
    const exported = await this.commandBus.execute(
      new ExportPayoutBatchCommand([this.payoutId(payout)], 'pain.001.001.09', executionDate, {
        actorId: admin.userId,
        now: at,
      }),
    );
    return exported.batchId;
  }

  /** The bank executed the file on its requested date; the admin marks the batch executed. */
  private async executeBatch(batchId: string, executionDate: string, at: Date): Promise<void> {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    await this.commandBus.execute(
      new ExecutePayoutBatchCommand(batchId, executionDate, { actorId: admin.userId, now: at }),
    );
  }

  /** The batch the payout was exported in, if it was. */
  private async exportedBatch(payout: DemoPayout): Promise<string | null> {
    const id = this.payoutId(payout);
    const events = await this.eventStore.readStream(PAYOUT_BATCHES_STREAM);
    const batch = events.find(
      (e) =>
        e.type === 'PayoutBatchExported' &&
        (e.data as PayoutBatchExported['data']).payouts.some((p) => p.payoutId === id),
    );
    return batch ? (batch.data as PayoutBatchExported['data']).batchId : null;
  }

  private async caughtUp(readModels: string[] = ['sales']): Promise<void> {
    const head: LogPosition | null = await this.eventStore.headPosition();
    await this.projections.waitFor(head, readModels, 60_000);
  }

  private basketId(sale: DemoSale): string {
    return this.id(`basket/${sale.index}`);
  }

  /** The types of the events recorded for this payout. */
  private async payoutEvents(payout: DemoPayout): Promise<string[]> {
    const id = this.payoutId(payout);
    const events = await this.eventStore.readStream(payoutsStreamId(demoUploaderId(payout.uploaderKey)));
    return events.filter((e) => (e.data as { payoutId?: string }).payoutId === id).map((e) => e.type);
  }

  private payoutId(payout: DemoPayout): string {
    return this.id(`payout/${payout.uploaderKey}/${payout.daysAgo}`);
  }

  /** Stable ids: the same history has the same ids on every machine. */
  private id(name: string): string {
    return uuidv5(name, HISTORY_NAMESPACE);
  }
}

/** `daysAgo` days before `now`, at `minuteOfDay` minutes past midnight UTC. */
function momentOf(now: Date, daysAgo: number, minuteOfDay: number): Date {
  const day = Math.floor((now.getTime() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS;
  return new Date(day + minuteOfDay * MINUTE_MS);
}
