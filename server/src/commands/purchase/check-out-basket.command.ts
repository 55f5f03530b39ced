import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/** Where the buyer goes next: the payment page at the gateway, or (nothing to pay) the return page. */
export interface CheckOutResult {
  readonly purchaseId: string;
  readonly paymentUrl: string;
  readonly position: LogPosition | null;
  /** True when the basket changed under the buyer instead (prices or documents); nothing else happened. */
  readonly basketChanged: boolean;
}

/** "Go pay": the confirmed basket becomes a purchase and a transaction at the gateway. */
export class CheckOutBasketCommand extends Command<CheckOutResult> {
  constructor(
    readonly basketId: string,
    /** The buyer's IP address (the gateway asks for it). */
    readonly customerIp: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
