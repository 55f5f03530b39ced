import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ExpiredBasketsQuery } from '../../queries/basket/expired-baskets.query';
import { ChangeBasket } from './change-basket.command';
import { SweepPause } from '../shared/sweep-pause';

/**
 * Records BasketExpired for baskets whose hour ran out (readers already treat them as empty); skipped
 * (nothing expired) while the sweeps are held (SweepPause).
 */
@Injectable()
export class BasketExpiryScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BasketExpiryScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly pause: SweepPause,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.basketExpirySweepSeconds;
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

  /** Expires every basket that is due; answers how many were expired. */
  async sweep(): Promise<number> {
    this.sweeping ??= this.pause
      .sweep(() => this.sweepOnce())
      .then((expired) => expired ?? 0)
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const now = this.clock.now();
    const due = await this.queryBus.execute(new ExpiredBasketsQuery(now));
    let expired = 0;
    for (const basketId of due) {
      const result = await this.commandBus.execute(
        new ChangeBasket({
          type: 'ExpireBasket',
          data: { basketId },
          context: { actorId: SYSTEM_ACTOR, now },
        }),
      );
      if (result.events.length > 0) expired += 1;
    }
    return expired;
  }
}
