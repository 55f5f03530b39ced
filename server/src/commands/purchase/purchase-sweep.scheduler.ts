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
import { PurchasesDueQuery } from '../../queries/purchases/purchases-due.query';
import { SweepPause } from '../shared/sweep-pause';
import { PurchaseFollowUps } from './purchase-follow-ups';

export interface SweepReport {
  readonly expired: number;
  readonly completed: number;
}

/**
 * Every PURCHASE_SWEEP_SECONDS: cancels unpaid purchases past the gateway's 30 minutes (their baskets
 * reopen), and completes paid purchases a crash left half done (basket, invoice number, mail). Skipped
 * (nothing swept) while the sweeps are held (SweepPause).
 */
@Injectable()
export class PurchaseSweepScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PurchaseSweepScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<SweepReport> | null = null;

  constructor(
    private readonly queryBus: QueryBus,
    private readonly followUps: PurchaseFollowUps,
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
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }

  sweep(): Promise<SweepReport> {
    this.sweeping ??= this.pause
      .sweep(() => this.sweepOnce())
      .then((report) => report ?? { expired: 0, completed: 0 })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<SweepReport> {
    const due = await this.queryBus.execute(new PurchasesDueQuery(this.clock.now()));
    let expired = 0;
    let completed = 0;
    for (const purchaseId of due.expired) {
      if ((await this.followUps.expire(purchaseId)) !== null) expired += 1;
    }
    for (const purchaseId of due.incomplete) {
      if ((await this.followUps.complete(purchaseId)) !== null) completed += 1;
    }
    return { expired, completed };
  }
}
