import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { PendingPurchasesQuery } from '../../queries/purchases/pending-purchases.query';
import { PurchasesDueQuery } from '../../queries/purchases/purchases-due.query';
import { SweepPause } from '../shared/sweep-pause';
import { type GatewayCheck, PaymentReconciliation } from './payment-reconciliation';
import { PurchaseFollowUps } from './purchase-follow-ups';
import { PurchaseRefunds } from './purchase-refunds';

export interface SweepReport {
  /** Unpaid purchases that ended: expired here, or cancelled or expired at the gateway. */
  readonly expired: number;
  /** Purchases the gateway reported paid (delivered now, or owed back if they had ended). */
  readonly paid: number;
  readonly completed: number;
  /** Refunds that moved on: completed or failed at the gateway, or finished (credit note, mail). */
  readonly refunds: number;
}

/** What the gateway said about each pending purchase when the server started. */
export type StartupCheckReport = Readonly<Partial<Record<GatewayCheck, number>>>;

/**
 * Every PURCHASE_SWEEP_SECONDS: for each unpaid purchase past the gateway's 30 minutes, asks the gateway
 * first and records what it says (PaymentReconciliation); one the payer never started paying (or that has
 * no transaction) is cancelled as expired and its basket reopens, one still being paid waits, and nothing
 * is decided while the gateway cannot be asked. Also completes paid purchases a crash left half done
 * (basket, invoice number, mail), and asks the gateway again for refunds it answered "later" (or did not
 * answer), finishing completed ones (credit note number, mail). Skipped (nothing swept) while the sweeps are held (SweepPause). When the
 * server starts listening, every pending purchase is checked at the gateway once (`checkPendingAtStart`).
 */
@Injectable()
export class PurchaseSweepScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PurchaseSweepScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<SweepReport> | null = null;
  private startupCheck: Promise<StartupCheckReport> | null = null;
  private shutDown = false;
  private resolveStartupCheck: (report: StartupCheckReport) => void = () => undefined;
  private readonly startupChecked = new Promise<StartupCheckReport>((resolve) => {
    this.resolveStartupCheck = resolve;
  });

  constructor(
    private readonly queryBus: QueryBus,
    private readonly followUps: PurchaseFollowUps,
    private readonly reconciliation: PaymentReconciliation,
    private readonly refunds: PurchaseRefunds,
    private readonly pause: SweepPause,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.payments.sweepSeconds;
    if (seconds > 0) {
      this.timer = setInterval(
        () => void this.sweep().catch((e: unknown) => this.logger.error(e)),
        seconds * 1000,
      );
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.shutDown = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([this.sweeping, this.startupCheck]);
  }

  sweep(): Promise<SweepReport> {
    this.sweeping ??= this.pause
      .sweep(() => this.sweepOnce())
      .then((report) => report ?? { expired: 0, paid: 0, completed: 0, refunds: 0 })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /**
   * Asks the gateway about every pending purchase, once, when the server starts listening (a payment may
   * have completed while it was down: its return and notification found nobody). Called by createApp.
   */
  checkPendingAtStart(): Promise<StartupCheckReport> {
    if (this.shutDown) return Promise.resolve({});
    this.startupCheck ??= this.checkAllPending()
      .catch((error: unknown) => {
        this.logger.error('Checking the pending purchases at the gateway failed', error as Error);
        return {};
      })
      .then((report) => {
        this.resolveStartupCheck(report);
        return report;
      });
    return this.startupCheck;
  }

  /** Resolves once the check at start is done (the server must be listening for it to run). */
  checkedAtStart(): Promise<StartupCheckReport> {
    return this.startupChecked;
  }

  private async checkAllPending(): Promise<StartupCheckReport> {
    const report: Partial<Record<GatewayCheck, number>> = {};
    const pending = await this.queryBus.execute(new PendingPurchasesQuery());
    for (const purchaseId of pending) {
      const { outcome } = await this.reconciliation.check(purchaseId);
      report[outcome] = (report[outcome] ?? 0) + 1;
    }
    if (pending.length > 0) {
      this.logger.log(
        `Asked the gateway about ${pending.length} pending purchase(s) at start: ${JSON.stringify(report)}`,
      );
    }
    return report;
  }

  private async sweepOnce(): Promise<SweepReport> {
    const due = await this.queryBus.execute(new PurchasesDueQuery(this.clock.now()));
    let expired = 0;
    let paid = 0;
    let completed = 0;
    for (const purchaseId of due.expired) {
      const { outcome } = await this.reconciliation.check(purchaseId);
      if (outcome === 'paid') paid += 1;
      else if (outcome === 'ended') expired += 1;
      else if (outcome === 'not-started' || outcome === 'no-transaction') {
        if ((await this.followUps.expire(purchaseId)) !== null) expired += 1;
      }
    }
    for (const purchaseId of due.incomplete) {
      if ((await this.followUps.complete(purchaseId)) !== null) completed += 1;
    }
    const refunds = await this.refunds.sweep(due.refunds);
    return { expired, paid, completed, refunds };
  }
}
